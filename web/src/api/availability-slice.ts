// Whether the answers on screen are the server's last saved ones because its database cannot be
// reached: the server then serves cached public answers with
// `X-GBVF-Stale: database unreachable`, and answers other calls with 503. The header shows a
// notice while this is so; the next fresh answer clears it.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

/** The response header the server sets on a stale cached answer (api/src/http/db_health.rs). */
export const STALE_HEADER = 'x-gbvf-stale'

export interface AvailabilityState {
  stale: boolean
}

const initialState: AvailabilityState = { stale: false }

export const availabilitySlice = createSlice({
  name: 'availability',
  initialState,
  reducers: {
    /** An answer arrived: `stale` when it was marked stale or the server was unavailable (503). */
    answerReceived(state, action: PayloadAction<{ stale: boolean }>) {
      state.stale = action.payload.stale
    },
  },
  selectors: {
    selectAnswersStale: (state) => state.stale,
  },
})

export const { answerReceived } = availabilitySlice.actions
export const { selectAnswersStale } = availabilitySlice.selectors

/** Whether a response says the database could not be reached. */
export function isStaleResponse(response: Pick<Response, 'status' | 'headers' | 'ok'> | undefined): boolean | null {
  if (!response) return null
  if (response.headers.get(STALE_HEADER)) return true
  if (response.status === 503) return true
  return response.ok ? false : null
}
