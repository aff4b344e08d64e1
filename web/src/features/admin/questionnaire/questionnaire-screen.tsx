// /admin/questionnaire/ (admin spec section 2 "Manage: Questionnaires"): the surveys from
// GET /api/healthcheck/getSummarisedHealthCheck grouped into Staff and Students, each a card with
// its title, published on, status (Active or Expired), organisations participated against
// registered and completed questionnaires against expected responses, and a Preview link while
// it is active and has an invite code. Choosing a card's title filters to that survey (kept in
// the query string as ?survey=) with a 'View previous questionnaires' link back; the link
// generator sits below (SetSurveyEffectiveDate).
import { useCallback, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Action } from '../../../config/constants'
import { adminStrings } from '../../../config/admin-strings'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useGetSummarisedHealthCheckQuery } from '../admin-api'
import { adminFailureOf } from '../admin-errors'
import { formatDateTime } from '../admin-format'
import { adminPaths } from '../admin-paths'
import type { SummarisedHealthCheck } from '../admin-types'
import { ExampleData, PageHeader } from '../components/admin-ui'
import { useBusy } from '../components/busy'
import { Progress } from '../components/progress'
import { usePermission } from '../use-permissions'
import { LinkGenerator } from './link-generator'
import { QuestionnaireType, filterSurveys, groupSurveys, previewPath, surveyKey, surveyStatus } from './questionnaire-model'

const q = adminStrings.questionnaire

/** The query-string key of the card filter. */
export const SURVEY_PARAM = 'survey'

/** The questionnaire manager screen (route /admin/questionnaire/, WorldOfImpactAdmin). */
function QuestionnaireScreen() {
  useDocumentTitle(q.title)
  const allowed = usePermission()
  const [params, setParams] = useSearchParams()
  const filter = params.get(SURVEY_PARAM)?.trim() || null
  const surveys = useGetSummarisedHealthCheckQuery(undefined, { refetchOnMountOrArgChange: true })
  useBusy(surveys.isLoading)
  /** Invite codes of links generated on this screen, by questionnaire id (the summary has none). */
  const [codes, setCodes] = useState<Record<string, string>>({})
  const onGenerated = useCallback((questionnaireId: string, code: string) => setCodes((c) => ({ ...c, [questionnaireId]: code })), [])
  const choose = (survey: SummarisedHealthCheck) => setParams({ [SURVEY_PARAM]: surveyKey(survey.questionnaireDescription) })

  return (
    <section aria-labelledby="admin-title" className="admin-questionnaires">
      <PageHeader title={q.title} back={adminPaths.dashboard} backLabel={q.back} />
      {surveys.isError ? (
        <p className="message message--error" role="alert" data-testid="admin-load-failure">{q.loadError(adminFailureOf(surveys.error).message)}</p>
      ) : null}
      {surveys.isSuccess ? (
        <SurveyGroups surveys={filterSurveys(surveys.data, filter)} filtered={filter != null} codes={codes} onChoose={choose} />
      ) : null}
      <LinkGenerator canGenerate={allowed(Action.SetSurveyEffectiveDate)} onGenerated={onGenerated} />
    </section>
  )
}

function SurveyGroups({ surveys, filtered, codes, onChoose }: {
  surveys: SummarisedHealthCheck[]
  filtered: boolean
  codes: Record<string, string>
  onChoose: (survey: SummarisedHealthCheck) => void
}) {
  const groups = groupSurveys(surveys)
  return (
    <div className="survey-groups" data-testid="survey-groups">
      {filtered ? (
        <p className="survey-groups__previous">
          <Link to={adminPaths.questionnaire} data-testid="view-previous">{q.viewPrevious}</Link>
        </p>
      ) : null}
      {groups.length === 0 ? <p className="message message--empty" data-testid="no-surveys">{q.noSurveys}</p> : null}
      {groups.map((g) => {
        const type = g.typeId === QuestionnaireType.Students ? q.students : q.staff
        const headingId = `survey-group-${g.typeId}`
        return (
          <section key={g.typeId} aria-labelledby={headingId} className="survey-group" data-testid={`survey-group-${type.toLowerCase()}`}>
            <h2 id={headingId}>{q.groupHeading(type, g.surveys.length)}</h2>
            <ul className="survey-cards">
              {g.surveys.map((s) => (
                <li key={s.healthCheckId}>
                  <SurveyCard survey={s} inviteCode={codes[s.questionnaireId ?? s.healthCheckId]} onChoose={onChoose} />
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </div>
  )
}

function SurveyCard({ survey, inviteCode, onChoose }: {
  survey: SummarisedHealthCheck
  inviteCode: string | undefined
  onChoose: (survey: SummarisedHealthCheck) => void
}) {
  const status = surveyStatus(survey)
  const preview = previewPath(survey, inviteCode)
  const title = survey.questionnaireDescription
  return (
    <article className={`admin-card survey-card survey-card--${status}`} data-testid="survey-card" data-survey={survey.healthCheckId}>
      <h3 className="survey-card__title">
        <button type="button" className="survey-card__choose" onClick={() => onChoose(survey)} title={q.showOnly(title)}>{title}</button>
      </h3>
      <dl className="survey-card__facts">
        <div><dt>{q.publishedOn}</dt><dd><time dateTime={survey.effectiveFrom}>{formatDateTime(survey.effectiveFrom).slice(0, 10)}</time></dd></div>
        <div>
          <dt>{q.status}</dt>
          <dd><span className={`survey-status survey-status--${status}`} data-testid="survey-status">{status === 'active' ? q.active : q.expired}</span></dd>
        </div>
      </dl>
      <Progress label={q.organisations} text={q.organisationsOf(survey.totalParticipatedOrganisations, survey.totalOrganisations)}
        value={survey.totalParticipatedOrganisations} total={survey.totalOrganisations} testId="survey-organisations" />
      <Progress label={q.completed} text={q.completedOf(survey.totalActualResponses, survey.totalExpectedResponses)}
        value={survey.totalActualResponses} total={survey.totalExpectedResponses} testId="survey-responses" />
      {survey.example ? <ExampleData note={q.exampleDataNote} /> : null}
      {preview ? (
        <p className="survey-card__footer">
          <Link to={preview} className="survey-card__preview" aria-label={q.previewOf(title)}>{q.preview}</Link>
        </p>
      ) : null}
    </article>
  )
}

export { QuestionnaireScreen as Component }
