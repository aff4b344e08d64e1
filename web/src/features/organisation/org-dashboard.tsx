// /organisation/ (admin spec §2 "Organisation health-check dashboard"; issue 12): the caller's
// organisation, its survey periods per audience, participation, the maturity doughnut, the
// demographic cards, the results link and the survey link for the designated person. Nothing
// computed from fewer than 5 responses is shown: the API's privacy message takes its place.
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { ApexChart } from '../../components/chart/apex-chart'
import { ErrorMessage, NoData, Spinner } from '../../components/status'
import { Action } from '../../config/constants'
import { useDocumentTitle } from '../../lib/use-document-title'
import { can } from '../../session/landing'
import { useSession } from '../../session/use-session'
import { adminFailureOf } from '../admin/admin-errors'
import { useToast } from '../admin/components/toasts'
import {
  useGenerateInviteCodeMutation, useGetActiveQuestionnairesQuery, useGetOrganisationHealthChecksQuery,
  type HcCategory, type HcPeriod, type HcQuestion,
} from './hc-api'
import {
  BAND_COLOURS, BLOCKED_NUMBER_KEYS, ChartType, QuestionCategory, QuestionnaireType, audienceOptions, defaultPeriod,
  expectedResponsesError, formatDate, formatPercent, maturityBand, privacyMessage, progressPercent,
} from './hc-model'
import { hcStrings as s } from './hc-strings'
import { organisationPaths } from './paths'

