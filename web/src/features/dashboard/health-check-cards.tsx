// Health-check cards (public spec: dashboard cards): 'Reach' (pie of approved organisations by
// organisation type) and 'Number of surveys completed' (responses by quarter against expected,
// participating organisations per quarter, and the overall maturity of the current quarter).
// The figures are the server's (GET /api/dashboard's healthCheck, the same as
// /api/healthcheck/stats): the server withholds maturity below its privacy thresholds and the
// cards show its note instead; nothing here is computed from single organisations.
import type { HealthCheckStats } from '../../api/generated'
import { ApexChart, saveChartPng } from '../../components/chart/apex-chart'
import { Card } from '../../components/card'
import type { TableData } from '../../components/data-table'
import { NoData } from '../../components/status'
import { ComponentId } from '../../config/constants'
import { strings } from '../../config/strings'
import { slug } from '../../lib/csv'
import { formatCount, formatPercentage } from '../../lib/format'
import { barOptions, countAxisMax, pieOptions } from './chart-options'
import { overallMaturity, quarterText, reachSlices, surveyQuarters } from '../../lib/component-models'

const SOURCE = 'Organisation health checks'

/** 'Example data' notice for figures that include example data. */
function ExampleNotice({ summary }: { summary: HealthCheckStats | undefined }) {
  if (!summary?.example) return null
  return (
    <p className="example-notice" role="note" data-testid="example-data">
      <strong>{strings.cards.exampleData}</strong> {strings.cards.exampleDataNote}
    </p>
  )
}

/** Bar options for counts of responses: the value axis has whole-number steps. */
function countBarOptions(categories: string[], max: number) {
  const options = barOptions({ categories, colors: ['#2E539D', '#94ADD7'] })
  return { ...options, yaxis: { ...(options.yaxis as object), forceNiceScale: false, max: countAxisMax(max) } }
}

/** The Reach card: approved organisations by type as a pie; 'No data available' when there are none. */
export function ReachCard({ summary, area }: { summary: HealthCheckStats | undefined; area: string }) {
  const slices = reachSlices(summary)
  // Types without organisations draw no slice; the data table still lists them.
  const drawn = slices.filter((s) => s.value > 0)
  const id = 'health-reach'
  const table: TableData = {
    title: strings.cards.reach,
    area,
    period: '',
    source: SOURCE,
    columns: [
      { label: strings.cards.organisationType },
      { label: strings.cards.organisations, numeric: true },
      { label: strings.summary.percentage, numeric: true },
    ],
    rows: slices.map((s) => ({
      display: [s.label, formatCount(s.value), formatPercentage(s.percentage)],
      raw: [s.label, s.value, s.percentage.toFixed(2)],
    })),
  }
  return (
    <Card
      title={strings.cards.reach}
      headingLevel={3}
      table={table}
      testId="card-reach"
      series={{ componentId: ComponentId.HealthCheck }}
      onSavePng={slices.length ? () => void saveChartPng(id, `${slug(`${strings.cards.reach} ${area}`)}.png`) : null}
    >
      {slices.length === 0 ? (
        <NoData />
      ) : (
        <>
          <ExampleNotice summary={summary} />
          <p className="card-note">{strings.cards.reachNote}</p>
          <ApexChart
            id={id}
            type="donut"
            height={300}
            label={`${strings.cards.reach}, ${area}`}
            series={drawn.map((s) => s.value)}
            options={pieOptions({
              labels: drawn.map((s) => s.label),
              colors: drawn.map((s) => s.color),
              percentages: drawn.map((s) => s.percentage),
            })}
          />
        </>
      )}
    </Card>
  )
}

/**
 * The Number of surveys completed card: actual against expected responses by quarter (expected
 * where the server gives it), participating organisations per quarter, and the overall maturity
 * bar, or the server's note when maturity is withheld. 'No data available' without responses.
 */
export function SurveysCard({ summary, area }: { summary: HealthCheckStats | undefined; area: string }) {
  const rows = surveyQuarters(summary)
  const maturity = overallMaturity(summary)
  const id = 'health-surveys'
  const table: TableData = {
    title: strings.cards.surveysCompleted,
    area,
    period: rows.length ? `${rows[0].label} to ${rows[rows.length - 1].label}` : '',
    source: SOURCE,
    columns: [
      { label: strings.cards.quarter },
      { label: strings.cards.actualResponses, numeric: true },
      { label: strings.cards.expectedResponses, numeric: true },
      { label: strings.cards.participatingOrganisations, numeric: true },
      { label: strings.cards.maturity, numeric: true },
    ],
    rows: rows.map((r) => ({
      display: [
        r.label,
        formatCount(r.actual),
        formatCount(r.expected),
        formatCount(r.participating),
        r.maturity == null ? '–' : formatPercentage(r.maturity),
      ],
      raw: [
        r.label,
        r.actual ?? '',
        r.expected ?? '',
        r.participating,
        r.maturity == null ? '' : r.maturity.toFixed(2),
      ],
    })),
  }
  return (
    <Card
      title={strings.cards.surveysCompleted}
      headingLevel={3}
      table={table}
      testId="card-surveys"
      series={{ componentId: ComponentId.HealthCheck }}
      onSavePng={
        rows.length ? () => void saveChartPng(id, `${slug(`${strings.cards.surveysCompleted} ${area}`)}.png`) : null
      }
    >
      {rows.length === 0 ? (
        <NoData />
      ) : (
        <>
          <ExampleNotice summary={summary} />
          <p className="card-note" data-testid="quarter-convention">
            {strings.cards.surveysNote}
          </p>
          <ApexChart
            id={id}
            type="bar"
            height={280}
            label={`${strings.cards.surveysCompleted}, ${area}`}
            series={[
              { name: strings.cards.actualResponses, data: rows.map((r) => r.actual) },
              { name: strings.cards.expectedResponses, data: rows.map((r) => r.expected) },
            ]}
            options={countBarOptions(
              rows.map((r) => r.label),
              Math.max(0, ...rows.map((r) => Math.max(r.actual ?? 0, r.expected ?? 0))),
            )}
          />
          <dl className="inline-stats" data-testid="participating-by-quarter">
            {rows.map((r) => (
              <div key={r.key}>
                <dt>
                  {strings.cards.participatingOrganisations}, {r.label}
                </dt>
                <dd>{formatCount(r.participating)}</dd>
              </div>
            ))}
          </dl>
          {maturity != null ? (
            <div className="progress-block" data-testid="overall-maturity">
              <span id={`${id}-maturity`}>{strings.cards.overallMaturityOf(quarterText(summary?.quarter))}</span>
              <div
                className="progress"
                role="progressbar"
                aria-labelledby={`${id}-maturity`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={maturity}
              >
                <span style={{ width: `${Math.min(100, maturity)}%`, background: '#2E539D' }} />
              </div>
              <span>{formatPercentage(maturity)}</span>
            </div>
          ) : (
            <p className="card-note" data-testid="maturity-withheld">
              {strings.cards.overallMaturityOf(quarterText(summary?.quarter))}:{' '}
              {summary?.note ? strings.cards.publicFiguresNote : strings.cards.maturityWithheld}
            </p>
          )}
        </>
      )}
    </Card>
  )
}
