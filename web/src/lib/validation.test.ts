// Section 5 rules and their exact messages.
import { describe, expect, it } from 'vitest'
import { strings } from '../config/strings'
import {
  collect,
  confirmPasswordErrors,
  contactNumberErrors,
  digitsOnly,
  emailErrors,
  hasErrors,
  memberCountErrors,
  nameErrors,
  otpErrors,
  passwordErrors,
  plainApostrophes,
  postalCodeErrors,
  requiredErrors,
  termsErrors,
} from './validation'
import { adminStrings } from '../config/admin-strings'

const m = strings.validation

describe('password', () => {
  it("is required: 'Password is required'", () => {
    expect(passwordErrors('')).toEqual([strings.validation.passwordRequired])
  })
  it("needs 12 characters: 'Password must be at least 12 characters long'", () => {
    expect(passwordErrors('Ab1!')).toContain('Password must be at least 12 characters long')
  })
  it('needs a digit, a lowercase and an uppercase letter, a special character and 12 distinct characters', () => {
    expect(passwordErrors('abcdefghijkl')).toEqual([m.passwordDigit, m.passwordUppercase, m.passwordSpecial])
    expect(passwordErrors('ABCDEFGHIJK1!')).toEqual([m.passwordLowercase])
    expect(passwordErrors('Aaaaaaaaaaaa1!')).toEqual([m.passwordDistinct])
    expect(passwordErrors('Kitchen-Table-Lamp9')).toEqual([m.passwordSpecial])
  })
  it('accepts each special character of ! @ # $ % ^ & * ( )', () => {
    for (const c of '!@#$%^&*()') expect(passwordErrors(`Abcdefghij1${c}`)).toEqual([])
  })
  it('accepts a password meeting every rule', () => {
    expect(passwordErrors('Correct!Horse9Battery')).toEqual([])
  })
  it("confirmation: required, then 'Passwords do not match'", () => {
    expect(confirmPasswordErrors('Correct!Horse9Battery', '')).toEqual([m.confirmPasswordRequired])
    expect(confirmPasswordErrors('Correct!Horse9Battery', 'Correct!Horse9Batter')).toEqual([
      strings.validation.passwordsDoNotMatch,
    ])
    expect(confirmPasswordErrors('Correct!Horse9Battery', 'Correct!Horse9Battery')).toEqual([])
  })
})

describe('e-mail, contact number, OTP, terms', () => {
  it("e-mail: 'Email is required', 'Please enter a valid email address'", () => {
    expect(emailErrors('  ')).toEqual([strings.validation.emailRequired])
    expect(emailErrors('not-an-email')).toEqual([strings.validation.emailInvalid])
    expect(emailErrors('thandi@example')).toEqual([strings.validation.emailInvalid])
    expect(emailErrors('thandi@example.org')).toEqual([])
  })
  it("contact number: exactly 10 digits after stripping, 'Contact number must be 10 digits long'", () => {
    expect(digitsOnly('(082) 123-4567')).toBe('0821234567')
    expect(contactNumberErrors('082 123 456')).toEqual([strings.validation.contactNumberLength])
    expect(contactNumberErrors('082-123-4567')).toEqual([])
    expect(contactNumberErrors('')).toEqual([m.contactNumberRequired])
    expect(contactNumberErrors('', false)).toEqual([])
  })
  it("OTP: 'OTP must be 6 digits long.', 'OTP must only contain numbers.'", () => {
    expect(otpErrors('12345')).toEqual([strings.validation.otpLength])
    expect(otpErrors('1234567')).toEqual([strings.validation.otpLength])
    expect(otpErrors('12a456')).toEqual([strings.validation.otpDigits])
    expect(otpErrors('')).toEqual([m.otpRequired])
    expect(otpErrors('123456')).toEqual([])
  })
  it("terms: 'Accept terms and conditions to continue'", () => {
    expect(termsErrors(false)).toEqual([strings.validation.terms])
    expect(termsErrors(true)).toEqual([])
  })
})

describe('names, choices, members, postal code', () => {
  it("names: required, then letters, spaces and . ' - only (organisations also digits and , & ( ) /)", () => {
    expect(nameErrors('', 'First name')).toEqual(['First name is required'])
    expect(nameErrors('R2-D2', 'First name')).toEqual(['Please enter a valid first name'])
    expect(nameErrors("Nomvula-Zoë O'Neil", 'First name')).toEqual([])
    expect(nameErrors('Ikhaya Women’s Centre (Gqeberha) 2', 'Organisation name', true)).toEqual([])
    expect(nameErrors('123', 'Organisation name', true)).toEqual(['Please enter a valid organisation name'])
    expect(nameErrors('a'.repeat(101), 'Full name')).toEqual(['Please enter a valid full name'])
  })
  it('turns typographic apostrophes into the plain one the server knows', () => {
    expect(plainApostrophes('O’Neil ‘Nomsa’')).toBe("O'Neil 'Nomsa'")
  })
  it('choices, members (at least 1) and postal code (a number)', () => {
    expect(requiredErrors('', 'Title')).toEqual([adminStrings.user.titleRequired])
    expect(requiredErrors('3', 'Title')).toEqual([])
    expect(memberCountErrors('')).toEqual([m.membersRequired])
    expect(memberCountErrors('0')).toEqual([m.membersMinimum])
    expect(memberCountErrors('1.5')).toEqual([m.membersMinimum])
    expect(memberCountErrors('12')).toEqual([])
    expect(postalCodeErrors('')).toEqual([])
    expect(postalCodeErrors('6001a')).toEqual([m.postalCodeNumber])
  })
  it('collects only fields with messages', () => {
    const errors = collect({ a: [], b: ['x'] })
    expect(errors).toEqual({ b: ['x'] })
    expect(hasErrors(errors)).toBe(true)
    expect(hasErrors(collect({ a: [] }))).toBe(false)
  })
})
