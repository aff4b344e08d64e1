// What the signed-in user may do (section 6). Screens hide the actions the user lacks; the
// server checks every call again.
import { useCallback } from 'react'
import { can } from '../../session/landing'
import { useSession } from '../../session/use-session'

export function usePermission(): (action: number) => boolean {
  const { session } = useSession()
  return useCallback((action: number) => can(session, action), [session])
}
