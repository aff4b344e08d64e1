// /organisation/view/:id (admin spec §2 "View results"): stacked bars per question for Policies
// and Practices, and Organisational Behaviours with questions of identical answer categories and
// scores grouped in one chart; a 0–100 % axis in steps of 20 and a tooltip with category and
// percentage. Under 5 responses the API gives no distribution and its privacy message is shown.
import { Link, useParams } from 'react-router'
import { ApexChart } from '../../components/chart/apex-chart'
import { ErrorMessage, NoData, Spinner } from '../../components/status'
import { useDocumentTitle } from '../../lib/use-document-title'
import { BackArrowIcon } from '../admin/components/admin-ui'
import { useGetOrganisationalResultQuery, type HcQuestion } from './hc-api'
import { QuestionCategory, categoryOf, formatPercent, groupQuestions, privacyMessage, stackedSeries, type QuestionGroup } from './hc-model'
import { hcStrings as s } from './hc-strings'
import { organisationPaths } from './paths'

function ResultsView() {
  const { resId = '' } = useParams()
  const { data, isLoading, isError } = useGetOrganisationalResultQuery({ HealthCheckId: resId }, { skip: !resId })
  const title = data ? s.resultsTitle(data.questionnaireType, data.questionnaire) : s.resultsTitle('', '').trim()
  useDocumentTitle(title)
  const hidden = privacyMessage(data)
  const categories = data?.questionCategories ?? []
  const policies = categoryOf(categories, QuestionCategory.Policies)
  const practices = categoryOf(categories, QuestionCategory.Practices)
  const behaviours = categoryOf(categories, QuestionCategory.Behaviours)
  return (
    <section className="hc-page" aria-labelledby="hc-results-title">
      <div className="hc-title-row">
        <Link to={organisationPaths.dashboard} className="admin-back" aria-label={s.back} title={s.back}><BackArrowIcon /></Link>
        <h1 id="hc-results-title" className="hc-page__title">{title}</h1>
      </div>
      {isLoading ? <Spinner /> : isError || !data ? <ErrorMessage message={s.resultsFailed} /> : (
        <>
          {data.example ? <p className="message hc-example" role="note">{s.example}</p> : null}
          <p className="hc-note" data-testid="hc-results-responses">{s.responsesNote(data.actualResponses, data.expectedResponses)}</p>
          {hidden ? <p className="message hc-privacy" role="note" data-testid="hc-privacy">{hidden}</p> : (
            <>
              {data.overallMaturity != null ? (
                <p className="hc-note" data-testid="hc-results-maturity">{s.maturity}: <strong>{formatPercent(data.overallMaturity)}</strong></p>
              ) : null}
              <section aria-labelledby="hc-pp" className="hc-results-section">
                <h2 id="hc-pp">{s.policiesPractices}</h2>
                {[policies, practices].map((c) => c && (
                  <div key={c.questionCategoryId}>
                    <h3 className="hc-category">{c.description}{c.categoryScore != null ? ` — ${formatPercent(c.categoryScore)}` : ''}</h3>
                    {c.questions.map((q) => <QuestionChart key={q.questionId} question={q} />)}
                  </div>
                ))}
                {!policies && !practices ? <NoData message={s.noDataDisplay} /> : null}
              </section>
              <section aria-labelledby="hc-ob" className="hc-results-section">
                <h2 id="hc-ob">{s.behaviours}{behaviours?.categoryScore != null ? ` — ${formatPercent(behaviours.categoryScore)}` : ''}</h2>
                {behaviours ? groupQuestions(behaviours.questions).map((g) => <GroupChart key={g.key} group={g} />) : <NoData message={s.noDataDisplay} />}
              </section>
            </>
          )}
        </>
      )}
    </section>
  )
}

function stackedOptions(categories: string[], colors: string[]): ApexCharts.ApexOptions {
  return {
    chart: { stacked: true },
    plotOptions: { bar: { horizontal: true, barHeight: '60%' } },
    colors,
    xaxis: { categories, min: 0, max: 100, tickAmount: 5, labels: { formatter: (v: string) => `${Math.round(Number(v))}%` } },
    yaxis: { labels: { show: categories.length > 1, maxWidth: 260 } },
    dataLabels: { enabled: true, formatter: (v: number) => (v >= 8 ? `${Math.round(v)}%` : '') },
    tooltip: { shared: false, y: { formatter: (v: number) => formatPercent(v) } },
    legend: { position: 'bottom', horizontalAlign: 'left' },
    stroke: { width: 1, colors: ['#fff'] },
  }
}

function QuestionChart({ question }: { question: HcQuestion }) {
  const group: QuestionGroup = { key: question.questionId, answers: question.answers, questions: [question] }
  const series = stackedSeries(group)
  const id = `hc-q-${question.questionId}`
  return (
    <figure className="hc-question" data-testid={`hc-question-${question.questionId}`}>
      <figcaption id={`${id}-caption`}>{question.description}</figcaption>
      <ApexChart id={id} type="bar" height={150} label={`${question.description}: ${series.map((x) => `${x.name} ${formatPercent(x.data[0])}`).join(', ')}`}
        series={series.map(({ name, data }) => ({ name, data }))} options={stackedOptions([question.questionId], series.map((x) => x.color))} />
    </figure>
  )
}

function GroupChart({ group }: { group: QuestionGroup }) {
  const series = stackedSeries(group)
  const id = `hc-g-${group.questions.map((q) => q.questionId).join('-')}`
  const labels = group.questions.map((q) => q.questionId)
  return (
    <figure className="hc-question" data-testid="hc-behaviour-group">
      <figcaption>
        <ol className="hc-group-questions">
          {group.questions.map((q) => <li key={q.questionId}><strong>{q.questionId}</strong> {q.description}</li>)}
        </ol>
      </figcaption>
      <ApexChart id={id} type="bar" height={110 + 50 * group.questions.length}
        label={group.questions.map((q, i) => `${q.questionId}: ${series.map((x) => `${x.name} ${formatPercent(x.data[i])}`).join(', ')}`).join('; ')}
        series={series.map(({ name, data }) => ({ name, data }))} options={stackedOptions(labels, series.map((x) => x.color))} />
    </figure>
  )
}

export { ResultsView as Component }
