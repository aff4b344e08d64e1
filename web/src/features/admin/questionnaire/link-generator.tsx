// Generating and copying a survey link (admin spec sections 2, 4, 5, 6 and 8): an approved
// organisation, an active questionnaire, the date the period starts and the expected responses
// go to POST /api/healthcheck/inviteCode (SetSurveyEffectiveDate; the server checks it again).
// Success shows 'Survey Link generated succesfully' and the link with a copy button; a refusal
// shows the permission message or 'Unable to generate link' with the server's reason.
import { useId, useMemo, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react'
import { adminStrings } from '../../../config/admin-strings'
import { useAppDispatch } from '../../../app/hooks'
import { adminApi, useGenerateInviteCodeMutation, useGetActiveQuestionnairesQuery, useSearchOrganisationsQuery } from '../admin-api'
import { VerificationStatus } from '../admin-constants'
import { adminFailureOf, ensureSuccess } from '../admin-errors'
import { useToast } from '../components/toasts'
import { pollUntil } from '../use-settle'
import {
  QuestionnaireType, earliestStart, effectiveFromOf, isBlockedKey, linkableQuestionnaires, parseExpectedResponses, sastDate,
} from './questionnaire-model'

const q = adminStrings.questionnaire

/** Approved organisations offered at once; more than this shows a note (the server allows 200 a page). */
const ORGANISATION_LIMIT = 200

type Field = 'organisation' | 'questionnaire' | 'effectiveFrom' | 'expected'

interface Generated {
  url: string
  organisation: string
  questionnaire: string
}

/** Copies text to the clipboard; false when the browser refuses. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/**
 * The link generation panel. Without SetSurveyEffectiveDate it shows the permission message as an
 * error (section 6) and asks the server for nothing. `onGenerated` receives the questionnaire id
 * and the invite code of every link made, so the cards can offer a Preview.
 */
export function LinkGenerator({ canGenerate, onGenerated }: {
  canGenerate: boolean
  onGenerated: (questionnaireId: string, inviteCode: string) => void
}) {
  const headingId = useId()
  return (
    <section className="admin-form link-generator" aria-labelledby={headingId} data-testid="link-generator">
      <h2 id={headingId}>{q.generateTitle}</h2>
      {canGenerate ? (
        <LinkForm onGenerated={onGenerated} />
      ) : (
        <p className="message message--error" role="alert" data-testid="link-permission">{adminStrings.messages.permissionDenied}</p>
      )}
    </section>
  )
}

function LinkForm({ onGenerated }: { onGenerated: (questionnaireId: string, inviteCode: string) => void }) {
  const ids = { organisation: useId(), questionnaire: useId(), effectiveFrom: useId(), expected: useId(), url: useId() }
  const toast = useToast()
  const dispatch = useAppDispatch()
  const organisations = useSearchOrganisationsQuery({
    statusId: VerificationStatus.Approved, OrganisationName: '', sort: 'asc', pageSize: ORGANISATION_LIMIT, pageNumber: 1,
  }, { refetchOnMountOrArgChange: true })
  const questionnaires = useGetActiveQuestionnairesQuery(undefined, { refetchOnMountOrArgChange: true })
  const [generate, state] = useGenerateInviteCodeMutation()

  const today = sastDate(Date.now())
  const active = useMemo(() => linkableQuestionnaires(questionnaires.data ?? []), [questionnaires.data])
  const [organisationId, setOrganisationId] = useState('')
  const [chosenQuestionnaire, setQuestionnaire] = useState('')
  const [date, setDate] = useState(today)
  const [expected, setExpected] = useState('')
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [generated, setGenerated] = useState<Generated | null>(null)
  const urlRef = useRef<HTMLInputElement>(null)

  const questionnaireId = chosenQuestionnaire || active[0]?.questionnaireId || ''
  const questionnaire = active.find((x) => x.questionnaireId === questionnaireId)
  const min = earliestStart(today, questionnaire)
  const max = questionnaire ? sastDate(Date.parse(questionnaire.effectiveTo)) : undefined
  const approved = organisations.data?.data ?? []

  const blockKeys = (e: KeyboardEvent<HTMLInputElement>) => {
    if (isBlockedKey(e.key)) e.preventDefault()
  }
  const blockPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    if (!/^\d+$/.test(e.clipboardData.getData('text').trim())) e.preventDefault()
  }

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const count = parseExpectedResponses(expected)
    const found: Partial<Record<Field, string>> = {}
    if (!organisationId) found.organisation = q.organisationRequired
    if (!questionnaire) found.questionnaire = q.questionnaireRequired
    if (!date) found.effectiveFrom = q.effectiveFromRequired
    if (count == null) found.expected = q.expectedResponsesInvalid
    setErrors(found)
    setFailure(null)
    if (Object.keys(found).length || count == null || !questionnaire) return
    const before = await readExpected(questionnaire.questionnaireId)
    try {
      const answer = ensureSuccess(await generate({
        QuestionnaireId: questionnaire.questionnaireId, EffectiveFrom: effectiveFromOf(date, today), ExpectedResponses: count, OrganisationId: organisationId,
      }).unwrap())
      const url = answer.url ?? ''
      setGenerated({ url, organisation: approved.find((o) => o.stakeholderId === organisationId)?.organisationName ?? '', questionnaire: questionnaire.description })
      toast.success(q.generated)
      if (answer.inviteCode) onGenerated(questionnaire.questionnaireId, answer.inviteCode)
      // The cards' figures come from a projection that follows the command: read until it shows
      // the period (or a few seconds pass: asking again for an open period changes nothing).
      void pollUntil(() => readExpected(questionnaire.questionnaireId, true), (n) => n !== before)
    } catch (err) {
      const f = adminFailureOf(err)
      setGenerated(null)
      if (f.status === 403) {
        toast.error(adminStrings.messages.permissionDenied)
        setFailure(adminStrings.messages.permissionDenied)
        return
      }
      toast.error(q.failed)
      const byField: Partial<Record<Field, string>> = {}
      const expectedErrors = f.byCode.ExpectedResponses
      if (expectedErrors?.length) byField.expected = expectedErrors.join(' ')
      setErrors(byField)
      const rest = f.descriptions.filter((d) => !expectedErrors?.includes(d))
      setFailure(f.status == null || f.status >= 500 ? q.failed : `${q.failed}: ${rest.length ? rest.join(' -- ') : f.message}`)
    }
  }

  /** The expected responses of a questionnaire as the summary reads now (-1 when unknown). */
  async function readExpected(id: string, fresh = false): Promise<number> {
    try {
      const list = await dispatch(adminApi.endpoints.getSummarisedHealthCheck.initiate(undefined, { forceRefetch: fresh, subscribe: false })).unwrap()
      return list.find((s) => (s.questionnaireId ?? s.healthCheckId) === id)?.totalExpectedResponses ?? -1
    } catch {
      return -1
    }
  }

  const copy = async () => {
    if (!generated) return
    if (await copyText(generated.url)) {
      toast.success(q.copied)
    } else {
      urlRef.current?.select()
      toast.error(adminStrings.messages.generic)
    }
  }

  const describedBy = (field: Field, hint?: string) => [errors[field] ? `${ids[field]}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined
  const fieldError = (field: Field) => (errors[field] ? <p id={`${ids[field]}-error`} className="field-error admin-form__error" data-testid={`error-${field}`}>{errors[field]}</p> : null)
  const loading = organisations.isLoading || questionnaires.isLoading

  return (
    <>
      <p className="admin-muted">{q.generateIntro}</p>
      <form className="link-generator__form" onSubmit={(e) => void submit(e)} noValidate aria-busy={loading || state.isLoading}>
        <div className="admin-form__field">
          <label htmlFor={ids.organisation}>{q.organisation}</label>
          <select id={ids.organisation} value={organisationId} onChange={(e) => setOrganisationId(e.target.value)}
            aria-invalid={!!errors.organisation} aria-describedby={describedBy('organisation')} required>
            <option value="">{q.chooseOrganisation}</option>
            {approved.map((o) => <option key={o.stakeholderId} value={o.stakeholderId}>{o.organisationName}</option>)}
          </select>
          {fieldError('organisation')}
          {organisations.isSuccess && approved.length === 0 ? <p className="admin-muted">{q.noApprovedOrganisations}</p> : null}
          {organisations.data && organisations.data.totalCount > approved.length
            ? <p className="admin-muted">{q.moreOrganisations(approved.length, organisations.data.totalCount)}</p> : null}
        </div>
        <div className="admin-form__field">
          <label htmlFor={ids.questionnaire}>{q.questionnaire}</label>
          <select id={ids.questionnaire} value={questionnaireId} onChange={(e) => setQuestionnaire(e.target.value)}
            aria-invalid={!!errors.questionnaire} aria-describedby={describedBy('questionnaire', questionnaire?.questionnaireTypeId === QuestionnaireType.Students ? `${ids.questionnaire}-hint` : undefined)}
            disabled={active.length === 0} required>
            {active.map((x) => <option key={x.questionnaireId} value={x.questionnaireId}>{x.description}</option>)}
          </select>
          {questionnaire?.questionnaireTypeId === QuestionnaireType.Students ? <p id={`${ids.questionnaire}-hint`} className="admin-muted">{q.studentsOnly}</p> : null}
          {questionnaires.isSuccess && active.length === 0 ? <p className="message message--empty">{q.noActiveQuestionnaire}</p> : null}
          {fieldError('questionnaire')}
        </div>
        <div className="admin-form__field">
          <label htmlFor={ids.effectiveFrom}>{q.effectiveFrom}</label>
          <input id={ids.effectiveFrom} type="date" value={date} min={min} max={max} onChange={(e) => setDate(e.target.value)}
            aria-invalid={!!errors.effectiveFrom} aria-describedby={describedBy('effectiveFrom', `${ids.effectiveFrom}-hint`)} required />
          <p id={`${ids.effectiveFrom}-hint`} className="admin-muted">{q.effectiveFromHint}</p>
          {fieldError('effectiveFrom')}
        </div>
        <div className="admin-form__field">
          <label htmlFor={ids.expected}>{q.expectedResponses}</label>
          <input id={ids.expected} type="number" inputMode="numeric" min={1} step={1} value={expected}
            onKeyDown={blockKeys} onPaste={blockPaste} onChange={(e) => setExpected(e.target.value)}
            aria-invalid={!!errors.expected} aria-describedby={describedBy('expected', `${ids.expected}-hint`)} required />
          <p id={`${ids.expected}-hint`} className="admin-muted">{q.expectedResponsesHint}</p>
          {fieldError('expected')}
        </div>
        {failure ? <p className="message message--error" data-testid="link-failure">{failure}</p> : null}
        <p className="link-generator__actions">
          <button type="submit" className="button button--primary" disabled={state.isLoading || active.length === 0}>
            {state.isLoading ? q.generating : q.generate}
          </button>
        </p>
      </form>
      {generated ? (
        <div className="link-generator__result" data-testid="generated-link">
          <p className="link-generator__for">{q.linkFor(generated.organisation, generated.questionnaire)}</p>
          <label htmlFor={ids.url}>{q.surveyLink}</label>
          <div className="link-generator__copy">
            <input id={ids.url} ref={urlRef} type="text" readOnly value={generated.url} onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="button button--outline" onClick={() => void copy()}>{q.copy}</button>
          </div>
        </div>
      ) : null}
    </>
  )
}
