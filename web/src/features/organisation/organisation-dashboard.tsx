// /organisation/ (admin spec §2 "Organisation health-check dashboard"): the caller's
// organisation, its survey periods per audience, participation, the maturity doughnut, the
// demographic cards, the results link and the survey link for the designated person. Nothing
// computed from fewer than 5 responses is shown: the server withholds it and its privacy message
// takes its place. Every permission is the server's; the screen only mirrors it.
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { failureOf } from '../../api/errors'
import { ErrorMessage, NoData, Spinner } from '../../components/status'
import { useToast } from '../../components/toasts'
import { Action } from '../../config/constants'
import { useDocumentTitle } from '../../lib/use-document-title'
import { can } from '../../session/landing'
import { useSession } from '../../session/use-session'
import {
  useGenerateInviteCodeMutation,
  useGetActiveQuestionnairesQuery,
  useGetOrganisationHealthChecksQuery,
} from './health-check-api'
import type { OrganisationHealthCheck } from '../../api/generated'
import { DemographicCard, MaturityDoughnut, ProgressBar } from './health-check-charts'
import {
  BLOCKED_NUMBER_KEYS,
  QuestionCategory,
  QuestionnaireType,
  audienceOptions,
  categoryOf,
  defaultPeriod,
  expectedResponsesError,
  formatDate,
  previewPath,
  privacyMessage,
  progressPercent,
  scoredCategories,
} from './health-check-model'
import { hcStrings as s } from './health-check-strings'
import { organisationPaths } from './paths'

/** Verification statuses of an organisation (admin spec §3). */
const ORGANISATION_IN_PROGRESS = 1
const ORGANISATION_APPROVED = 3

