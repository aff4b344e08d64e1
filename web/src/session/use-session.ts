// The session as components read it: the answer of POST /api/auth/userAuthenticated, anonymous
// until it has loaded, and when the check failed (network or server, or an answer that is not a
// session: section 4), even if an earlier check had answered.
import { anonymousSession, useUserAuthenticatedQuery } from '../api/session-api'
import type { Session } from '../api/types'

export function useSession() {
  const { data, isError, isLoading, isFetching } = useUserAuthenticatedQuery()
  const session: Session = !isError && typeof data?.isAuthenticated === 'boolean' ? data : anonymousSession
  return {
    session,
    /** True only before the first answer (guards show a spinner then). */
    isLoading,
    isFetching,
    isAuthenticated: session.isAuthenticated,
  }
}
