// /admin/organisations/ (section 2): 'View all applications', filtered by status (In Progress by
// default), sorted A-Z or Z-A, searched by organisation name, 30 to a page (section 9). The
// Status cell links to the application; the back arrow returns to the dashboard; Add new is
// shown but disabled.
import { Link, useSearchParams } from 'react-router'
import { adminStrings } from '../../../config/admin-strings'
import { Spinner } from '../../../components/status'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useSearchOrganisationsQuery } from '../admin-api'
import { ORGANISATION_PAGE_SIZE } from '../admin-constants'
import { formatDateTime } from '../../../lib/instant'
import { adminPaths } from '../admin-paths'
import { LoadFailure, NoRecords, PageHeader, SearchBox, SegmentedChoice, SortSelect } from '../components/admin-ui'
import { useBusy } from '../components/busy'
import {
  pageCount,
  readListState,
  searchRequest,
  writeListState,
  type ApplicationsListState,
  type StatusFilter,
} from './applications-model'
import { StatusBadge } from './status'
import type { OrganisationPage } from '../../../api/generated'

const a = adminStrings.applications
const c = adminStrings.common

/** The status filter's choices, labelled in the language active when they are shown. */
function statusOptions(): { value: StatusFilter; label: string }[] {
  return [
    { value: 'all', label: a.all },
    { value: 1, label: a.inProgress },
    { value: 3, label: a.approved },
    { value: 2, label: a.rejected },
  ]
}

function ApplicationsScreen() {
  useDocumentTitle(a.title)
  const [params, setParams] = useSearchParams()
  const state = readListState(params)
  const list = useSearchOrganisationsQuery({ searchBody: searchRequest(state) }, { refetchOnMountOrArgChange: true })
  useBusy(list.isLoading)
  const update = (patch: Partial<ApplicationsListState>) =>
    setParams(writeListState({ ...state, page: 1, ...patch }), { replace: true })

  return (
    <section aria-labelledby="admin-title" className="admin-list">
      <PageHeader
        title={a.title}
        back={adminPaths.dashboard}
        backLabel={a.back}
        actions={
          <button
            type="button"
            className="button button--outline"
            disabled
            aria-disabled="true"
            title={c.addNewDisabled}
          >
            {c.addNew}
          </button>
        }
      />
      <div className="admin-toolbar">
        <SegmentedChoice
          legend={a.statusFilter}
          name="status"
          value={state.status}
          options={statusOptions()}
          onChange={(status) => update({ status })}
        />
        <div className="admin-toolbar__end">
          <SortSelect value={state.sort} onChange={(sort) => update({ sort })} />
          <SearchBox
            value={state.query}
            onSearch={(query) => update({ query })}
            label={a.searchLabel}
            placeholder={a.searchPlaceholder}
          />
        </div>
      </div>
      {list.isError ? <LoadFailure error={list.error} /> : null}
      {list.data && !list.isError ? (
        <Results
          page={list.data}
          state={state}
          updating={list.isFetching}
          returnTo={params.toString()}
          onPage={(page) => setParams(writeListState({ ...state, page }), { replace: true })}
        />
      ) : null}
    </section>
  )
}

function Results({
  page,
  state,
  updating,
  onPage,
  returnTo,
}: {
  page: OrganisationPage
  state: ApplicationsListState
  updating: boolean
  onPage: (page: number) => void
  returnTo: string
}) {
  const rows = page.data ?? []
  const pages = pageCount(page.totalCount ?? rows.length, page.pageSize || ORGANISATION_PAGE_SIZE)
  if (!rows.length)
    return (
      <>
        {updating ? <Spinner label={c.updating} /> : null}
        <NoRecords />
      </>
    )
  const first = (state.page - 1) * (page.pageSize || ORGANISATION_PAGE_SIZE) + 1
  return (
    <div className="admin-table-wrap" aria-busy={updating}>
      {updating ? <Spinner label={c.updating} /> : null}
      <table className="admin-table admin-table--stack" data-testid="applications-table">
        <caption className="visually-hidden">{a.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{a.organisationName}</th>
            <th scope="col">{a.receivedFrom}</th>
            <th scope="col">{a.receivedOn}</th>
            <th scope="col">{a.status}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.stakeholderId}>
              <th scope="row" data-label={a.organisationName}>
                {row.organisationName}
              </th>
              <td data-label={a.receivedFrom}>{row.receivedFrom || '–'}</td>
              <td data-label={a.receivedOn}>
                {row.receivedOn ? <time dateTime={row.receivedOn}>{formatDateTime(row.receivedOn)}</time> : '–'}
              </td>
              <td data-label={a.status}>
                <div className="admin-status-cell">
                  <StatusBadge id={row.verificationStatusId} fallback={row.verificationStatus} />
                  {row.statusDate ? (
                    <time className="admin-muted" dateTime={row.statusDate}>
                      {formatDateTime(row.statusDate)}
                    </time>
                  ) : null}
                  <Link
                    to={adminPaths.organisation(row.stakeholderId)}
                    state={{ returnTo }}
                    className="admin-view-link"
                    aria-label={a.viewApplication(row.organisationName)}
                  >
                    {c.view}
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="admin-pager">
        <p className="admin-muted" aria-live="polite">
          {c.showing(first, first + rows.length - 1, page.totalCount ?? rows.length)}
        </p>
        {pages > 1 ? (
          <nav aria-label={c.pagination} className="admin-pager__buttons">
            <button
              type="button"
              className="button button--outline"
              disabled={state.page <= 1}
              onClick={() => onPage(state.page - 1)}
            >
              {c.previousPage}
            </button>
            <span>{c.page(state.page, pages)}</span>
            <button
              type="button"
              className="button button--outline"
              disabled={state.page >= pages}
              onClick={() => onPage(state.page + 1)}
            >
              {c.nextPage}
            </button>
          </nav>
        ) : null}
      </div>
    </div>
  )
}

export { ApplicationsScreen as Component }