/** The organisation health-check dashboard (route component of /organisation/). */
export function OrganisationDashboard() {
  const { session } = useSession()
  const [audience, setAudience] = useState<number>(QuestionnaireType.Staff)
  const [selected, setSelected] = useState<string | null>(null)
  // currentData belongs to the audience asked for; data may still be the previous audience's.
  const query = useGetOrganisationHealthChecksQuery({ questionnaireTypeId: audience })
  const { isLoading, isFetching, error } = query
  const data = query.data?.data
  const currentData = query.currentData?.data
  const periods = currentData?.questionnaires ?? []
  const period = periods.find((p) => p.healthCheckId === selected) ?? defaultPeriod(periods)
  const title = data ? `${data.organisationName} ${s.dashboardSuffix}` : s.dashboardSuffix
  useDocumentTitle(title)
  const audienceId = useId()
  const periodId = useId()

  if (isLoading) return <Spinner />
  if (!data)
    return (
      <section className="hc-page" aria-labelledby="hc-title">
        <h1 id="hc-title" className="hc-page__title">
          {title}
        </h1>
        <ErrorMessage message={error ? failureOf(error, s.generic).message : s.generic} />
      </section>
    )
  // Before approval there is nothing to do here yet: say so instead of a form that would refuse.
  if (data.verificationStatusId !== ORGANISATION_APPROVED) {
    const awaiting = data.verificationStatusId === ORGANISATION_IN_PROGRESS
    return (
      <section className="hc-page" aria-labelledby="hc-title">
        <h1 id="hc-title" className="hc-page__title">
          {title}
        </h1>
        <div className="hc-awaiting" role="status" data-testid="awaiting-approval">
          <h2>{awaiting ? s.awaitingApproval : s.rejected}</h2>
          <p>{awaiting ? s.awaitingApprovalDetail : s.rejectedDetail}</p>
        </div>
      </section>
    )
  }
  const canResults = can(session, Action.ViewYourOrganisationSurveyResult)
  const canCopy = can(session, Action.AddSurveyLink)
  const canGenerate = can(session, Action.SetSurveyEffectiveDate)
  const options = audienceOptions(data.organisationTypeId)

  function chooseAudience(value: number) {
    // Switching audience reloads the list and goes back to its default period (admin spec §4).
    setSelected(null)
    setAudience(value)
  }

  return (
    <section className="hc-page" aria-labelledby="hc-title" aria-busy={isFetching}>
      <h1 id="hc-title" className="hc-page__title">
        {title}
      </h1>
      <div className="hc-filters">
        <div className="field">
          <label htmlFor={audienceId}>{s.audience}</label>
          <select id={audienceId} value={audience} onChange={(e) => chooseAudience(Number(e.target.value))}>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {periods.length > 0 ? (
          <div className="field">
            <label htmlFor={periodId}>{s.period}</label>
            <select id={periodId} value={period?.healthCheckId ?? ''} onChange={(e) => setSelected(e.target.value)}>
              {periods.map((p) => (
                <option key={p.healthCheckId} value={p.healthCheckId}>
                  {p.questionnaire}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>

      {!currentData ? (
        isFetching ? (
          <Spinner />
        ) : (
          <ErrorMessage message={error ? failureOf(error, s.generic).message : s.generic} />
        )
      ) : (
        <>
          {canCopy || canGenerate ? (
            <SurveyLinkPanel
              key={audience}
              audience={audience}
              period={period}
              canCopy={canCopy}
              canGenerate={canGenerate}
            />
          ) : null}
          {period ? (
            <PeriodView period={period} canResults={canResults} />
          ) : (
            <>
              <NoData message={s.noData} />
              <p className="hc-actions">
                <button type="button" className="button button--primary" disabled>
                  {s.viewResults}
                </button>
              </p>
            </>
          )}
        </>
      )}
    </section>
  )
}

/** Participation, maturity and demographic cards of one survey period. */
function PeriodView({ period, canResults }: { period: OrganisationHealthCheck; canResults: boolean }) {
  const hidden = privacyMessage(period)
  const percent = progressPercent(period.responses.atLeast, period.expectedResponses)
  const demographic = categoryOf(period.questionCategories, QuestionCategory.Demographic)
  return (
    <>
      {period.example ? (
        <p className="message hc-example" role="note">
          {s.example}
        </p>
      ) : null}
      <div className="hc-grid">
        <article className="hc-card" aria-labelledby="hc-participation" data-testid="hc-participation">
          <h2 id="hc-participation">{period.isCurrent ? s.currentPeriod : s.questionnairePeriod}</h2>
          <p className="hc-period" data-testid="hc-period">
            {period.questionnaire}
            <br />
            <time dateTime={period.effectiveFrom}>{formatDate(period.effectiveFrom)}</time> –{' '}
            <time dateTime={period.effectiveTo}>{formatDate(period.effectiveTo)}</time>
          </p>
          <ProgressBar
            label={s.completed}
            percent={percent}
            text={s.of(period.responses.band, period.expectedResponses)}
            valueText={s.progressText(period.responses.band, period.expectedResponses)}
            testId="hc-completed"
          />
          {period.capReached ? (
            <p className="message hc-cap" role="status" data-testid="hc-cap">
              {s.capReached(period.responseCap)}
            </p>
          ) : (
            <p className="hc-note" data-testid="hc-cap">
              {s.capNote(period.responseCap)}
            </p>
          )}
          {period.inviteCode ? (
            <p className="hc-actions">
              <Link to={previewPath(period.inviteCode)}>{s.preview}</Link>
            </p>
          ) : null}
          <p className="hc-actions">
            {canResults ? (
              <Link className="button button--primary" to={organisationPaths.view(period.healthCheckId)}>
                {s.viewResults}
              </Link>
            ) : (
              <button type="button" className="button button--primary" disabled>
                {s.viewResults}
              </button>
            )}
          </p>
        </article>

        <article className="hc-card" aria-labelledby="hc-maturity" data-testid="hc-maturity">
          <h2 id="hc-maturity">{s.maturity}</h2>
          {hidden ? (
            <p className="message hc-privacy" role="note" data-testid="hc-privacy">
              {hidden}
            </p>
          ) : period.overallMaturity == null ? (
            <NoData message={s.noDataDisplay} />
          ) : (
            <MaturityDoughnut value={period.overallMaturity} categories={scoredCategories(period.questionCategories)} />
          )}
        </article>
      </div>

      {!hidden && demographic && demographic.questions.length > 0 ? (
        <section aria-labelledby="hc-demographics" className="hc-results-section">
          <h2 id="hc-demographics">{s.demographics}</h2>
          <div className="hc-grid">
            {demographic.questions.map((q) => (
              <DemographicCard key={q.questionId} question={q} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  )
}

/**
 * The survey link of the current period with its copy button (AddSurveyLink), and the form that
 * opens a period and generates its link (SetSurveyEffectiveDate; the server refuses otherwise).
 */
function SurveyLinkPanel({
  audience,
  period,
  canCopy,
  canGenerate,
}: {
  audience: number
  period: OrganisationHealthCheck | undefined
  canCopy: boolean
  canGenerate: boolean
}) {
  const toast = useToast()
  const questionnaires = useGetActiveQuestionnairesQuery(undefined, { skip: !canGenerate }).data?.data
  const [generate, { isLoading }] = useGenerateInviteCodeMutation()
  const active = (questionnaires ?? []).filter((q) => q.questionnaireTypeId === audience && q.isActive)
  const [questionnaireId, setQuestionnaireId] = useState('')
  const [expected, setExpected] = useState('')
  const [start, setStart] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [url, setUrl] = useState<string | null>(null)
  const [phone, setPhone] = useState<{ shortCode: string; ussdDial: string } | null>(null)
  const ids = { q: useId(), e: useId(), d: useId(), u: useId(), err: useId() }
  const chosen = active.some((q) => q.questionnaireId === questionnaireId)
    ? questionnaireId
    : (active[0]?.questionnaireId ?? '')
  const link = url ?? (period?.isCurrent ? period.url : null)
  const dial =
    phone ??
    (url === null && period?.isCurrent && period.shortCode && period.ussdDial
      ? { shortCode: period.shortCode, ussdDial: period.ussdDial }
      : null)

  const blockKeys = (e: KeyboardEvent<HTMLInputElement>) => {
    if (BLOCKED_NUMBER_KEYS.includes(e.key)) e.preventDefault()
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    const problem = expectedResponsesError(expected)
    setError(problem)
    if (problem || !chosen) return
    try {
      const answer = await generate({
        inviteCodeBody: {
          QuestionnaireId: chosen,
          ExpectedResponses: Number(expected),
          ...(start ? { EffectiveFrom: new Date(`${start}T00:00:00Z`).toISOString() } : {}),
        },
      }).unwrap()
      setUrl(answer.url)
      setPhone(answer.shortCode && answer.ussdDial ? { shortCode: answer.shortCode, ussdDial: answer.ussdDial } : null)
      toast.success(s.generated)
    } catch (failure) {
      const f = failureOf(failure, s.unableToGenerate)
      if (f.status === 403) {
        toast.error(s.permissionDenied)
      } else {
        toast.error(s.unableToGenerate)
        setError(f.errors[0]?.description ?? f.message)
      }
    }
  }

  async function copy() {
    if (!link) return
    try {
      await navigator.clipboard.writeText(link)
      toast.success(s.copied)
    } catch {
      toast.error(s.generic)
    }
  }

  if (!canGenerate && !(canCopy && link)) return null
  return (
    <article className="hc-card hc-link" aria-labelledby="hc-link-heading" data-testid="hc-link">
      <h2 id="hc-link-heading">{s.linkHeading}</h2>
      {canCopy && link ? (
        <div className="hc-link__copy">
          <label htmlFor={ids.u}>{s.linkLabel}</label>
          <div className="hc-link__row">
            <input
              id={ids.u}
              type="text"
              readOnly
              value={link}
              data-testid="hc-link-url"
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className="button button--outline" onClick={() => void copy()}>
              {s.copy}
            </button>
          </div>
          {dial ? (
            <div className="hc-link__phone" data-testid="hc-link-ussd">
              <p>
                {s.phoneDial} <strong className="hc-link__dial">{dial.ussdDial}</strong>
              </p>
              <p>
                {s.shortCode}: <span className="hc-link__code">{groupDigits(dial.shortCode)}</span>
              </p>
              <p className="hc-link__note">{s.phoneNote}</p>
            </div>
          ) : null}
        </div>
      ) : null}
      {canGenerate ? (
        <form
          className="hc-link__form"
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-labelledby="hc-generate-heading"
        >
          <h3 id="hc-generate-heading">{s.generateHeading}</h3>
          {active.length === 0 ? (
            <p className="message">{s.noActiveQuestionnaire}</p>
          ) : (
            <>
              <div className="field">
                <label htmlFor={ids.q}>{s.questionnaire}</label>
                <select id={ids.q} value={chosen} onChange={(e) => setQuestionnaireId(e.target.value)}>
                  {active.map((q) => (
                    <option key={q.questionnaireId} value={q.questionnaireId}>
                      {q.description}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={ids.e}>{s.expectedResponses}</label>
                <input
                  id={ids.e}
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  required
                  value={expected}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? ids.err : undefined}
                  onKeyDown={blockKeys}
                  onChange={(e) => setExpected(e.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor={ids.d}>{s.startDate}</label>
                <input id={ids.d} type="date" value={start} onChange={(e) => setStart(e.target.value)} />
              </div>
              {error ? (
                <p id={ids.err} className="field-errors hc-error" role="alert">
                  {error}
                </p>
              ) : null}
              <button type="submit" className="button button--primary" disabled={isLoading}>
                {s.generate}
              </button>
            </>
          )}
        </form>
      ) : null}
    </article>
  )
}

export { OrganisationDashboard as Component }

/** A short survey code in groups of four digits, as it is read out: `1234 5678 9012`. */
export function groupDigits(code: string): string {
  return code.replace(/(\d{4})(?=\d)/g, '$1 ')
}
