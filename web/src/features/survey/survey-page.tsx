// /Questionnaire/SurveyQuestions?inviteCode=…[&Preview=true]: the anonymous health-check survey.
// Mobile first: one column, large touch targets. Every question is a fieldset with
// a legend; choices are native radio buttons or checkboxes, so the keyboard works throughout.
// Preview shows the questions without a submit button.
// Offline (docs/decisions/0080-offline-survey.md): every answer is kept on the phone as it is
// given (offline-store.ts); a response submitted without a network waits there and is sent when
// the connection returns (the `online` event, the next visit, Background Sync in the service
// worker), with the key made when the survey started, so the server records it once.
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Workbox } from 'workbox-window'
import type { SubmitBody } from '../../api/generated'
import { htmlLang, useActiveLocale } from '../../i18n/locale'
import { useGetSurveyQuery, useSubmitSurveyMutation } from './survey-api'
import {
  keepAnswers,
  keptSurvey,
  markRefused,
  markSent,
  queueResponse,
  queuedResponses,
  type KeptSurvey,
} from './offline-store'
import { surveyStrings } from './survey-strings'
import './survey.css'

/** Said when a response waits on the phone for the network. */
export const SAVED_OFFLINE = surveyStrings.savedOffline

/** Said once a kept response went: when, by this phone's clock. */
export function sentAt(iso: string): string {
  return surveyStrings.sentAt(new Date(iso))
}

/** Whether an RTK Query error is the network's (no answer at all), not the server's. */
function offline(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR'
}

/**
 * How long a submission may go unanswered before the response is kept on the phone instead, in
 * milliseconds (docs/decisions "The survey's submission waits at most 5 s"). A phone that says
 * it is online may have no working connection (a dead cell, a captive portal): the browser's
 * own timeout is minutes. The response key makes a second delivery harmless, so giving up early
 * loses nothing.
 */
export const SUBMIT_WAIT_MS = 5_000

/** While a response waits on the phone and the phone says it is online, it is tried this often (ms). */
export const RETRY_EVERY_MS = 20_000

type SubmitTrigger = ReturnType<typeof useSubmitSurveyMutation>[0]

/** Sends `body`; after SUBMIT_WAIT_MS without an answer, gives up as the network's timeout. */
async function submitWithin(submit: SubmitTrigger, body: SubmitBody) {
  const pending = submit({ submitBody: body })
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), SUBMIT_WAIT_MS)
  })
  try {
    const outcome = await Promise.race([pending, timedOut])
    if (outcome !== 'timed out') return outcome
    pending.abort()
    return { error: { status: 'TIMEOUT_ERROR' as const, error: 'no answer' } }
  } finally {
    clearTimeout(timer)
  }
}

/** Registers the survey's service worker and hands it what this visit loaded before it ran. */
function useSurveyWorker(enabled: boolean) {
  useEffect(() => {
    if (!enabled || !import.meta.env.PROD || !('serviceWorker' in navigator)) return
    const wb = new Workbox('/sw.js', { scope: '/' })
    void wb
      .register()
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const urls = [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)]
        registration.active?.postMessage({ type: 'CACHE_URLS', urls })
      })
      .catch(() => undefined)
  }, [enabled])
}

function messageOf(error: unknown, fallback: string): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data
  return typeof data?.message === 'string' ? data.message : fallback
}

/** The server's answer to a second response from one browser (SurveyError::Duplicate). */
export const ALREADY_ANSWERED = surveyStrings.alreadyAnswered

/**
 * The survey of the invite link in `search` (the address's query string: `inviteCode`, and
 * `Preview=true` for a preview). The survey's own page passes the address's; the dashboard's
 * route passes its router's, so this file needs no router.
 */
