// The headline crime figures for the selected area: Total GBVF crime for the latest SAPS
// financial year, the previous year, the rate per 100,000 people and the crime-type breakdown.
// Plain HTML (no chart library) so the landing page renders quickly.
import { Card } from '../../components/card'
import { ErrorMessage, NoData, Spinner } from '../../components/status'
import type { TableData } from '../../components/data-table'
import type { CrimeStats } from '../../api/generated'
import { strings } from '../../config/strings'
import {
  formatCount,
  formatIsoDate,
  formatPercentage,
  formatRate,
  formatSignedPercentage,
  percentageChange,
} from '../../lib/format'
import { crimeSource, periodText } from '../../lib/crime'
import { areaName } from '../../lib/area-name'
import { noCrimeFiguresMessage } from '../../components/as-of-notice'

/** "a, b and c" in the page's language (Intl.ListFormat). */
function listOf(items: string[]): string {
  return new Intl.ListFormat(document.documentElement.lang || 'en', { type: 'conjunction' }).format(items)
}

export function breakdownTable(stats: CrimeStats): TableData {
  return {
    title: strings.summary.breakdown,
    area: areaName(stats.boundary),
    period: stats.period ?? '',
    source: crimeSource(stats),
    columns: [
      { label: strings.summary.crimeType },
      { label: strings.summary.count, numeric: true },
      { label: strings.summary.percentage, numeric: true },
    ],
    rows: stats.distribution.map((d) => ({
      display: [d.description, formatCount(d.value), formatPercentage(d.percentage)],
      raw: [d.description, d.value, d.percentage.toFixed(2)],
    })),
  }
}

export function CrimeSummary({
  stats,
  isLoading,
  isError,
}: {
  stats: CrimeStats | undefined
  isLoading: boolean
  isError: boolean
}) {
  if (isLoading && !stats)
    return (
      <section className="summary" aria-busy="true">
        <Spinner />
      </section>
    )
  if (isError || !stats)
    return (
      <section className="summary">
        <ErrorMessage />
      </section>
    )
  const area = areaName(stats.boundary)
  const change = percentageChange(stats.total, stats.previousTotal)
  const max = Math.max(1, ...stats.distribution.map((d) => d.value))
  return (
    <section className="summary" aria-labelledby="summary-heading" data-testid="crime-summary">
      <h1 id="summary-heading" className="summary__title">
        {strings.summary.heading(area)}
      </h1>
      {stats.total == null ? (
        // Under a permalink dated before any figure: that none had been recorded by then.
        <NoData message={noCrimeFiguresMessage(stats.asOf)} />
      ) : (
        <>
          <p className="summary__period">
            {stats.period && stats.periodStart && stats.periodEnd
              ? strings.summary.financialYear(
                  stats.period,
                  formatIsoDate(stats.periodStart),
                  formatIsoDate(stats.periodEnd),
                )
              : periodText(stats)}
            .{!stats.isLatest && stats.period ? <> {strings.summary.notLatest(stats.period)}</> : null}
          </p>
          <dl className="stat-tiles">
            <div className="stat-tile stat-tile--primary">
              <dt>
                {strings.summary.total} <span className="stat-tile__period">{stats.period}</span>
              </dt>
              <dd data-testid="total-crime">{formatCount(stats.total)}</dd>
            </div>
            <div className="stat-tile">
              <dt>
                {strings.summary.previousYear} <span className="stat-tile__period">{stats.previousPeriod ?? ''}</span>
              </dt>
              <dd data-testid="previous-total">{formatCount(stats.previousTotal)}</dd>
              {change != null ? (
                <dd className={`stat-tile__change ${change > 0 ? 'up' : change < 0 ? 'down' : ''}`}>
                  <span className="visually-hidden">{strings.summary.change}: </span>
                  {formatSignedPercentage(change)}
                </dd>
              ) : null}
            </div>
            <div className="stat-tile">
              <dt>{strings.summary.rate}</dt>
              <dd data-testid="crime-rate">{formatRate(stats.rate)}</dd>
            </div>
          </dl>
          {stats.distribution.length > 0 && stats.period ? (
            <p className="summary__note" data-testid="total-definition">
              {strings.summary.totalDefinition(
                stats.period,
                listOf(stats.distribution.map((d) => d.description.toLowerCase())),
              )}
            </p>
          ) : null}
          {stats.source?.rateNote ? <p className="summary__note">{strings.summary.rateNote}</p> : null}
          <Card
            title={strings.summary.breakdown}
            table={breakdownTable(stats)}
            headingLevel={2}
            className="card--flat"
            testId="breakdown-card"
          >
            {stats.distribution.length === 0 ? (
              <NoData />
            ) : (
              <ul className="bar-list">
                {stats.distribution.map((d) => (
                  <li key={d.crimeTypeId} className="bar-list__item">
                    <span className="bar-list__label">{d.description}</span>
                    <span className="bar-list__value">
                      {formatCount(d.value)} <span className="bar-list__pct">({formatPercentage(d.percentage)})</span>
                    </span>
                    <span className="bar-list__bar" aria-hidden="true">
                      <span style={{ width: `${(d.value / max) * 100}%` }} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </section>
  )
}
