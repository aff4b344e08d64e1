// Read-your-writes for the admin screens. The server answers a command as soon as its event is
// stored; the lists and details are read from projections that follow a few tens of
// milliseconds later. After a successful save or delete the screens wait (briefly, behind the
// loading overlay) until the read shows the change, so the next screen never shows the old
// state. Each poll also refreshes the cached data the next screen reads.
import { useCallback, useMemo, useState } from 'react'
import { useAppDispatch } from '../../app/hooks'
import { adminApi } from './admin-api'
import type { SearchBody } from '../../api/generated'
import type { Group, OrganisationPage, UserAccountDetails, UserSummary } from '../../api/generated'
import type { StakeholderId } from './admin-types'

const SETTLE_TIMEOUT_MS = 3000
const SETTLE_INTERVAL_MS = 100

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Reads until `ok` holds or the time is up (then the screen goes on: the server has the change). */
export async function pollUntil<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = SETTLE_TIMEOUT_MS,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      if (ok(await read())) return true
    } catch {
      // Not there yet (a 404 for something just created).
    }
    if (Date.now() >= deadline) return false
    await sleep(SETTLE_INTERVAL_MS)
  }
}

/** Read from the server, not the cache, and keep no subscription. */
const fresh = { forceRefetch: true, subscribe: false } as const

export function useSettle() {
  const dispatch = useAppDispatch()
  const [settling, setSettling] = useState(false)

  const run = useCallback(async <T>(read: () => Promise<T>, ok: (value: T) => boolean) => {
    setSettling(true)
    try {
      return await pollUntil(read, ok)
    } finally {
      setSettling(false)
    }
  }, [])

  return useMemo(
    () => ({
      settling,
      groups: (ok: (groups: Group[]) => boolean) =>
        run(() => dispatch(adminApi.endpoints.getGroups.initiate({}, fresh)).unwrap(), ok),
      group: (groupId: number, ok: (groups: Group[]) => boolean) =>
        run(() => dispatch(adminApi.endpoints.getGroups.initiate({ groupId }, fresh)).unwrap(), ok),
      users: (ok: (users: UserSummary[]) => boolean) =>
        run(() => dispatch(adminApi.endpoints.getAllUsers.initiate(undefined, fresh)).unwrap(), ok),
      user: (userId: StakeholderId, ok: (user: UserAccountDetails) => boolean) =>
        run(() => dispatch(adminApi.endpoints.getUserDetails.initiate({ stakeholderId: userId }, fresh)).unwrap(), ok),
      organisations: (search: SearchBody, ok: (page: OrganisationPage) => boolean) =>
        run(
          () => dispatch(adminApi.endpoints.searchOrganisations.initiate({ searchBody: search }, fresh)).unwrap(),
          ok,
        ),
    }),
    [dispatch, run, settling],
  )
}
