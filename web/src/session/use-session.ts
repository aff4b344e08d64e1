// The session as components read it: the data of POST /api/auth/userAuthenticated, anonymous
// until it has loaded or when the check failed.
import { anonymousSession, useGetSessionQuery } from '../api/auth-api'

export function useSession() {
  const { data, isLoading, isFetching } = useGetSessionQuery()
  const session = data ?? anonymousSession
  return {
    session,
    /** True only before the first answer (guards show a spinner then). */
    isLoading,
    isFetching,
    isAuthenticated: session.isAuthenticated,
  }
}
