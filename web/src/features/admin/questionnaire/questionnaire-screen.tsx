// /admin/questionnaire/ (admin spec section 2 "Manage: Questionnaires"): the survey cards grouped
// into Staff and Students, each with its status and two progress bars; a card filters to its
// survey; holders of SetSurveyEffectiveDate generate an organisation's survey link for an active
// questionnaire. The server checks every permission again.
import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { ErrorMessage, Spinner } from '../../../components/status'
import { adminStrings } from '../../../config/admin-strings'
import { Action } from '../../../config/constants'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useSearchOrganisationsQuery } from '../admin-api'
import { adminPaths } from '../admin-paths'
import { formatDateTime } from '../../../lib/instant'
import { PageHeader } from '../components/admin-ui'
import { useToast } from '../components/toasts'
import { usePermission } from '../use-permissions'
import { useGenerateInviteCodeMutation, useGetSummarisedHealthCheckQuery } from './questionnaire-api'
import {
  groupSurveys,
  isBlockedExpectedKey,
  parseExpectedResponses,
  share,
  surveyFamily,
  surveyStatus,
} from './questionnaire-model'
import type { QuestionnaireSummary } from '../../../api/generated'

const q = adminStrings.questionnaire

/** The survey page of an invite code, showing the questions without recording (spec section 2). */
function previewHref(inviteCode: string): string {
  return `/Questionnaire/SurveyQuestions?inviteCode=${encodeURIComponent(inviteCode)}&Preview=true`
}

function Progress({ label, done, of }: { label: string; done: number; of: number }) {
  const id = useId()
  return (
    <div className="survey-card__progress">
      <span id={id}>{q.progress(label, done, of)}</span>
      <progress aria-labelledby={id} max={100} value={share(done, of)} />
    </div>
  )
}

function SurveyCard({
  survey,
  selected,
  onSelect,
}: {
  survey: QuestionnaireSummary
  selected: boolean
  onSelect: () => void
}) {
  const status = surveyStatus(survey)
  return (
    <li className={`survey-card ${selected ? 'survey-card--selected' : ''}`} data-testid="survey-card">
      <button type="button" className="survey-card__select" aria-pressed={selected} onClick={onSelect}>
        <span className="survey-card__title">{survey.questionnaireDescription}</span>
      </button>
      <p className="survey-card__meta">
        {q.publishedOn}: {formatDateTime(survey.effectiveFrom).slice(0, 10)}
        <span className={`survey-card__status survey-card__status--${status.toLowerCase()}`}>
          {q.statusName[status]}
        </span>
      </p>
      <Progress label={q.organisations} done={survey.totalParticipatedOrganisations} of={survey.totalOrganisations} />
      <Progress label={q.responses} done={survey.totalActualResponses} of={survey.totalExpectedResponses} />
      {survey.isCurrent && survey.inviteCode && (
        <Link className="survey-card__preview" to={previewHref(survey.inviteCode)}>
          {q.preview}
          <span className="visually-hidden">: {survey.questionnaireDescription}</span>
        </Link>
      )}
    </li>
  )
}