function Dashboard() {
  const { session } = useSession()
  const [audience, setAudience] = useState<number>(QuestionnaireType.Staff)
  const { data, isLoading, isFetching, isError } = useGetOrganisationHealthChecksQuery(audience)
  const [selected, setSelected] = useState<string | null>(null)
  const periods = useMemo(() => data?.questionnaires ?? [], [data])
  // Switching audience reloads the list and goes back to its default period (admin spec §4).
  useEffect(() => { setSelected(null) }, [audience])
  const period = periods.find((p) => p.healthCheckId === selected) ?? defaultPeriod(periods)
  const title = data ? `${data.organisationName} ${s.dashboardSuffix}` : s.dashboardSuffix
  useDocumentTitle(title)
  const audienceId = useId()
  const periodId = useId()

  if (isLoading) return <Spinner />
  if (isError || !data) return <ErrorMessage message={s.generic} />
  const canLink = can(session, Action.AddSurveyLink) || can(session, Action.SetSurveyEffectiveDate)
  const canResults = can(session, Action.ViewYourOrganisationSurveyResult)
  const options = audienceOptions(data.organisationTypeId)

  return (
    <section className="hc-page" aria-labelledby="hc-title" aria-busy={isFetching}>
      <h1 id="hc-title" className="hc-page__title">{title}</h1>
      <div className="hc-filters">
        <div className="field">
          <label htmlFor={audienceId}>{s.audience}</label>
          <select id={audienceId} value={audience} onChange={(e) => setAudience(Number(e.target.value))}>
            {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </div>
        {periods.length > 0 ? (
          <div className="field">
            <label htmlFor={periodId}>{s.period}</label>
            <select id={periodId} value={period?.healthCheckId ?? ''} onChange={(e) => setSelected(e.target.value)}>
              {periods.map((p) => <option key={p.healthCheckId} value={p.healthCheckId}>{p.questionnaire}</option>)}
            </select>
          </div>
        ) : null}
      </div>

      {canLink ? <SurveyLinkPanel audience={audience} period={period} canGenerate={can(session, Action.SetSurveyEffectiveDate)} /> : null}

      {!period ? <NoData message={s.noData} /> : (
        <PeriodView period={period} canResults={canResults} />
      )}
    </section>
  )
}

function PeriodView({ period, canResults }: { period: HcPeriod; canResults: boolean }) {
  const hidden = privacyMessage(period)
  const percent = progressPercent(period.actualResponses, period.expectedResponses)
  const demographic = period.questionCategories.find((c) => c.questionCategoryId === QuestionCategory.Demographic)
  const scored = period.questionCategories.filter((c) => c.questionCategoryId <= QuestionCategory.Policies)
  const resultsPath = organisationPaths.view(period.healthCheckId)
  return (
    <>
      {period.example ? <p className="message hc-example" role="note">{s.example}</p> : null}
      <div className="hc-grid">
        <article className="hc-card" aria-labelledby="hc-participation" data-testid="hc-participation">
          <h2 id="hc-participation">{period.isCurrent ? s.currentPeriod : s.questionnairePeriod}</h2>
          <p className="hc-period" data-testid="hc-period">{formatDate(period.effectiveFrom)} – {formatDate(period.effectiveTo)}</p>
          <div className="admin-progress">
            <div className="admin-progress__labels">
              <span className="admin-progress__label" id="hc-completed-label">{s.completed}</span>
              <span className="admin-progress__text" data-testid="hc-completed">{s.of(period.actualResponses, period.expectedResponses)}</span>
            </div>
            <div className="admin-progress__bar admin-progress__bar--high" role="progressbar" aria-labelledby="hc-completed-label"
              aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={s.of(period.actualResponses, period.expectedResponses)}>
              <span style={{ width: `${percent}%`, background: '#2E539D' }} />
            </div>
          </div>
          {period.inviteCode ? (
            <p><Link to={`/Questionnaire/SurveyQuestions?inviteCode=${encodeURIComponent(period.inviteCode)}&Preview=true`}>{s.preview}</Link></p>
          ) : null}
          <p className="hc-actions">
            {canResults ? (
              <Link className="button button--primary" to={resultsPath}>{s.viewResults}</Link>
            ) : (
              <button type="button" className="button button--primary" disabled title={s.permissionDenied}>{s.viewResults}</button>
            )}
          </p>
        </article>

        <article className="hc-card" aria-labelledby="hc-maturity" data-testid="hc-maturity">
          <h2 id="hc-maturity">{s.maturity}</h2>
          {hidden ? <p className="message hc-privacy" role="note" data-testid="hc-privacy">{hidden}</p>
            : period.overallMaturity == null ? <NoData message={s.noDataDisplay} />
            : <Maturity value={period.overallMaturity} categories={scored} />}
        </article>
      </div>

      {!hidden && demographic && demographic.questions.length > 0 ? (
        <section aria-labelledby="hc-demographics" className="hc-demographics">
          <h2 id="hc-demographics">{s.demographics}</h2>
          <div className="hc-grid">
            {demographic.questions.map((q) => <DemographicCard key={q.questionId} question={q} />)}
          </div>
        </section>
      ) : null}
    </>
  )
}

function Maturity({ value, categories }: { value: number; categories: HcCategory[] }) {
  const band = maturityBand(value)
  return (
    <div className="hc-maturity">
      <div className="hc-maturity__chart">
        <ApexChart id="hc-maturity-doughnut" type="donut" height={240} label={`${s.maturity}: ${formatPercent(value)} (${band})`}
          series={[value, Math.max(0, Number((100 - value).toFixed(2)))]}
          options={{
            labels: [s.maturity, 'Remaining'],
            colors: [BAND_COLOURS[band], '#e6e9ef'],
            legend: { show: false },
            dataLabels: { enabled: false },
            tooltip: { y: { formatter: (v: number) => formatPercent(v) } },
            plotOptions: { pie: { donut: { size: '68%', labels: { show: true, name: { show: true }, value: { show: true, formatter: () => formatPercent(value) },
              total: { show: true, showAlways: true, label: band, formatter: () => formatPercent(value) } } } } },
          }} />
      </div>
      <p className="hc-maturity__value" data-testid="hc-maturity-value"><strong>{formatPercent(value)}</strong> — {s.band}: {band}</p>
      <dl className="hc-scores" aria-label={s.categoryScores}>
        {categories.map((c) => (
          <div key={c.questionCategoryId}><dt>{c.description}</dt><dd>{c.categoryScore == null ? '–' : formatPercent(c.categoryScore)}</dd></div>
        ))}
      </dl>
    </div>
  )
}

function DemographicCard({ question }: { question: HcQuestion }) {
  const id = `hc-demo-${question.questionId}`
  const labels = question.answers.map((a) => a.description)
  const values = question.answers.map((a) => a.distributionValue)
  const colours = question.palette.map((p) => p.color)
  return (
    <article className="hc-card" aria-labelledby={`${id}-title`} data-testid={`hc-demographic-${question.questionId}`}>
      <h3 id={`${id}-title`}>{question.description}</h3>
      {question.visualizeTypeId === ChartType.ProgressBar ? (
        <ul className="hc-bars">
          {question.answers.map((a) => (
            <li key={a.possibleAnswerId} className="admin-progress">
              <div className="admin-progress__labels">
                <span className="admin-progress__label" id={`${id}-${a.possibleAnswerId}`}>{a.description}</span>
                <span className="admin-progress__text">{formatPercent(a.distributionValue)}</span>
              </div>
              <div className="admin-progress__bar" role="progressbar" aria-labelledby={`${id}-${a.possibleAnswerId}`}
                aria-valuemin={0} aria-valuemax={100} aria-valuenow={a.distributionValue}>
                <span style={{ width: `${Math.min(100, a.distributionValue)}%`, background: '#2E539D' }} />
              </div>
            </li>
          ))}
        </ul>
      ) : question.visualizeTypeId === ChartType.PieChart ? (
        <ApexChart id={id} type="pie" height={260} label={question.description} series={values}
          options={{ labels, colors: colours, legend: { position: 'bottom' }, tooltip: { y: { formatter: (v: number) => formatPercent(v) } },
            dataLabels: { formatter: (v: number) => formatPercent(v) } }} />
      ) : (
        <ApexChart id={id} type="bar" height={260} label={question.description}
          series={[{ name: question.description, data: values }]}
          options={{ xaxis: { categories: labels, max: 100, tickAmount: 5, labels: { formatter: (v: string) => `${v}%` } },
            plotOptions: { bar: { horizontal: true } }, colors: ['#2E539D'], dataLabels: { enabled: false },
            tooltip: { y: { formatter: (v: number) => formatPercent(v) } } }} />
      )}
    </article>
  )
}

function SurveyLinkPanel({ audience, period, canGenerate }: { audience: number; period: HcPeriod | undefined; canGenerate: boolean }) {
  const toast = useToast()
  const { data: questionnaires } = useGetActiveQuestionnairesQuery()
  const [generate, { isLoading }] = useGenerateInviteCodeMutation()
  const active = (questionnaires ?? []).filter((q) => q.questionnaireTypeId === audience && q.isActive)
  const [questionnaireId, setQuestionnaireId] = useState('')
  const [expected, setExpected] = useState('')
  const [start, setStart] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [url, setUrl] = useState<string | null>(null)
  const ids = { q: useId(), e: useId(), d: useId(), u: useId(), err: useId() }
  const chosen = questionnaireId && active.some((q) => q.questionnaireId === questionnaireId) ? questionnaireId : active[0]?.questionnaireId ?? ''
  const link = url ?? (period?.isCurrent ? period.url : null)

  const blockKeys = (e: KeyboardEvent<HTMLInputElement>) => { if (BLOCKED_NUMBER_KEYS.includes(e.key)) e.preventDefault() }

  async function submit(e: React.FormEvent) {
    e.preventDefault()
    if (!canGenerate) { toast.error(s.permissionDenied); return }
    const problem = expectedResponsesError(expected)
    setError(problem)
    if (problem || !chosen) return
    try {
      const answer = await generate({
        QuestionnaireId: chosen, ExpectedResponses: Number(expected),
        ...(start ? { EffectiveFrom: new Date(`${start}T00:00:00+02:00`).toISOString() } : {}),
      }).unwrap()
      setUrl(answer.url)
      toast.success(s.generated)
    } catch (failure) {
      const f = adminFailureOf(failure)
      if (f.status === 403) toast.error(s.permissionDenied)
      else {
        toast.error(s.unableToGenerate)
        setError(f.descriptions[0] ?? (f.message !== s.generic ? f.message : null))
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

  return (
    <article className="hc-card hc-link" aria-labelledby="hc-link-heading" data-testid="hc-link">
      <h2 id="hc-link-heading">{s.linkHeading}</h2>
      {link ? (
        <div className="hc-link__copy">
          <label htmlFor={ids.u}>{s.linkLabel}</label>
          <div className="hc-link__row">
            <input id={ids.u} type="text" readOnly value={link} data-testid="hc-link-url" onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="button button--outline" onClick={() => void copy()}>{s.copy}</button>
          </div>
        </div>
      ) : null}
      <form className="hc-link__form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="hc-generate-heading">
        <h3 id="hc-generate-heading">{s.generateHeading}</h3>
        {active.length === 0 ? <p className="message">{s.noActiveQuestionnaire}</p> : (
          <>
            <div className="field">
              <label htmlFor={ids.q}>{s.questionnaire}</label>
              <select id={ids.q} value={chosen} onChange={(e) => setQuestionnaireId(e.target.value)}>
                {active.map((q) => <option key={q.questionnaireId} value={q.questionnaireId}>{q.description}</option>)}
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.e}>{s.expectedResponses}</label>
              <input id={ids.e} type="number" min={1} step={1} inputMode="numeric" required value={expected}
                aria-invalid={error ? true : undefined} aria-describedby={error ? ids.err : undefined}
                onKeyDown={blockKeys} onChange={(e) => setExpected(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor={ids.d}>{s.startDate}</label>
              <input id={ids.d} type="date" value={start} onChange={(e) => setStart(e.target.value)} />
            </div>
            {error ? <p id={ids.err} className="field-errors hc-error" role="alert">{error}</p> : null}
            <button type="submit" className="button button--primary" disabled={isLoading}>{s.generate}</button>
          </>
        )}
      </form>
    </article>
  )
}

export { Dashboard as Component }
