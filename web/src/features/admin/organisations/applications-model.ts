// The applications list's state lives in the query string, so the back button and the View
// link's return keep the filter: ?status=all|1|2|3 (default In Progress), sort=asc|desc (A-Z by
// default), q= (organisation name), page= (from 1). The request follows docs/admin-api.md.
import { FIRST_PAGE, ORGANISATION_PAGE_SIZE, VerificationStatus } from '../admin-constants'
import type { SearchBody } from '../../../api/generated'
import type { SortOrder } from '../admin-types'

export type StatusFilter = 'all' | 1 | 2 | 3

export interface ApplicationsListState {
  status: StatusFilter
  sort: SortOrder
  query: string
  page: number
}

export const DEFAULT_STATUS: StatusFilter = VerificationStatus.InProgress

export function readListState(params: URLSearchParams): ApplicationsListState {
  const rawStatus = params.get('status')
  const status: StatusFilter =
    rawStatus === 'all'
      ? 'all'
      : rawStatus === '1' || rawStatus === '2' || rawStatus === '3'
        ? (Number(rawStatus) as 1 | 2 | 3)
        : DEFAULT_STATUS
  const sort: SortOrder = params.get('sort') === 'desc' ? 'desc' : 'asc'
  const page = Math.max(FIRST_PAGE, Math.floor(Number(params.get('page')) || FIRST_PAGE))
  return { status, sort, query: params.get('q') ?? '', page }
}

/** The query string of a state; defaults are left out. */
export function writeListState(state: ApplicationsListState): URLSearchParams {
  const params = new URLSearchParams()
  if (state.status !== DEFAULT_STATUS) params.set('status', String(state.status))
  if (state.sort !== 'asc') params.set('sort', state.sort)
  if (state.query.trim()) params.set('q', state.query)
  if (state.page > FIRST_PAGE) params.set('page', String(state.page))
  return params
}

/** POST /api/healthcheck/searchOrganisations body. */
export function searchRequest(state: ApplicationsListState): SearchBody {
  return {
    statusId: state.status === 'all' ? null : state.status,
    OrganisationName: state.query.trim(),
    sort: state.sort,
    pageSize: ORGANISATION_PAGE_SIZE,
    pageNumber: state.page,
  }
}

export function pageCount(totalCount: number, pageSize = ORGANISATION_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(totalCount / pageSize))
}
