// The users and groups list (section 2): filter Users or Groups, sort A-Z or Z-A, search by name
// or e-mail (users) or by group name (groups). All users and groups come in one answer, so the
// list is filtered here. The state lives in the query string: ?show=users|groups&sort=&q=.
import { compareText, includesText } from '../admin-format'
import type { Group, UserSummary } from '../../../api/generated'
import type { SortOrder } from '../admin-types'

export type ListKind = 'users' | 'groups'

export interface UsersGroupsState {
  show: ListKind
  sort: SortOrder
  query: string
}

export function readUsersGroupsState(params: URLSearchParams): UsersGroupsState {
  return {
    show: params.get('show') === 'groups' ? 'groups' : 'users',
    sort: params.get('sort') === 'desc' ? 'desc' : 'asc',
    query: params.get('q') ?? '',
  }
}

export function writeUsersGroupsState(state: UsersGroupsState): URLSearchParams {
  const params = new URLSearchParams()
  if (state.show !== 'users') params.set('show', state.show)
  if (state.sort !== 'asc') params.set('sort', state.sort)
  if (state.query.trim()) params.set('q', state.query)
  return params
}

function ordered<T>(items: T[], key: (item: T) => string, sort: SortOrder): T[] {
  const sign = sort === 'desc' ? -1 : 1
  return [...items].sort((a, b) => sign * compareText(key(a), key(b)))
}

/** Users whose name or e-mail contains the query, sorted by name. */
export function visibleUsers(users: readonly UserSummary[], query: string, sort: SortOrder): UserSummary[] {
  const found = users.filter((u) => includesText(u.displayName, query) || includesText(u.username, query))
  return ordered(found, (u) => u.displayName || u.username, sort)
}

/** Groups whose name contains the query, sorted by name. */
export function visibleGroups(groups: readonly Group[], query: string, sort: SortOrder): Group[] {
  return ordered(
    groups.filter((g) => includesText(g.description, query)),
    (g) => g.description,
    sort,
  )
}
