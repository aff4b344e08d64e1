import { configureStore } from '@reduxjs/toolkit'
import { describe, expect, it } from 'vitest'
import { answerReceived, availabilitySlice, isStaleResponse, selectAnswersStale } from './availability-slice'

const response = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers })

describe('stale answers', () => {
  it('reads the server header and 503 as stale, a fresh answer as not, other errors as unknown', () => {
    expect(isStaleResponse(response(200, { 'X-GBVF-Stale': 'database unreachable' }))).toBe(true)
    expect(isStaleResponse(response(503))).toBe(true)
    expect(isStaleResponse(response(200))).toBe(false)
    expect(isStaleResponse(response(404))).toBeNull()
    expect(isStaleResponse(undefined)).toBeNull()
  })

  it('shows the notice until a fresh answer arrives', () => {
    const store = configureStore({ reducer: { availability: availabilitySlice.reducer } })
    expect(selectAnswersStale(store.getState())).toBe(false)
    store.dispatch(answerReceived({ stale: true }))
    expect(selectAnswersStale(store.getState())).toBe(true)
    store.dispatch(answerReceived({ stale: false }))
    expect(selectAnswersStale(store.getState())).toBe(false)
  })
})
