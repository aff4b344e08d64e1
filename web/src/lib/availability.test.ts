import { describe, expect, it } from 'vitest'
import { strings } from '../config/strings'
import { availabilityCsv, awaitsVerification, describeAvailability, listedAndVerified } from './availability'

describe('availability before verification', () => {
  it('reads "Not yet verified" where providers are listed and none is verified, never 0%', () => {
    expect(describeAvailability(null, 43)).toBe(strings.availability.notYetVerified)
    expect(availabilityCsv(null, 43)).toBe(strings.availability.notYetVerified)
    expect(awaitsVerification(null, 43)).toBe(true)
  })
  it('shows a verified figure as a percentage, also a real 0%', () => {
    expect(describeAvailability(0, 43)).toBe('0.00%')
    expect(describeAvailability(0.25, 4)).toBe('25.00%')
    expect(availabilityCsv(0.25, 4)).toBe('25.00')
    expect(awaitsVerification(0, 43)).toBe(false)
  })
  it('has no figure without listed providers', () => {
    expect(describeAvailability(null, 0)).toBe('–')
    expect(availabilityCsv(null, 0)).toBeNull()
  })
  it('shows the coverage beside a figure: verified of listed', () => {
    expect(listedAndVerified(1154, 0)).toBe('0 of 1,154 verified')
    expect(listedAndVerified(42, 1)).toBe('1 of 42 verified')
    // Nothing listed: no coverage to state ('0 of 0 verified' would read as a shortfall).
    expect(listedAndVerified(0, 0)).toBe(strings.availability.noneListed)
  })
})
