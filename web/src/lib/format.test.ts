import { afterEach, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { activate, type CompiledCatalog } from '../i18n/runtime'
import {
  abbreviateThousands,
  financialYearLabel,
  formatAvailability,
  formatCount,
  formatDecimal,
  formatIsoDate,
  formatPercentage,
  formatRate,
  formatSignedPercentage,
  percentageChange,
  quarterLabel,
  quarterOfMonth,
} from './format'

describe('number formatting', () => {
  it('groups thousands in counts', () => {
    expect(formatCount(460000)).toBe('460,000')
    expect(formatCount(1234567)).toBe('1,234,567')
    expect(formatCount(999)).toBe('999')
    expect(formatCount(0)).toBe('0')
    expect(formatCount(-4500)).toBe('-4,500')
    expect(formatCount(null)).toBe('–')
  })

  it('shows percentages with exactly 2 decimals', () => {
    expect(formatPercentage(5.98)).toBe('5.98%')
    expect(formatPercentage(5.9)).toBe('5.90%')
    expect(formatPercentage(12)).toBe('12.00%')
    expect(formatPercentage(33.333333)).toBe('33.33%')
    expect(formatPercentage(0.005)).toBe('0.01%')
    expect(formatPercentage(100)).toBe('100.00%')
    expect(formatPercentage(undefined)).toBe('–')
  })

  it('shows availability 0..1 as a percentage with 2 decimals', () => {
    expect(formatAvailability(0.5)).toBe('50.00%')
    expect(formatAvailability(0.12345)).toBe('12.35%')
    expect(formatAvailability(1)).toBe('100.00%')
  })

  it('shows rates per 100,000 with 2 decimals', () => {
    expect(formatRate(741.23)).toBe('741.23')
    expect(formatRate(741.2)).toBe('741.20')
    expect(formatRate(1741.236)).toBe('1,741.24')
    expect(formatRate(null)).toBe('–')
    expect(formatDecimal(-0.001)).toBe('0.00')
  })

  it('signs changes', () => {
    expect(percentageChange(460000, 450000)).toBeCloseTo(2.2222, 3)
    expect(formatSignedPercentage(percentageChange(460000, 450000))).toBe('+2.22%')
    expect(formatSignedPercentage(-1.5)).toBe('-1.50%')
    expect(formatSignedPercentage(null)).toBe('–')
    expect(percentageChange(5, 0)).toBeNull()
  })

  it('abbreviates thousands with k on value axes', () => {
    expect(abbreviateThousands(25000)).toBe('25k')
    expect(abbreviateThousands(2500)).toBe('2.5k')
    expect(abbreviateThousands(1000)).toBe('1k')
    expect(abbreviateThousands(500)).toBe('500')
    expect(abbreviateThousands(0)).toBe('0')
    expect(abbreviateThousands(1_500_000)).toBe('1.5M')
  })
})

describe('period labels', () => {
  it('labels SAPS financial years April to March', () => {
    expect(financialYearLabel(2022)).toBe('2022/23')
    expect(financialYearLabel(2013)).toBe('2013/14')
    expect(financialYearLabel(1999)).toBe('1999/00')
    expect(financialYearLabel(2009)).toBe('2009/10')
  })

  it('labels quarters Q1..Q4 with a two-digit year', () => {
    expect(quarterLabel(1, 2023)).toBe('Q1 23')
    expect(quarterLabel(4, 2009)).toBe('Q4 09')
    expect(quarterLabel(2, 2000)).toBe('Q2 00')
    expect(() => quarterLabel(5, 2023)).toThrow(RangeError)
  })

  it('maps months to calendar quarters (Jan-Mar = Q1)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(quarterOfMonth)).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4])
  })

  it('formats ISO dates without timezone shifts', () => {
    expect(formatIsoDate('2022-04-01')).toBe('1 April 2022')
    expect(formatIsoDate('2023-03-31')).toBe('31 March 2023')
  })
})

describe('in the language the reader picked', () => {
  afterEach(() => activate('en', {}))
  const catalog = (code: string) =>
    // The compiled catalogs the app loads (npm run i18n).
    JSON.parse(readFileSync(`src/locales/compiled/${code}.json`, 'utf8')) as CompiledCatalog

  it('Afrikaans groups with spaces and uses a decimal comma; dates name its months', () => {
    activate('af', catalog('af'))
    expect(formatCount(460871)).toBe('460\u00a0871')
    expect(formatPercentage(5.981)).toBe('5,98%')
    expect(formatIsoDate('2022-04-01')).toBe('1 April 2022')
    expect(formatIsoDate('2023-03-31')).toBe('31 Maart 2023')
  })

  it('isiZulu names its months; English keeps its fixed format', () => {
    activate('zu', catalog('zu'))
    expect(formatIsoDate('2022-04-01')).toBe('1 Ephreli 2022')
    activate('en', {})
    expect(formatCount(460871)).toBe('460,871')
    expect(formatIsoDate('2022-04-01')).toBe('1 April 2022')
  })
})
