// Route guards (section 2): auth screens only for anonymous visitors, signed-in areas only for
// signed-in users holding the area's action. A spinner shows while the session loads.
import { Navigate, Outlet } from 'react-router'
import { Spinner } from '../components/status'
import { UserType } from '../config/constants'
import { accountPaths } from '../config/routes'
import { paths } from '../filters/paths'
import { can, homeFor } from '../session/landing'
import { useSession } from '../session/use-session'

/** Login, sign-up, OTP, forgot and reset password: a signed-in user goes to their landing. */
export function AnonymousOnly() {
  const { session, isLoading } = useSession()
  if (isLoading) return <Spinner />
  if (session.isAuthenticated) return <Navigate to={homeFor(session)} replace />
  return <Outlet />
}

/**
 * Signed-in areas: anonymous visitors go to the public index; a user who must still add a
 * password goes there; one without `action` (or without any of `anyOf`) goes to their own landing.
 */
export function RequireAuth({ action, anyOf }: { action?: number; anyOf?: readonly number[] }) {
  const { session, isLoading } = useSession()
  if (isLoading) return <Spinner />
  if (!session.isAuthenticated) return <Navigate to={paths.root} replace />
  if (session.userType === UserType.NewUser) return <Navigate to={accountPaths.addPassword} replace />
  if (action != null && !can(session, action)) return <Navigate to={homeFor(session)} replace />
  if (anyOf && !anyOf.some((a) => can(session, a))) return <Navigate to={homeFor(session)} replace />
  return <Outlet />
}
