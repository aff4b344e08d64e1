// Reading admin failures (section 7 and 8): a refused call answers {success:false, message,
// errors}; errors is a list of {code, description} (docs/admin-api.md) or, in older answers, a
// map of lists. The toasts show the errors joined by ' -- ', else the message, else the generic
// failure.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { adminStrings } from '../../config/admin-strings'

export interface AdminFailure {
  /** HTTP status, or null when the server was not reached or the answer was unreadable. */
  status: number | null
  message: string
  /** Error descriptions in order. */
  descriptions: string[]
  /** Descriptions by error code (the field they belong to, when the code names one). */
  byCode: Record<string, string[]>
  body: Record<string, unknown>
}

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error
}

function readErrors(errors: unknown): { descriptions: string[]; byCode: Record<string, string[]> } {
  const descriptions: string[] = []
  const byCode: Record<string, string[]> = {}
  const add = (code: string, text: unknown) => {
    if (typeof text !== 'string' || !text) return
    descriptions.push(text)
    ;(byCode[code] ??= []).push(text)
  }
  if (Array.isArray(errors)) {
    for (const e of errors) {
      if (typeof e === 'string') add('', e)
      else if (e && typeof e === 'object') {
        const code = (e as { code?: unknown }).code
        add(
          typeof code === 'string' || typeof code === 'number' ? String(code) : '',
          (e as { description?: unknown }).description,
        )
      }
    }
  } else if (errors && typeof errors === 'object') {
    for (const [code, list] of Object.entries(errors as Record<string, unknown>)) {
      for (const text of Array.isArray(list) ? list : [list]) add(code, text)
    }
  }
  return { descriptions, byCode }
}

/** The failure of a rejected call (from `unwrap()`), or of an answer with success:false. */
export function adminFailureOf(error: unknown): AdminFailure {
  let status: number | null = null
  let body: unknown = error instanceof RefusedAnswer ? error.answer : error
  if (isFetchError(error)) {
    status = typeof error.status === 'number' ? error.status : null
    body = error.data
  }
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  const message = typeof record.message === 'string' && record.message ? record.message : adminStrings.messages.generic
  return { status, message, ...readErrors(record.errors), body: record }
}

/** Section 8: the errors joined by ' -- ', else the message. */
export function joinedErrors(failure: AdminFailure): string {
  return failure.descriptions.length ? failure.descriptions.join(' -- ') : failure.message
}

/** An answer with success:false, thrown as an Error; adminFailureOf reads the answer inside. */
export class RefusedAnswer extends Error {
  readonly answer: unknown

  constructor(answer: unknown) {
    super('The server refused the request')
    this.name = 'RefusedAnswer'
    this.answer = answer
  }
}

/** Throws the answer when it says success:false, so callers handle every refusal in one place. */
export function ensureSuccess<T extends { success?: boolean }>(answer: T): T {
  if (answer && answer.success === false) throw new RefusedAnswer(answer)
  return answer
}
