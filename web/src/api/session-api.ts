// The session check (POST /api/auth/userAuthenticated) and sign-out, which every page's header
// needs (section 4), generated from the API document into endpoints/session.ts (npm run gen:api;
// the session check, a POST, as a query: openapi.config.js postQueries). This file only adds
// what the document cannot say: the 'Session' tag, how long the session is kept, and the
// lifecycle of the calls after which the server rotates the session (and with it the CSRF
// token): they drop the old token and reload the session. The other /api/auth calls are in
// auth-api.ts, loaded with the screens that make them.
import { baseApi } from './base-api'
import { csrfTokenExpired } from './csrf-slice'
import { generatedApi } from './endpoints/session'
import type { AuthAnswer } from './generated'
import type { Session } from './types'

export const anonymousSession: Session = {
  isAuthenticated: false,
  user: null,
  userType: null,
  organisationName: null,
  organisationTypeId: null,
  userActions: [],
}

type Lifecycle = { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: unknown }> }

/** After a call that rotated the session: forget the old CSRF token and reload the session. */
export function reloadSessionAfter(rotated: (result: AuthAnswer) => boolean = () => true) {
  return async (_arg: unknown, { dispatch, queryFulfilled }: Lifecycle) => {
    try {
      const { data } = await queryFulfilled
      // One lifecycle serves answers of two shapes (AuthAnswer; Done after add-password and
      // sign-out); only verify-otp's rule reads a field, which AuthAnswer has.
      if (!rotated(data as AuthAnswer)) return
      dispatch(csrfTokenExpired())
      dispatch(baseApi.util.invalidateTags(['Session', 'Profile']))
    } catch {
      // A failed call changes nothing.
    }
  }
}

export const sessionApi = generatedApi.enhanceEndpoints({
  endpoints: {
    // Reloaded after the calls that rotate the session; a failed check provides the tag too, so
    // it is retried then (useSession counts a failed check as anonymous).
    userAuthenticated: { providesTags: ['Session'], keepUnusedDataFor: 3600 },
    logout: { onQueryStarted: reloadSessionAfter() },
  },
})

// The hooks are the generated ones: the settings above apply to them, as this module runs before
// any component that imports them from here.
export { useUserAuthenticatedQuery, useLogoutMutation } from './endpoints/session'
