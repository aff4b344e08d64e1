// Reading failures of the API (section 8): every failure answers {success: false, message,
// errors: [{code, description}]}; anything else (network, unreadable body) is the generic failure.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { strings } from '../config/strings'
import type { AuthAnswer, ErrorItem } from './generated'

export interface Failure {
  /** HTTP status, or null when the server was not reached. */
  status: number | null
  message: string
  errors: ErrorItem[]
  /** The whole answer, for the fields some failures carry (login's userType, email and otp). */
  body: Partial<AuthAnswer>
}

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error
}

/** The failure of a rejected call (from `unwrap()` or a query's `error`). */
export function failureOf(error: unknown, fallback: string = strings.messages.generic): Failure {
  if (!isFetchError(error)) return { status: null, message: fallback, errors: [], body: {} }
  const status = typeof error.status === 'number' ? error.status : null
  const body = error.data as { message?: unknown; errors?: unknown } | undefined
  const message = typeof body?.message === 'string' && body.message ? body.message : fallback
  const errors = Array.isArray(body?.errors)
    ? (body.errors as unknown[]).filter(
        (e): e is ErrorItem =>
          typeof (e as ErrorItem)?.code === 'string' && typeof (e as ErrorItem)?.description === 'string',
      )
    : []
  return { status, message, errors, body: body && typeof body === 'object' ? (body as Partial<AuthAnswer>) : {} }
}

/** Section 8 registration failure: the errors flattened and joined by ' -- ', else the message. */
export function joinedDescriptions(failure: Failure): string {
  return failure.errors.length ? failure.errors.map((e) => e.description).join(' -- ') : failure.message
}

/** Section 8 profile failure: each error as 'code: description', joined by ' -- ', else the message. */
export function joinedCodeDescriptions(failure: Failure): string {
  return failure.errors.length ? failure.errors.map((e) => `${e.code}: ${e.description}`).join(' -- ') : failure.message
}

/** Field errors by field name, for showing beneath the fields. */
export function errorsByField(errors: ErrorItem[]): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const e of errors) (out[e.code] ??= []).push(e.description)
  return out
}
