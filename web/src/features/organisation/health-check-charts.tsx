// Charts of the organisation area, each with a text alternative (the chart's aria-label names
// every figure) and, for question charts, a table of the same figures behind a disclosure that
// the keyboard opens: the maturity doughnut, the demographic cards by chart type (admin spec §2)
// and the stacked bars of the results view with a 0–100 % axis every 20 % and a tooltip naming
// the answer category and its percentage.
import type { ApexOptions } from 'apexcharts'
import { ApexChart } from '../../components/chart/apex-chart'
import { NoData } from '../../components/status'
import {
  AXIS_TICKS,
  BAND_COLOURS,
  ChartType,
  formatPercent,
  formatShare,
  groupSummary,
  labelColour,
  maturityBand,
  questionSummary,
  stackedSeries,
  type QuestionGroup,
  type StackedSeries,
} from './health-check-model'
import { hcStrings as s } from './health-check-strings'
import type { CategoryResult, QuestionResult } from '../../api/generated'

/** A labelled progress bar (completed against expected, or one answer's share). */
export function ProgressBar({
  label,
  percent,
  text,
  valueText,
  testId,
}: {
  label: string
  /** 0–100. */
  percent: number
  /** Shown next to the label. */
  text: string
  /** Read by screen readers instead of the percentage. */
  valueText?: string
  testId?: string
}) {
  const width = Math.max(0, Math.min(100, percent))
  return (
    <div className="hc-progress" data-testid={testId}>
      <div className="hc-progress__labels">
        <span className="hc-progress__label">{label}</span>
        <span className="hc-progress__text">{text}</span>
      </div>
      <div
        className="hc-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(width)}
        aria-valuetext={valueText ?? text}
      >
        <span style={{ width: `${width}%` }} />
      </div>
    </div>
  )
}

