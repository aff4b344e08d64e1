// Section 5 pieces and their exact messages: phone digits, plain apostrophes, the OTP rule, and
// the field-errors record. (The account fields' rules: field-schemas.test.ts.)
import { describe, expect, it } from 'vitest'
import { strings } from '../config/strings'
import { collect, digitsOnly, hasErrors, otpErrors, plainApostrophes } from './validation'

const m = strings.validation

describe('phone digits, OTP, apostrophes', () => {
  it('phone values are stripped to digits', () => {
    expect(digitsOnly('(082) 123-4567')).toBe('0821234567')
  })
  it("OTP: 'OTP must be 6 digits long.', 'OTP must only contain numbers.'", () => {
    expect(otpErrors('12345')).toEqual([strings.validation.otpLength])
    expect(otpErrors('1234567')).toEqual([strings.validation.otpLength])
    expect(otpErrors('12a456')).toEqual([strings.validation.otpDigits])
    expect(otpErrors('')).toEqual([m.otpRequired])
    expect(otpErrors('123456')).toEqual([])
  })
  it('turns typographic apostrophes into the plain one the server knows', () => {
    expect(plainApostrophes('O’Neil ‘Nomsa’')).toBe("O'Neil 'Nomsa'")
  })
})

describe('field errors', () => {
  it('collects only fields with messages', () => {
    const errors = collect({ a: [], b: ['x'] })
    expect(errors).toEqual({ b: ['x'] })
    expect(hasErrors(errors)).toBe(true)
    expect(hasErrors(collect({ a: [] }))).toBe(false)
  })
})
