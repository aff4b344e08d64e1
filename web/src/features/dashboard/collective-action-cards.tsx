// Collective-action cards: per pillar (Active Challenges, Past Challenges and a pie) and per cycle
// (bars, legend Completed and Active).
import type { CollectiveActionStats } from '../../api/generated'
import { ApexChart, saveChartPng } from '../../components/chart/apex-chart'
import { Card } from '../../components/card'
import type { TableData } from '../../components/data-table'
import { NoData } from '../../components/status'
import { ComponentId, colours } from '../../config/constants'
import { strings } from '../../config/strings'
import { slug } from '../../lib/csv'
import { formatCount, formatPercentage } from '../../lib/format'
import { barOptions, pieOptions } from './chart-options'
import { cycleRows, pillarSlices } from '../../lib/component-models'

const SOURCE = 'Collective actions'

export function PillarCard({ summary, area }: { summary: CollectiveActionStats | undefined; area: string }) {
  const slices = pillarSlices(summary)
  const id = 'collective-pillar'
  const table: TableData = {
    title: strings.cards.collectiveActionsPerPillar,
    area,
    period: '',
    source: SOURCE,
    columns: [
      { label: strings.cards.pillar },
      { label: strings.cards.total, numeric: true },
      { label: strings.summary.percentage, numeric: true },
    ],
    rows: slices.map((s) => ({
      display: [s.label, formatCount(s.value), formatPercentage(s.percentage)],
      raw: [s.label, s.value, s.percentage.toFixed(2)],
    })),
  }
  const hasCounts = !!summary && summary.totalActions > 0
  return (
    <Card
      title={strings.cards.collectiveActionsPerPillar}
      headingLevel={3}
      table={table}
      testId="card-pillar"
      series={{ componentId: ComponentId.CollectiveAction }}
      onSavePng={
        slices.length
          ? () => void saveChartPng(id, `${slug(`${strings.cards.collectiveActionsPerPillar} ${area}`)}.png`)
          : null
      }
    >
      {hasCounts ? (
        <dl className="stat-pair">
          <div>
            <dt>{strings.cards.activeChallenges}</dt>
            <dd>{formatCount(summary.activeCollectiveActions)}</dd>
          </div>
          <div>
            <dt>{strings.cards.pastChallenges}</dt>
            <dd>{formatCount(summary.inactiveCollectiveActions)}</dd>
          </div>
        </dl>
      ) : null}
      {slices.length === 0 ? (
        <NoData />
      ) : (
        <ApexChart
          id={id}
          type="donut"
          height={300}
          label={`${strings.cards.collectiveActionsPerPillar}, ${area}`}
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

export function CycleCard({ summary, area }: { summary: CollectiveActionStats | undefined; area: string }) {
  const rows = cycleRows(summary)
  const id = 'collective-cycle'
  const table: TableData = {
    title: strings.cards.collectiveActionsPerCycle,
    area,
    period: '',
    source: SOURCE,
    columns: [
      { label: strings.cards.cycle },
      { label: strings.cards.completed, numeric: true },
      { label: strings.cards.active, numeric: true },
    ],
    rows: rows.map((r) => ({
      display: [r.label, formatCount(r.completed), formatCount(r.active)],
      raw: [r.label, r.completed, r.active],
    })),
  }
  return (
    <Card
      title={strings.cards.collectiveActionsPerCycle}
      headingLevel={3}
      table={table}
      testId="card-cycle"
      series={{ componentId: ComponentId.CollectiveAction }}
      onSavePng={
        rows.length
          ? () => void saveChartPng(id, `${slug(`${strings.cards.collectiveActionsPerCycle} ${area}`)}.png`)
          : null
      }
    >
      {rows.length === 0 ? (
        <NoData />
      ) : (
        <ApexChart
          id={id}
          type="bar"
          height={280}
          label={`${strings.cards.collectiveActionsPerCycle}, ${area}`}
          series={[
            { name: strings.cards.completed, data: rows.map((r) => r.completed) },
            { name: strings.cards.active, data: rows.map((r) => r.active) },
          ]}
          options={barOptions({
            categories: rows.map((r) => r.label),
            colors: [colours.collectiveActions[0], colours.collectiveActions[3]],
          })}
        />
      )}
    </Card>
  )
}
