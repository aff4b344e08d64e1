// Crime cards: 'GBVF crime breakdown' (pie, annual) and 'Total GBVF crime' (previous vs current
// SAPS financial year), plus the totals by financial year. Each has a data table, CSV and PNG.
import type { CrimeStats } from '../../api/generated'
import { ApexChart, saveChartPng } from '../../components/chart/apex-chart'
import { Card } from '../../components/card'
import type { TableData } from '../../components/data-table'
import { NoData } from '../../components/status'
import { ComponentId, colours } from '../../config/constants'
import { strings } from '../../config/strings'
import { crimeSource } from '../../lib/crime'
import { slug } from '../../lib/csv'
import { formatCount, formatPercentage } from '../../lib/format'
import { useMediaQuery } from '../../lib/use-media-query'
import { barOptions, pieOptions } from './chart-options'
import { breakdownSlices, comparisonRows, trendRows } from './crime-model'
import { areaName } from '../../lib/area-name'

function png(id: string, title: string, area: string) {
  return () => void saveChartPng(id, `${slug(`${title} ${area}`)}.png`)
}

export function CrimeBreakdownCard({
  stats,
  selected,
  defaultTypes,
}: {
  stats: CrimeStats
  selected: string[]
  defaultTypes: string[]
}) {
  const slices = breakdownSlices(stats, selected, defaultTypes)
  const area = areaName(stats.boundary)
  const id = 'crime-breakdown'
  const table: TableData = {
    title: strings.cards.crimeBreakdown,
    area,
    period: stats.period ?? '',
    source: crimeSource(stats),
    columns: [
      { label: strings.summary.crimeType },
      { label: strings.summary.count, numeric: true },
      { label: strings.summary.percentage, numeric: true },
    ],
    rows: slices.map((s) => ({
      display: [s.label, formatCount(s.value), formatPercentage(s.percentage)],
      raw: [s.label, s.value, s.percentage.toFixed(2)],
    })),
  }
  return (
    <Card
      title={strings.cards.crimeBreakdown}
      headingLevel={3}
      table={table}
      onSavePng={slices.length ? png(id, strings.cards.crimeBreakdown, area) : null}
      subtitle={stats.period ? `${strings.cards.financialYear} ${stats.period}` : undefined}
      testId="card-crime-breakdown"
      series={{ componentId: ComponentId.Crime, level: stats.boundary?.level }}
    >
      {slices.length === 0 ? (
        <NoData />
      ) : (
        <ApexChart
          id={id}
          type="donut"
          height={340}
          label={
            `${strings.cards.crimeBreakdown}, ${area}, ${stats.period}: ` +
            slices.map((s) => `${s.label} ${formatPercentage(s.percentage)}`).join(', ')
          }
          series={slices.map((s) => s.value)}
          options={pieOptions({
            labels: slices.map((s) => s.label),
            colors: slices.map((s) => s.color),
            percentages: slices.map((s) => s.percentage),
          })}
        />
      )}
    </Card>
  )
}

