// The public health-check cards with the server's answer shape (api/src/http/health_check/
// `public_stats`): Reach by organisation type, surveys completed by quarter with expected
// responses for the current quarter, participating organisations, the server's overall maturity
// or its note when withheld, the Example data notice, and 'No data available' when empty.
// ApexCharts draws nothing in jsdom, so the chart is replaced by a stub that shows its series.
import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { HealthCheckStats } from '../../api/generated'
import { strings } from '../../config/strings'
import { hasHealthCheckData, overallMaturity, reachSlices, surveyQuarters } from '../../lib/component-models'
import { ReachCard, SurveysCard } from './health-check-cards'

vi.mock('../../components/chart/apex-chart', () => ({
  ApexChart: ({
    id,
    series,
    options,
  }: {
    id: string
    series: unknown
    options: { labels?: string[]; xaxis?: { categories?: string[] } }
  }) => (
    <div
      data-testid={`chart-${id}`}
      data-series={JSON.stringify(series)}
      data-labels={JSON.stringify(options.labels ?? options.xaxis?.categories ?? [])}
    />
  ),
  saveChartPng: vi.fn(),
}))

const TYPES: [number, string][] = [
  [1, 'Non-profit organisation'],
  [2, 'Community-based organisation'],
  [4, 'Higher education institution'],
]

/** An answer like GET /api/healthcheck/stats?boundaryId=1 (no isIncluded, quarter as text). */
function stats(counts: number[], extra: Partial<HealthCheckStats> = {}): HealthCheckStats {
  return {
    boundaryId: 1,
    period: '2026 Q3',
    quarter: '2026Q3',
    published: true,
    healthCheckStats: TYPES.map(([id, description], i) => ({
      organisationTypeId: id,
      description,
      organisationCount: counts[i] ?? 0,
      overalMaturity: null,
      participatingOrganisations: 0,
      quarter: '2026Q3',
      totalActualResponses: 0,
    })),
    byQuarter: [],
    containedBoundaryData: [],
    example: false,
    overall: { overalMaturity: null, participatingOrganisations: 0, totalActualResponses: 0 },
    totalOrganisations: counts.reduce((s, n) => s + n, 0),
    totalParticipatingOrganisations: 0,
    totalActualResponses: 0,
    totalExpectedResponses: 0,
    note: 'Maturity is shown only where at least 3 organisations with at least 5 responses each contribute.',
    ...extra,
  }
}

const withResponses = stats([6, 2, 0], {
  byQuarter: [
    {
      quarter: '2026Q3',
      participatingOrganisations: 3,
      totalActualResponses: 21,
      overalMaturity: 57.5,
      totalExpectedResponses: 30,
    },
    {
      quarter: '2026Q2',
      participatingOrganisations: 1,
      totalActualResponses: 4,
      overalMaturity: null,
      totalExpectedResponses: 8,
    },
  ],
  overall: { overalMaturity: 57.5, participatingOrganisations: 3, totalActualResponses: 21 },
  totalExpectedResponses: 30,
})

describe('health-check models', () => {
  it('counts every organisation type in Reach when the server sends no isIncluded (no lump into Other)', () => {
    const slices = reachSlices(stats([6, 2, 0]))
    expect(slices.map((s) => [s.label, s.value, s.percentage])).toEqual([
      ['Non-profit organisation', 6, 75],
      ['Community-based organisation', 2, 25],
      ['Higher education institution', 0, 0],
    ])
    expect(slices.some((s) => s.label === strings.cards.other)).toBe(false)
    expect(reachSlices(stats([0, 0, 0]))).toEqual([])
  })
  it('puts quarters in order, each with the responses expected on its own links', () => {
    expect(surveyQuarters(withResponses)).toEqual([
      { key: '2026Q2', label: 'Q2 26', actual: 4, expected: 8, participating: 1, maturity: null },
      { key: '2026Q3', label: 'Q3 26', actual: 21, expected: 30, participating: 3, maturity: 57.5 },
    ])
  })
  it('gives every quarter the responses expected on its own links when the server sends them', () => {
    const perQuarter = {
      ...withResponses,
      byQuarter: [
        { ...withResponses.byQuarter[0], totalExpectedResponses: 30 },
        { ...withResponses.byQuarter[1], totalExpectedResponses: 8 },
        {
          quarter: '2026Q4',
          participatingOrganisations: 0,
          totalActualResponses: null,
          overalMaturity: null,
          totalExpectedResponses: 12,
        },
      ],
    }
    expect(surveyQuarters(perQuarter).map((r) => [r.label, r.expected])).toEqual([
      ['Q2 26', 8],
      ['Q3 26', 30],
      ['Q4 26', 12],
    ])
  })
  it('gives the current quarter a row when responses are expected before any arrive', () => {
    expect(surveyQuarters(stats([1], { totalExpectedResponses: 12 }))).toEqual([
      { key: '2026Q3', label: 'Q3 26', actual: 0, expected: 12, participating: 0, maturity: null },
    ])
    expect(surveyQuarters(stats([1]))).toEqual([])
  })
  it('takes the overall maturity from the server and invents none when it is withheld', () => {
    expect(overallMaturity(withResponses)).toBe(57.5)
    const perTypeOnly = stats([6, 2], {
      healthCheckStats: withResponses.healthCheckStats.map((s) => ({ ...s, overalMaturity: 80 })),
    })
    expect(overallMaturity(perTypeOnly)).toBeNull()
  })
  it('has data when organisations or responses exist', () => {
    expect(hasHealthCheckData(stats([0, 0, 0]))).toBe(false)
    expect(hasHealthCheckData(stats([0, 1, 0]))).toBe(true)
    expect(hasHealthCheckData(withResponses)).toBe(true)
  })
})

