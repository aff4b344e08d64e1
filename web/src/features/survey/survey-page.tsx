// /Questionnaire/SurveyQuestions?inviteCode=…[&Preview=true]: the anonymous health-check survey
// (issue 12). Mobile first: one column, large touch targets. Every question is a fieldset with
// a legend; choices are native radio buttons or checkboxes, so the keyboard works throughout.
// Preview shows the questions without a submit button.
import { useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { useGetSurveyQuery, useSubmitSurveyMutation } from './survey-api'
import './survey.css'

function messageOf(error: unknown, fallback: string): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data
  return typeof data?.message === 'string' ? data.message : fallback
}

/** The server's answer to a second response from one browser (SurveyError::Duplicate). */
export const ALREADY_ANSWERED = 'You have already completed this survey. Thank you for taking part.'

export function SurveyPage() {
  const [params] = useSearchParams()
  const inviteCode = params.get('inviteCode') ?? ''
  const preview = params.get('Preview') === 'true'
  const { data, error, isLoading } = useGetSurveyQuery({ inviteCode, preview }, { skip: !inviteCode })
  const [submit, submitState] = useSubmitSurveyMutation()
  const [chosen, setChosen] = useState<Record<string, number[]>>({})
  const [done, setDone] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)

  if (!inviteCode)
    return (
      <main className="survey">
        <p role="alert">This survey link is not valid. Please check the link you were sent.</p>
      </main>
    )
  if (isLoading)
    return (
      <main className="survey" aria-busy="true">
        <p>Loading the survey…</p>
      </main>
    )
  if (error || !data) {
    return (
      <main className="survey">
        <p role="alert">{messageOf(error, 'An error has occured please try again later')}</p>
      </main>
    )
  }
  const survey = data.data
  // This browser answered already: say so now, not after every question again.
  if (survey.alreadyAnswered && !done) {
    return (
      <main className="survey">
        <h1>{survey.questionnaire}</h1>
        <p role="status" className="survey-done">
          {ALREADY_ANSWERED}
        </p>
      </main>
    )
  }
  if (done) {
    return (
      <main className="survey">
        <h1>{survey.questionnaire}</h1>
        <p role="status" className="survey-done">
          {done}
        </p>
      </main>
    )
  }

  const toggle = (questionId: string, id: number, multiple: boolean) => {
    setChosen((c) => {
      const current = c[questionId] ?? []
      const next = multiple ? (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]) : [id]
      return { ...c, [questionId]: next }
    })
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    setFormError(null)
    const Answers = Object.entries(chosen)
      .filter(([, ids]) => ids.length > 0)
      .map(([QuestionId, PossibleAnswerIds]) => ({ QuestionId, PossibleAnswerIds }))
    if (Answers.length === 0) {
      setFormError('Please answer at least one question before submitting.')
      return
    }
    const result = await submit({ submitBody: { InviteCode: inviteCode, Answers } })
    if ('error' in result && result.error)
      setFormError(messageOf(result.error, 'An error has occured please try again later'))
    else if ('data' in result && result.data) setDone(result.data.message)
  }

  const answered = Object.values(chosen).filter((ids) => ids.length > 0).length
  const total = survey.questionCategories.reduce((n, c) => n + c.questions.length, 0)

  return (
    <main className="survey">
      <h1>{survey.questionnaire}</h1>
      <p className="survey-org">{survey.organisationName}</p>
      {survey.example && (
        <p className="survey-example" role="note">
          Example data: this survey belongs to an example organisation.
        </p>
      )}
      {preview && (
        <p className="survey-preview" role="note">
          Preview: answers are not recorded.
        </p>
      )}
      <p className="survey-intro">
        This survey is anonymous: we do not record your name, e-mail address or device. You may skip any question.
        Results are shown to your organisation only once at least 5 people have answered.
      </p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        {survey.questionCategories.map((c) => (
          <section key={c.questionCategoryId} aria-labelledby={`cat-${c.questionCategoryId}`}>
            <h2 id={`cat-${c.questionCategoryId}`}>{c.description}</h2>
            {c.questions.map((q) => {
              const multiple = q.questionTypeId === 4
              return (
                <fieldset key={q.questionId} className="survey-question">
                  <legend>
                    {q.description}
                    {multiple ? ' (choose all that apply)' : ''}
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
                        <span>{a.description}</span>
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
            <p aria-live="polite">
              {answered} of {total} questions answered
            </p>
            {formError && (
              <p role="alert" className="survey-error">
                {formError}
              </p>
            )}
            <button type="submit" disabled={submitState.isLoading}>
              Submit survey
            </button>
          </div>
        )}
      </form>
    </main>
  )
}