export function SurveyPage({ search }: { search: string }) {
  const params = new URLSearchParams(search)
  const inviteCode = params.get('inviteCode') ?? ''
  const preview = params.get('Preview') === 'true'
  // The questions in the reader's language when a reviewed translation into it is offered; the
  // answer says which language its texts are in
  // (docs/decisions/0074-questionnaire-translations.md).
  const language = useActiveLocale().split('-')[0]
  const { data, error, isLoading } = useGetSurveyQuery({ inviteCode, preview, language }, { skip: !inviteCode })
  const [submit, submitState] = useSubmitSurveyMutation()
  const [chosen, setChosen] = useState<Record<string, number[]>>({})
  const [done, setDone] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [kept, setKept] = useState<KeptSurvey | null>(null)
  const keeping = Boolean(inviteCode) && !preview
  // Once the questions are here, so that the worker keeps them too.
  useSurveyWorker(keeping && Boolean(data))

  // What this phone kept for the link: answers so far, the response key, a waiting response.
  useEffect(() => {
    if (!keeping) return
    let live = true
    void keptSurvey(inviteCode).then((k) => {
      if (!live) return
      setKept(k)
      setChosen((c) => (Object.keys(c).length ? c : k.answers))
    })
    return () => {
      live = false
    }
  }, [inviteCode, keeping])

  // Sends every waiting response: now, and whenever the connection returns.
  const flush = useCallback(async () => {
    if (!navigator.onLine) return
    for (const [code, queued] of await queuedResponses()) {
      const result = await submitWithin(submit, queued.body)
      if ('error' in result && offline(result.error)) return
      // Recorded now, or before from this browser (409); any other answer is a refusal (the
      // link closed or took its cap meanwhile), said in the server's words, never "recorded".
      const status = 'error' in result ? (result.error as { status?: unknown } | undefined)?.status : 200
      const after =
        status === 200 || status === 409
          ? await markSent(code, new Date())
          : await markRefused(code, messageOf(result.error, surveyStrings.generic))
      if (code === inviteCode) setKept(after)
    }
  }, [submit, inviteCode])
  useEffect(() => {
    if (!keeping) return
    void flush()
    const online = () => void flush()
    window.addEventListener('online', online)
    return () => window.removeEventListener('online', online)
  }, [flush, keeping])
  // A phone that says it is online without a working connection fires no `online` event when
  // the connection comes back: while a response waits, try again now and then.
  const waiting = Boolean(kept?.queued)
  useEffect(() => {
    if (!keeping || !waiting) return
    const every = setInterval(() => void flush(), RETRY_EVERY_MS)
    return () => clearInterval(every)
  }, [flush, keeping, waiting])

  if (!inviteCode)
    return (
      <div className="survey">
        <p role="alert">{surveyStrings.invalidLink}</p>
      </div>
    )
  if (isLoading)
    return (
      <div className="survey" aria-busy="true">
        <p>{surveyStrings.loading}</p>
      </div>
    )
  if (error || !data) {
    return (
      <div className="survey">
        <p role="alert">{messageOf(error, surveyStrings.generic)}</p>
      </div>
    )
  }
  const survey = data.data
  // The questionnaire's own texts may be in another language than the page's words.
  const textLang = htmlLang(survey.language)
  const notTranslated = language !== 'en' && survey.language !== language
  // A response kept on this phone: when it went, or that it waits for the network.
  if (kept?.sentAt && !done) {
    return (
      <div className="survey">
        <h1 lang={textLang}>{survey.questionnaire}</h1>
        <p role="status" className="survey-done">
          {sentAt(kept.sentAt)}
        </p>
      </div>
    )
  }
  if (kept?.refused && !done) {
    return (
      <div className="survey">
        <h1 lang={textLang}>{survey.questionnaire}</h1>
        <p role="alert" className="survey-error">
          {kept.refused}
        </p>
      </div>
    )
  }
  if (kept?.queued) {
    return (
      <div className="survey">
        <h1 lang={textLang}>{survey.questionnaire}</h1>
        <p role="status" className="survey-done" data-testid="survey-queued">
          {surveyStrings.savedOffline}
        </p>
      </div>
    )
  }
  // This browser answered already: say so now, not after every question again.
  if (survey.alreadyAnswered && !done) {
    return (
      <div className="survey">
        <h1 lang={textLang}>{survey.questionnaire}</h1>
        <p role="status" className="survey-done">
          {surveyStrings.alreadyAnswered}
        </p>
      </div>
    )
  }
  if (done) {
    return (
      <div className="survey">
        <h1 lang={textLang}>{survey.questionnaire}</h1>
        <p role="status" className="survey-done">
          {done}
        </p>
      </div>
    )
  }

  const toggle = (questionId: string, id: number, multiple: boolean) => {
    setChosen((c) => {
      const current = c[questionId] ?? []
      const next = multiple ? (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]) : [id]
      const answers = { ...c, [questionId]: next }
      if (keeping) void keepAnswers(inviteCode, answers)
      return answers
    })
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    setFormError(null)
    const Answers = Object.entries(chosen)
      .filter(([, ids]) => ids.length > 0)
      .map(([QuestionId, PossibleAnswerIds]) => ({ QuestionId, PossibleAnswerIds }))
    if (Answers.length === 0) {
      setFormError(surveyStrings.answerOne)
      return
    }
    const body: SubmitBody = { InviteCode: inviteCode, Answers, ResponseKey: kept?.responseKey ?? null }
    // No network: the response waits on the phone (sent by flush when the connection returns).
    if (!navigator.onLine) {
      setKept(await queueResponse(inviteCode, body, new Date()))
      return
    }
    const result = await submitWithin(submit, body)
    if ('error' in result && offline(result.error)) setKept(await queueResponse(inviteCode, body, new Date()))
    else if ('error' in result && result.error) setFormError(messageOf(result.error, surveyStrings.generic))
    else if ('data' in result && result.data) {
      setDone(result.data.message)
      if (keeping) setKept(await markSent(inviteCode, new Date()))
    }
  }

  const answered = Object.values(chosen).filter((ids) => ids.length > 0).length
  const total = survey.questionCategories.reduce((n, c) => n + c.questions.length, 0)

  return (
    <div className="survey">
      <h1 lang={textLang}>{survey.questionnaire}</h1>
      <p className="survey-org">{survey.organisationName}</p>
      {survey.example && (
        <p className="survey-example" role="note">
          {surveyStrings.example}
        </p>
      )}
      {preview && (
        <p className="survey-preview" role="note">
          {surveyStrings.preview}
        </p>
      )}
      <p className="survey-intro">{surveyStrings.intro}</p>
      {notTranslated && (
        <p className="survey-language" role="note" data-testid="survey-in-english">
          {surveyStrings.questionsInEnglish}
        </p>
      )}
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        {survey.questionCategories.map((c) => (
          <section key={c.questionCategoryId} aria-labelledby={`cat-${c.questionCategoryId}`}>
            <h2 id={`cat-${c.questionCategoryId}`}>
              {surveyStrings.categories[c.questionCategoryId as keyof typeof surveyStrings.categories] ?? c.description}
            </h2>
            {c.questions.map((q) => {
              const multiple = q.questionTypeId === 4
              return (
                <fieldset key={q.questionId} className="survey-question">
                  <legend>
                    <span lang={textLang}>{q.description}</span>
                    {multiple ? surveyStrings.chooseAll : ''}
                  </legend>
                  {q.answers.map((a) => {
                    const id = `q-${q.questionId}-${a.possibleAnswerId}`
                    return (
                      <label key={id} htmlFor={id} className="survey-choice">
                        <input
                          id={id}
                          type={multiple ? 'checkbox' : 'radio'}
                          name={`q-${q.questionId}`}
                          value={a.possibleAnswerId}
                          disabled={preview}
                          checked={(chosen[q.questionId] ?? []).includes(a.possibleAnswerId)}
                          onChange={() => toggle(q.questionId, a.possibleAnswerId, multiple)}
                        />
                        <span lang={textLang}>{a.description}</span>
                      </label>
                    )
                  })}
                </fieldset>
              )
            })}
          </section>
        ))}
        {!preview && (
          <div className="survey-actions">
            <p aria-live="polite">{surveyStrings.answered(answered, total)}</p>
            {formError && (
              <p role="alert" className="survey-error">
                {formError}
              </p>
            )}
            <button type="submit" disabled={submitState.isLoading}>
              {surveyStrings.submit}
            </button>
          </div>
        )}
      </form>
    </div>
  )
}