/** The overall GBVF maturity as a doughnut, its band and the scores of the scored categories. */
export function MaturityDoughnut({ value, categories }: { value: number; categories: CategoryResult[] }) {
  const band = maturityBand(value)
  const shown = formatPercent(value)
  return (
    <div className="hc-maturity">
      <ApexChart
        id="hc-maturity-doughnut"
        type="donut"
        height={240}
        label={s.maturityAlt(shown, band)}
        series={[value, Math.max(0, Number((100 - value).toFixed(2)))]}
        options={{
          labels: [s.maturity, s.remaining],
          colors: [BAND_COLOURS[band], '#e6e9ef'],
          legend: { show: false },
          dataLabels: { enabled: false },
          states: { hover: { filter: { type: 'none' } } },
          tooltip: { y: { formatter: (v: number) => formatPercent(v) } },
          plotOptions: {
            pie: {
              donut: {
                size: '68%',
                labels: {
                  show: true,
                  name: { show: true },
                  value: { show: true, formatter: () => shown },
                  total: { show: true, showAlways: true, label: band, formatter: () => shown },
                },
              },
            },
          },
        }}
      />
      <p className="hc-maturity__value" data-testid="hc-maturity-value">
        <strong>{shown}</strong> — {s.band}: {band}
      </p>
      {categories.length > 0 ? (
        <dl className="hc-scores" aria-label={s.categoryScores} data-testid="hc-category-scores">
          {categories.map((c) => (
            <div key={c.questionCategoryId}>
              <dt>{c.description}</dt>
              <dd>{c.categoryScore == null ? '–' : formatPercent(c.categoryScore)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  )
}

/** The figures of a group of questions as a table, behind a keyboard-operable disclosure. */
export function FiguresTable({ group }: { group: QuestionGroup }) {
  const series = stackedSeries(group)
  const many = group.questions.length > 1
  return (
    <details className="hc-figures">
      <summary>{s.showTable}</summary>
      <div className="hc-figures__scroll" role="region" aria-label={s.showTable} tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">{many ? s.question : s.answer}</th>
              {many ? (
                series.map((x) => (
                  <th key={x.name} scope="col">
                    {x.name}
                  </th>
                ))
              ) : (
                <th scope="col">{s.share}</th>
              )}
            </tr>
          </thead>
          <tbody>
            {many
              ? group.questions.map((q, i) => (
                  <tr key={q.questionId}>
                    <th scope="row">{q.questionId}</th>
                    {series.map((x) => (
                      <td key={x.name}>{formatPercent(x.data[i] ?? 0)}</td>
                    ))}
                  </tr>
                ))
              : series.map((x) => (
                  <tr key={x.name}>
                    <th scope="row">{x.name}</th>
                    <td>{formatPercent(x.data[0] ?? 0)}</td>
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
    </details>
  )
}

/** The answer categories of a stacked chart as an HTML list, which wraps on narrow screens. */
function Legend({ series }: { series: StackedSeries[] }) {
  return (
    <ul className="hc-legend">
      {series.map((x) => (
        <li key={x.name}>
          <span className="hc-legend__swatch" style={{ background: x.color }} aria-hidden="true" />
          {x.name}
        </li>
      ))}
    </ul>
  )
}

function stackedOptions(categories: string[], colors: string[], showCategories: boolean): ApexOptions {
  return {
    chart: { stacked: true, stackType: 'normal' },
    plotOptions: { bar: { horizontal: true, barHeight: '65%' } },
    colors,
    xaxis: {
      categories,
      min: AXIS_TICKS[0],
      max: AXIS_TICKS[AXIS_TICKS.length - 1],
      tickAmount: AXIS_TICKS.length - 1,
      labels: { formatter: (v: string) => `${Math.round(Number(v))}%` },
    },
    yaxis: { labels: { show: showCategories, maxWidth: 80 } },
    dataLabels: {
      enabled: true,
      formatter: (v: number) => (v >= 10 ? `${Math.round(v)}%` : ''),
      style: { colors: colors.map(labelColour) },
      dropShadow: { enabled: false },
    },
    // The tooltip names the answer category (the series) and its percentage.
    tooltip: {
      shared: false,
      intersect: true,
      x: { show: showCategories },
      y: { formatter: (v: number) => formatPercent(v), title: { formatter: (name: string) => `${name}:` } },
    },
    // The legend is an HTML list under the chart (Legend), so long answer labels wrap.
    legend: { show: false },
    stroke: { width: 1, colors: ['#fff'] },
    grid: { padding: { right: 16 } },
  }
}

/** One question of Policies or Practices: one stacked bar of its answers' shares. */
export function QuestionChart({ group }: { group: QuestionGroup }) {
  const question = group.questions[0]
  if (!question) return null
  const series = stackedSeries(group)
  const id = `hc-q-${question.questionId}`
  return (
    <figure className="hc-question" data-testid={`hc-question-${question.questionId}`}>
      <figcaption>
        <strong>{question.questionId}</strong> {question.description}
      </figcaption>
      {question.respondents === 0 ? (
        <NoData message={s.noDataDisplay} />
      ) : (
        <>
          <ApexChart
            id={id}
            type="bar"
            height={110}
            label={questionSummary(question)}
            series={series.map(({ name, data }) => ({ name, data }))}
            options={stackedOptions(
              [question.questionId],
              series.map((x) => x.color),
              false,
            )}
          />
          <Legend series={series} />
          {question.respondents != null ? (
            <p className="hc-respondents">{s.respondents(question.respondents)}</p>
          ) : null}
          <FiguresTable group={group} />
        </>
      )}
    </figure>
  )
}

/** Organisational Behaviours questions sharing answer categories and scores: one bar each, one chart. */
export function GroupChart({ group }: { group: QuestionGroup }) {
  const series = stackedSeries(group)
  const ids = group.questions.map((q) => q.questionId)
  return (
    <figure className="hc-question" data-testid="hc-behaviour-group" data-questions={ids.join(' ')}>
      <figcaption>
        <ol className="hc-group-questions">
          {group.questions.map((q) => (
            <li key={q.questionId}>
              <strong>{q.questionId}</strong> {q.description}
            </li>
          ))}
        </ol>
      </figcaption>
      <ApexChart
        id={`hc-g-${ids.join('-')}`}
        type="bar"
        height={70 + 45 * group.questions.length}
        label={groupSummary(group)}
        series={series.map(({ name, data }) => ({ name, data }))}
        options={stackedOptions(
          ids,
          series.map((x) => x.color),
          true,
        )}
      />
      <Legend series={series} />
      <FiguresTable group={group} />
    </figure>
  )
}

/** A demographic question as a card: pie chart, progress bars or bar graph by its chart type. */
export function DemographicCard({ question }: { question: QuestionResult }) {
  const id = `hc-demo-${question.questionId}`
  const labels = question.answers.map((a) => a.description)
  const values = question.answers.map((a) => a.distributionValue ?? 0)
  const suppressed = question.answers.some((a) => a.suppressed)
  const colours = question.answers.map(
    (a, i) => question.palette.find((p) => p.id === a.possibleAnswerId)?.color ?? BAR_COLOURS[i % BAR_COLOURS.length],
  )
  const summary = questionSummary(question)
  let body
  if (question.respondents === 0) body = <NoData message={s.noDataDisplay} />
  // With a suppressed answer the shares are listed as bars: a pie would share out the rest.
  else if (question.visualizeTypeId === ChartType.ProgressBar || suppressed) {
    body = (
      <div className="hc-bars" role="list">
        {question.answers.map((a) => (
          <div role="listitem" key={a.possibleAnswerId}>
            <ProgressBar
              label={a.description}
              percent={a.distributionValue ?? 0}
              text={formatShare(a.distributionValue)}
            />
          </div>
        ))}
      </div>
    )
  } else if (question.visualizeTypeId === ChartType.PieChart) {
    body = (
      <ApexChart
        id={id}
        type="pie"
        height={280}
        label={summary}
        series={values}
        options={{
          labels,
          colors: colours,
          legend: { position: 'bottom' },
          tooltip: { y: { formatter: (v: number) => formatPercent(v) } },
          dataLabels: { formatter: (v: number) => formatPercent(v) },
        }}
      />
    )
  } else {
    body = (
      <ApexChart
        id={id}
        type="bar"
        height={60 + 36 * labels.length}
        label={summary}
        series={[{ name: s.share, data: values }]}
        options={{
          xaxis: {
            categories: labels,
            min: AXIS_TICKS[0],
            max: AXIS_TICKS[AXIS_TICKS.length - 1],
            tickAmount: AXIS_TICKS.length - 1,
            labels: { formatter: (v: string) => `${Math.round(Number(v))}%` },
          },
          yaxis: { labels: { maxWidth: 140 } },
          plotOptions: { bar: { horizontal: true } },
          colors: ['#2E539D'],
          legend: { show: false },
          dataLabels: { enabled: false },
          tooltip: { y: { formatter: (v: number) => formatPercent(v) } },
        }}
      />
    )
  }
  return (
    <article className="hc-card" aria-labelledby={`${id}-title`} data-testid={`hc-demographic-${question.questionId}`}>
      <h3 id={`${id}-title`}>{question.description}</h3>
      {body}
      {suppressed ? <p className="hc-note">{s.suppressedNote}</p> : null}
    </article>
  )
}

const BAR_COLOURS = ['#2E539D']