/** Link generation for one active questionnaire (spec sections 4, 5, 7 and 8). */
function LinkForm({ survey }: { survey: QuestionnaireSummary }) {
  const toast = useToast()
  const organisationId = useId()
  const expectedId = useId()
  const errorId = useId()
  const organisations = useSearchOrganisationsQuery({
    searchBody: { statusId: 3, OrganisationName: '', sort: 'asc', pageSize: 500, pageNumber: 1 },
  })
  const [generate, state] = useGenerateInviteCodeMutation()
  const [expectedError, setExpectedError] = useState<string | null>(null)
  const [reason, setReason] = useState<string | null>(null)
  const [url, setUrl] = useState<string | null>(null)

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const f = new FormData(e.currentTarget)
    const organisation = f.get('organisation')
    const expectedRaw = f.get('expected')
    const expected = parseExpectedResponses(typeof expectedRaw === 'string' ? expectedRaw : '')
    setExpectedError(expected == null ? q.expectedRule : null)
    if (expected == null || typeof organisation !== 'string' || !organisation) return
    setReason(null)
    setUrl(null)
    try {
      const answer = await generate({
        inviteCodeBody: {
          QuestionnaireId: survey.questionnaireId,
          ExpectedResponses: expected,
          OrganisationId: organisation,
        },
      }).unwrap()
      setUrl(answer.url)
      toast.success(q.generated)
    } catch (error) {
      const status = (error as { status?: number }).status
      const message = (error as { data?: { message?: string } }).data?.message
      if (status === 403) {
        toast.error(adminStrings.messages.permissionDenied)
      } else {
        toast.error(q.unable)
        setReason(message ?? null)
      }
    }
  }

  const copy = async () => {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      toast.success(q.copied)
    } catch {
      toast.error(q.unable)
    }
  }

  const rows = organisations.data?.data ?? []
  return (
    <section className="survey-link" aria-labelledby={`${organisationId}-title`}>
      <h2 id={`${organisationId}-title`}>
        {q.generateTitle}: {survey.questionnaireDescription}
      </h2>
      {!survey.isCurrent ? (
        <p className="message">{q.inactive}</p>
      ) : organisations.isLoading ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p className="message">{q.noOrganisations}</p>
      ) : (
        <form className="admin-form survey-link__form" noValidate onSubmit={(e) => void submit(e)}>
          <div className="admin-form__field">
            <label htmlFor={organisationId}>{q.organisation}</label>
            <select id={organisationId} name="organisation" required defaultValue="">
              <option value="" disabled>
                {q.chooseOrganisation}
              </option>
              {rows.map((o) => (
                <option key={o.stakeholderId} value={o.stakeholderId}>
                  {o.organisationName}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-form__field">
            <label htmlFor={expectedId}>{q.expected}</label>
            <input
              id={expectedId}
              name="expected"
              onKeyDown={(e) => {
                if (isBlockedExpectedKey(e.key)) e.preventDefault()
              }}
              inputMode="numeric"
              autoComplete="off"
              aria-invalid={expectedError ? true : undefined}
              aria-describedby={expectedError ? errorId : undefined}
            />
            {expectedError && (
              <ul id={errorId} className="field-errors">
                <li>{expectedError}</li>
              </ul>
            )}
          </div>
          <button type="submit" className="button button--primary" disabled={state.isLoading}>
            {q.generate}
          </button>
          {reason && <p className="message message--error">{reason}</p>}
        </form>
      )}
      {url && (
        <div className="survey-link__result">
          <label htmlFor={`${organisationId}-url`}>{q.linkLabel}</label>
          <input id={`${organisationId}-url`} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="button" onClick={() => void copy()}>
            {q.copy}
          </button>
        </div>
      )}
    </section>
  )
}

/** The questionnaire manager screen. */
export function Component() {
  useDocumentTitle(q.title)
  const can = usePermission()
  const surveys = useGetSummarisedHealthCheckQuery()
  const [selected, setSelected] = useState<string | null>(null)
  const [showPrevious, setShowPrevious] = useState(false)
  const list = surveys.data?.data ?? []
  const chosen = list.find((s) => s.questionnaireId === selected) ?? null
  const family = chosen ? surveyFamily(chosen.questionnaireDescription) : null
  // Filtered to one survey: its current version, and its earlier ones on request.
  const groups = groupSurveys(list, family).map((g) => ({
    ...g,
    surveys: family && !showPrevious ? g.surveys.filter((s) => s.questionnaireId === selected) : g.surveys,
  }))

  let body
  if (surveys.isLoading) {
    body = <Spinner />
  } else if (surveys.isError) {
    const message = (surveys.error as { data?: { message?: string } }).data?.message ?? adminStrings.messages.generic
    body = <ErrorMessage message={`${q.loadError}${message}`} />
  } else if (list.length === 0) {
    body = <p className="survey-empty">{q.empty}</p>
  } else {
    body = (
      <>
        {list.some((s) => s.example) && (
          <p className="example-notice" role="note">
            {q.example}
          </p>
        )}
        {family && (
          <p className="survey-filter">
            {!showPrevious && (
              <button type="button" className="link-button" onClick={() => setShowPrevious(true)}>
                {q.previous}
              </button>
            )}{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setSelected(null)
                setShowPrevious(false)
              }}
            >
              {q.allSurveys}
            </button>
          </p>
        )}
        {groups.map((g) => (
          <section key={g.questionnaireTypeId} aria-labelledby={`survey-group-${g.questionnaireTypeId}`}>
            <h2 id={`survey-group-${g.questionnaireTypeId}`}>{g.heading}</h2>
            <ul className="survey-cards">
              {g.surveys.map((s) => (
                <SurveyCard
                  key={s.questionnaireId}
                  survey={s}
                  selected={s.questionnaireId === selected}
                  onSelect={() => {
                    setSelected(s.questionnaireId === selected ? null : s.questionnaireId)
                    setShowPrevious(false)
                  }}
                />
              ))}
            </ul>
          </section>
        ))}
        {chosen && can(Action.SetSurveyEffectiveDate) && <LinkForm key={chosen.questionnaireId} survey={chosen} />}
      </>
    )
  }

  return (
    <section aria-labelledby="admin-title" className="questionnaire-manager">
      <PageHeader title={q.title} back={adminPaths.dashboard} backLabel={q.back} />
      {body}
    </section>
  )
}