describe('Reach card', () => {
  it('draws the pie from organisationCount by type', () => {
    render(<ReachCard summary={stats([6, 2, 0])} area="South Africa" />)
    const chart = screen.getByTestId('chart-health-reach')
    // A type without organisations draws no slice.
    expect(JSON.parse(chart.dataset.series!)).toEqual([6, 2])
    expect(JSON.parse(chart.dataset.labels!)).toEqual(['Non-profit organisation', 'Community-based organisation'])
  })
  it("says 'No data available' without approved organisations", () => {
    render(<ReachCard summary={stats([0, 0, 0])} area="South Africa" />)
    expect(within(screen.getByTestId('card-reach')).getByText(strings.messages.noData)).toBeInTheDocument()
    expect(screen.queryByTestId('chart-health-reach')).not.toBeInTheDocument()
  })
})

describe('Number of surveys completed card', () => {
  it('draws actual against expected by quarter, participating organisations and the overall maturity', async () => {
    render(<SurveysCard summary={withResponses} area="South Africa" />)
    const card = screen.getByTestId('card-surveys')
    const chart = screen.getByTestId('chart-health-surveys')
    expect(JSON.parse(chart.dataset.labels!)).toEqual(['Q2 26', 'Q3 26'])
    expect(JSON.parse(chart.dataset.series!)).toEqual([
      { name: strings.cards.actualResponses, data: [4, 21] },
      { name: strings.cards.expectedResponses, data: [8, 30] },
    ])
    expect(within(card).getByTestId('participating-by-quarter')).toHaveTextContent(
      'Participating organisations, Q2 261Participating organisations, Q3 263',
    )
    // The quarter shown is the latest published one, and says so: not the current quarter the
    // building blocks show.
    const bar = within(card).getByRole('progressbar', { name: 'Overall maturity, Q3 26 (latest published)' })
    expect(bar).toHaveAttribute('aria-valuenow', '57.5')
    expect(within(card).getByTestId('overall-maturity')).toHaveTextContent('57.50%')
    expect(within(card).queryByTestId('example-data')).not.toBeInTheDocument()
    // The convention is stated once; each quarter's row has its own expected responses.
    expect(within(card).getAllByTestId('quarter-convention')).toHaveLength(1)
    await userEvent.setup().click(within(card).getByRole('button', { name: strings.dataTable.show }))
    const rows = within(card)
      .getAllByRole('row')
      .map((r) => r.textContent)
    expect(rows[1]).toContain('Q2 26')
    expect(rows[1]).toContain('8')
  })
  it("shows the server's note instead of a maturity it withholds", () => {
    render(
      <SurveysCard
        summary={{
          ...withResponses,
          overall: { overalMaturity: null, participatingOrganisations: 2, totalActualResponses: 7 },
        }}
        area="South Africa"
      />,
    )
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(screen.getByTestId('maturity-withheld')).toHaveTextContent(
      'at least 3 organisations with at least 5 responses',
    )
  })
  it('shows the Example data notice when the figures include examples', () => {
    render(<SurveysCard summary={{ ...withResponses, example: true }} area="South Africa" />)
    expect(screen.getByTestId('example-data')).toHaveTextContent(strings.cards.exampleData)
  })
  it("says 'No data available' without responses", () => {
    render(<SurveysCard summary={stats([4, 1, 0])} area="South Africa" />)
    expect(within(screen.getByTestId('card-surveys')).getByText(strings.messages.noData)).toBeInTheDocument()
    expect(screen.queryByTestId('chart-health-surveys')).not.toBeInTheDocument()
  })
})

describe('count axis', () => {
  it('has whole-number steps', async () => {
    const { countAxisMax, VALUE_AXIS_TICKS } = await import('./chart-options')
    expect(VALUE_AXIS_TICKS).toBe(4)
    for (const [max, axis] of [
      [0, 4],
      [1, 4],
      [4, 4],
      [7, 8],
      [21, 24],
      [123, 160],
    ] as const) {
      expect(countAxisMax(max)).toBe(axis)
      expect(Number.isInteger(countAxisMax(max) / VALUE_AXIS_TICKS)).toBe(true)
    }
  })
})
