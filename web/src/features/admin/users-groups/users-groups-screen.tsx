// /admin/manage-users-groups/ (section 2): Users or Groups, A-Z or Z-A, searched by name or
// e-mail (users) or by group name (groups). Each row ends in a Manage link; Add new opens the
// create screen of the current filter (shown to holders of SetGroupMember or CreateGroup).
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Action } from '../../../config/constants'
import { adminStrings } from '../../../config/admin-strings'
import { Spinner } from '../../../components/status'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useGetAllUsersQuery, useGetGroupsQuery } from '../admin-api'
import { adminPaths } from '../admin-paths'
import { LoadFailure, NoRecords, PageHeader, SearchBox, SegmentedChoice, SortSelect } from '../components/admin-ui'
import { useBusy } from '../components/busy'
import { usePermission } from '../use-permissions'
import {
  readUsersGroupsState,
  visibleGroups,
  visibleUsers,
  writeUsersGroupsState,
  type ListKind,
  type UsersGroupsState,
} from './list-model'
import type { Group, UserSummary } from '../../../api/generated'

const s = adminStrings.usersGroups
const c = adminStrings.common

function UsersGroupsScreen() {
  useDocumentTitle(s.title)
  const [params, setParams] = useSearchParams()
  const state = readUsersGroupsState(params)
  const navigate = useNavigate()
  const allowed = usePermission()
  const users = useGetAllUsersQuery(undefined, { refetchOnMountOrArgChange: true, skip: state.show !== 'users' })
  const groups = useGetGroupsQuery({}, { refetchOnMountOrArgChange: true, skip: state.show !== 'groups' })
  const current = state.show === 'users' ? users : groups
  useBusy(current.isLoading)
  const update = (patch: Partial<UsersGroupsState>) =>
    setParams(writeUsersGroupsState({ ...state, ...patch }), { replace: true })
  const canAdd = state.show === 'users' ? allowed(Action.SetGroupMember) : allowed(Action.CreateGroup)

  return (
    <section aria-labelledby="admin-title" className="admin-list">
      <PageHeader
        title={s.title}
        back={adminPaths.dashboard}
        backLabel={s.back}
        actions={
          canAdd ? (
            <button
              type="button"
              className="button button--primary"
              aria-label={state.show === 'users' ? s.addUser : s.addGroup}
              onClick={() => void navigate(state.show === 'users' ? adminPaths.createUser : adminPaths.createGroup)}
            >
              {c.addNew}
            </button>
          ) : null
        }
      />
      <div className="admin-toolbar">
        <SegmentedChoice<ListKind>
          legend={s.show}
          name="show"
          value={state.show}
          options={[
            { value: 'users', label: s.users },
            { value: 'groups', label: s.groups },
          ]}
          onChange={(show) => update({ show, query: '' })}
        />
        <div className="admin-toolbar__end">
          <SortSelect value={state.sort} onChange={(sort) => update({ sort })} />
          <SearchBox
            key={state.show}
            value={state.query}
            onSearch={(query) => update({ query })}
            label={state.show === 'users' ? s.searchUsers : s.searchGroups}
            placeholder={state.show === 'users' ? s.searchUsers : s.searchGroups}
          />
        </div>
      </div>
      {current.isError ? <LoadFailure error={current.error} /> : null}
      {current.isFetching && !current.isLoading ? <Spinner label={c.updating} /> : null}
      {state.show === 'users' && users.data && !users.isError ? (
        <UsersTable users={visibleUsers(users.data, state.query, state.sort)} />
      ) : null}
      {state.show === 'groups' && groups.data && !groups.isError ? (
        <GroupsTable groups={visibleGroups(groups.data, state.query, state.sort)} />
      ) : null}
    </section>
  )
}

function UsersTable({ users }: { users: UserSummary[] }) {
  if (!users.length) return <NoRecords />
  return (
    <table className="admin-table admin-table--stack" data-testid="users-table">
      <caption className="visually-hidden">{s.usersCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{s.name}</th>
          <th scope="col">{s.userGroups}</th>
          <th scope="col">{s.emailAddress}</th>
          <th scope="col">
            <span className="visually-hidden">{s.actionsColumn}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.stakeholderId}>
            <th scope="row" data-label={s.name}>
              {user.displayName || '–'}
            </th>
            <td data-label={s.userGroups}>{user.groups.map((g) => g.description).join(', ') || '–'}</td>
            <td data-label={s.emailAddress} className="admin-break">
              {user.username}
            </td>
            <td className="admin-table__action">
              <Link
                to={adminPaths.viewUser(user.stakeholderId)}
                aria-label={s.manageUser(user.displayName || user.username)}
              >
                {c.manage}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function GroupsTable({ groups }: { groups: Group[] }) {
  if (!groups.length) return <NoRecords />
  return (
    <table className="admin-table admin-table--stack" data-testid="groups-table">
      <caption className="visually-hidden">{s.groupsCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{s.groupName}</th>
          <th scope="col">
            <span className="visually-hidden">{s.actionsColumn}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {groups.map((group) => (
          <tr key={group.groupId}>
            <th scope="row" data-label={s.groupName}>
              {group.description}
            </th>
            <td className="admin-table__action">
              <Link to={adminPaths.viewGroup(group.groupId)} aria-label={s.manageGroup(group.description)}>
                {c.manage}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export { UsersGroupsScreen as Component }
