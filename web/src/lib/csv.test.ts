import { describe, expect, it } from 'vitest'
import { parse } from 'csv-parse/sync'
import { neutraliseCsvText, toCsv } from './csv'

/** The rows of CSV text (a well-kept parser, not the code under test). */
const parseCsv = (text: string): string[][] => parse(text, { bom: true, relax_column_count: true })

describe('CSV cells that a spreadsheet would run as formulas', () => {
  it('get a leading quote when text begins with = + - @ tab or carriage return', () => {
    for (const [raw, safe] of [
      ['=HYPERLINK("http://example.org","x")', `'=HYPERLINK("http://example.org","x")`],
      ['+27 82 123 4567', "'+27 82 123 4567"],
      ['-Thandi', "'-Thandi"],
      ['-2+3', "'-2+3"],
      ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
      ['\tx', "'\tx"],
      ['\rx', "'\rx"],
      ['\0x', "'\0x"],
      ['Gauteng', 'Gauteng'],
      ['a=b', 'a=b'],
      ['', ''],
    ]) {
      expect(neutraliseCsvText(raw)).toBe(safe)
    }
  })

  it('keeps numbers, also negative ones and those written with toFixed, as numbers', () => {
    expect(neutraliseCsvText('-12.50')).toBe('-12.50')
    expect(neutraliseCsvText('+3')).toBe('+3')
    const csv = toCsv(['Area', 'Change', 'Rate', 'Label'], [['=1+2', -5, (-12.5).toFixed(2), '-ve']])
    expect(parseCsv(csv)).toEqual([
      ['Area', 'Change', 'Rate', 'Label'],
      ["'=1+2", '-5', '-12.50', "'-ve"],
    ])
  })
})