export function TotalCrimeCard({ stats, selected }: { stats: CrimeStats; selected: string[] }) {
  const narrow = useMediaQuery('(max-width: 600px)')
  const rows = comparisonRows(stats, selected)
  const area = areaName(stats.boundary)
  const id = 'total-crime'
  const previous = stats.previousPeriod ?? strings.cards.previousYear
  const current = stats.period ?? strings.cards.currentYear
  const table: TableData = {
    title: strings.cards.totalCrime,
    area,
    period: stats.previousPeriod ? `${stats.previousPeriod} and ${stats.period}` : (stats.period ?? ''),
    source: crimeSource(stats),
    columns: [
      { label: strings.summary.crimeType },
      { label: `${strings.cards.previousYear} (${previous})`, numeric: true },
      { label: `${strings.cards.currentYear} (${current})`, numeric: true },
    ],
    rows: [
      ...rows.map((r) => ({
        display: [r.label, formatCount(r.previous), formatCount(r.current)],
        raw: [r.label, r.previous, r.current],
      })),
      {
        display: [strings.cards.total, formatCount(stats.previousTotal), formatCount(stats.total)],
        raw: [strings.cards.total, stats.previousTotal, stats.total],
      },
    ],
  }
  const hasPrevious = rows.some((r) => r.previous != null)
  const series = [
    ...(hasPrevious
      ? [{ name: `${strings.cards.previousYear} (${previous})`, data: rows.map((r) => r.previous ?? 0) }]
      : []),
    { name: `${strings.cards.currentYear} (${current})`, data: rows.map((r) => r.current) },
  ]
  return (
    <Card
      title={strings.cards.totalCrime}
      headingLevel={3}
      table={rows.length ? table : null}
      onSavePng={rows.length ? png(id, strings.cards.totalCrime, area) : null}
      subtitle={
        stats.previousPeriod && stats.period
          ? strings.cards.totalCrimeCompares(stats.previousPeriod, stats.period)
          : strings.summary.annualNote
      }
      testId="card-total-crime"
      series={{ componentId: ComponentId.Crime, level: stats.boundary?.level }}
    >
      <p className="card__figures">
        <span>
          <span className="card__figure-label">
            {strings.cards.previousYear} ({previous})
          </span>{' '}
          <strong>{formatCount(stats.previousTotal)}</strong>
        </span>
        <span>
          <span className="card__figure-label">
            {strings.cards.currentYear} ({current})
          </span>{' '}
          <strong>{formatCount(stats.total)}</strong>
        </span>
      </p>
      {rows.length === 0 ? (
        <NoData />
      ) : (
        <ApexChart
          id={id}
          type="bar"
          height={Math.max(260, rows.length * 46 + 80)}
          label={`${strings.cards.totalCrime}, ${area}: ${previous} ${formatCount(stats.previousTotal)}, ${current} ${formatCount(stats.total)}`}
          series={series}
          options={barOptions({
            categories: rows.map((r) => r.label),
            colors: hasPrevious ? ['#D98286', colours.crimePrimary] : [colours.crimePrimary],
            horizontal: true,
            narrow,
            maxValue: Math.max(...rows.map((r) => Math.max(r.current, r.previous ?? 0))),
          })}
        />
      )}
    </Card>
  )
}

export function CrimeTrendCard({ stats }: { stats: CrimeStats }) {
  const rows = trendRows(stats)
  const area = areaName(stats.boundary)
  const id = 'crime-trend'
  if (rows.length < 2) return null
  const first = rows[0].period
  const last = rows[rows.length - 1].period
  const table: TableData = {
    title: strings.cards.totalCrimeTrend,
    area,
    period: `${first} to ${last}`,
    source: crimeSource(stats),
    columns: [{ label: strings.cards.financialYear }, { label: strings.summary.total, numeric: true }],
    rows: rows.map((r) => ({ display: [r.period, formatCount(r.total)], raw: [r.period, r.total] })),
  }
  const barColours = rows.map((r) =>
    r.period === stats.period ? colours.crimePrimary : r.period === stats.previousPeriod ? '#D98286' : '#E5A5A8',
  )
  return (
    <Card
      title={strings.cards.totalCrimeTrend}
      headingLevel={3}
      table={table}
      onSavePng={png(id, strings.cards.totalCrimeTrend, area)}
      subtitle={strings.cards.trendNote}
      testId="card-crime-trend"
      series={{ componentId: ComponentId.Crime, level: stats.boundary?.level }}
    >
      <ApexChart
        id={id}
        type="bar"
        height={280}
        label={
          `${strings.cards.totalCrimeTrend}, ${area}: ` +
          rows.map((r) => `${r.period} ${formatCount(r.total)}`).join(', ')
        }
        series={[{ name: strings.summary.total, data: rows.map((r) => r.total) }]}
        options={{
          ...barOptions({
            categories: rows.map((r) => r.period),
            colors: barColours,
            legend: false,
            maxValue: Math.max(...rows.map((r) => r.total)),
          }),
          plotOptions: { bar: { distributed: true, borderRadius: 2, columnWidth: '60%' } },
        }}
      />
    </Card>
  )
}
