// The session's CSRF token. The server wants it as X-CSRF-Token on every state-changing /api
// call; it hands it out with the session check and GET /api/auth/csrf, and replaces it whenever
// it rotates the session (sign-in, logout, add-password, a verify-otp that signs in).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export interface CsrfState {
  token: string | null
}

const initialState: CsrfState = { token: null }

export const csrfSlice = createSlice({
  name: 'csrf',
  initialState,
  reducers: {
    csrfTokenReceived(state, action: PayloadAction<string>) {
      state.token = action.payload
    },
    /** The session was rotated: the next state-changing call fetches the new token first. */
    csrfTokenExpired(state) {
      state.token = null
    },
  },
  selectors: {
    selectCsrfToken: (state) => state.token,
  },
})

export const { csrfTokenReceived, csrfTokenExpired } = csrfSlice.actions
export const { selectCsrfToken } = csrfSlice.selectors
