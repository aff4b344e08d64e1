import { describe, expect, it } from 'vitest'
import { crimeStats } from '../../test/mocks/fixtures'
import { breakdownSlices, comparisonRows, trendRows } from './crime-model'
import { strings } from '../../config/strings'

describe('crime chart series', () => {
  const stats = crimeStats(1)

  it('uses the API distribution as it is when nothing is selected', () => {
    const slices = breakdownSlices(stats, [])
    expect(slices.map((s) => s.value)).toEqual(
      [...stats.distribution].sort((a, b) => b.value - a.value).map((d) => d.value),
    )
    expect(
      slices.every((s) => stats.distribution.some((d) => d.crimeTypeId === s.id && d.percentage === s.percentage)),
    ).toBe(true)
    expect(slices.some((s) => s.label === strings.cards.other)).toBe(false)
  })

  it("groups unselected types as 'Other' in #cccccc", () => {
    const defaults = stats.distribution.map((d) => d.crimeTypeId)
    const slices = breakdownSlices(crimeStats(1, ['6']), ['6'], defaults)
    expect(slices.map((s) => s.label)).toEqual(['Murder', strings.cards.other])
    expect(slices[1].color).toBe('#cccccc')
    const sum = slices.reduce((s, x) => s + x.percentage, 0)
    expect(sum).toBeCloseTo(100, 1)
  })

  it('compares previous and current financial year per type, highest first', () => {
    const rows = comparisonRows(stats, [])
    expect(rows.length).toBe(4)
    expect(rows[0].current).toBeGreaterThanOrEqual(rows[1].current)
    expect(rows.every((r) => r.previous != null)).toBe(true)
    expect(comparisonRows(stats, ['6']).map((r) => r.id)).toEqual(['6'])
  })

  it('orders the trend by year', () => {
    const rows = trendRows(stats)
    expect(rows[0].period).toBe('2013/14')
    expect(rows[rows.length - 1].period).toBe('2022/23')
  })
})

import { niceAxisMax } from './chart-options'
describe('value axis', () => {
  it('ends at a round maximum giving 5 readable ticks', () => {
    expect(niceAxisMax(460000)).toBe(480000)
    expect(niceAxisMax(216200)).toBe(240000)
    expect(niceAxisMax(100)).toBe(100)
    expect(niceAxisMax(0)).toBe(4)
  })
})
