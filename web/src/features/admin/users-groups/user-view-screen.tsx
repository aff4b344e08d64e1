// .../view-user/{userId} (section 2): title, full name, telephone and mobile numbers, e-mail,
// company, role, groups, and for a Building Block Coordinator the assigned municipalities, four
// per row. Cancel returns to the list; Delete (DeleteUser) asks first; Edit (SetGroupMember).
// "Erase personal data" (DeleteUser; POPIA) asks first, then removes the
// person's data for good (POST security/eraseUser).
import { useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import { useNavigate, useParams } from 'react-router'
import { useGetUserJobRolesQuery, useGetUserTitlesQuery } from '../../../api/auth-api'
import { Action } from '../../../config/constants'
import { adminStrings } from '../../../config/admin-strings'
import { useDocumentTitle } from '../../../lib/use-document-title'
import {
  useDeleteUserMutation,
  useEraseUserMutation,
  useGetGroupsQuery,
  useGetLocalMunicipalitiesQuery,
  useGetUserDetailsQuery,
} from '../admin-api'
import { adminFailureOf, ensureSuccess, joinedErrors } from '../admin-errors'
import { compareText } from '../admin-format'
import { adminPaths, textParam } from '../admin-paths'
import { CellsOfFour, Details, LoadFailure, PageHeader } from '../components/admin-ui'
import { useBusy } from '../components/busy'
import { ConfirmDeleteModal } from '../components/confirm-modal'
import { useToast } from '../components/toasts'
import { usePermission } from '../use-permissions'
import { useSettle } from '../use-settle'
import {
  emailOf,
  isContactPerson,
  isCoordinator,
  mobileOf,
  municipalityIdsOf,
  municipalityNames,
  provinceNames,
  telephoneOf,
} from './user-model'
import type { UserAccountDetails } from '../../../api/generated'

const u = adminStrings.user
const c = adminStrings.common
const usersList = `${adminPaths.usersGroups}`

function UserViewScreen() {
  const id = textParam(useParams().userId)
  const navigate = useNavigate()
  const toast = useToast()
  const allowed = usePermission()
  const user = useGetUserDetailsQuery(id ? { stakeholderId: id } : skipToken, { refetchOnMountOrArgChange: true })
  const titles = useGetUserTitlesQuery()
  const roles = useGetUserJobRolesQuery()
  const groups = useGetGroupsQuery({})
  const coordinator = user.data ? isCoordinator(user.data) : false
  const municipalities = useGetLocalMunicipalitiesQuery(undefined, { skip: !coordinator })
  const [remove, removing] = useDeleteUserMutation()
  const [erase, erasing] = useEraseUserMutation()
  const [confirming, setConfirming] = useState<'delete' | 'erase' | null>(null)
  const settle = useSettle()
  useBusy(user.isLoading || removing.isLoading || erasing.isLoading || settle.settling)
  useDocumentTitle(user.data?.name ?? u.viewTitle)

  if (id == null) return <LoadFailure error={{ status: 404, data: { message: adminStrings.messages.noData } }} />

  async function confirmDelete(how: 'delete' | 'erase') {
    try {
      const answer = ensureSuccess(
        await (how === 'erase' ? erase({ stakeholderId: id! }) : remove({ stakeholderId: id! })).unwrap(),
      )
      await settle.users((list) => !list.some((x) => x.stakeholderId === id))
      setConfirming(null)
      toast.success(answer.message || (how === 'erase' ? u.erased : u.deleted))
      void navigate(usersList)
    } catch (error) {
      toast.error(joinedErrors(adminFailureOf(error)))
    }
  }

  const data = user.data
  return (
    <section aria-labelledby="admin-title" className="admin-detail">
      <PageHeader title={u.viewTitle} back={usersList} backLabel={u.back} />
      {user.isError ? <LoadFailure error={user.error} /> : null}
      {data ? (
        <>
          <div className="admin-section">
            <Details
              testId="user-details"
              items={userItems(data, {
                title: titles.data?.find((t) => t.titleId === data.titleId)?.description,
                role: roles.data?.find((r) => r.roleId === data.roleId)?.description,
                groups: groupNames(data, groups.data),
              })}
            />
          </div>
          {coordinator && provinceNames(data).length ? (
            <section className="admin-section" aria-labelledby="user-provinces">
              <h2 id="user-provinces">{u.assignedProvinces}</h2>
              <CellsOfFour
                testId="user-provinces-table"
                items={provinceNames(data)}
                keyOf={(p) => p.id}
                render={(p) => p.name}
              />
            </section>
          ) : null}
          {coordinator && (municipalityIdsOf(data).length || !provinceNames(data).length) ? (
            <section className="admin-section" aria-labelledby="user-municipalities">
              <h2 id="user-municipalities">{u.assignedMunicipalities}</h2>
              <CellsOfFour
                testId="user-municipalities-table"
                items={municipalityNames(data, municipalities.data)}
                keyOf={(m) => m.id}
                render={(m) => m.name}
              />
            </section>
          ) : null}
          <div className="admin-buttons">
            <button type="button" className="button button--outline" onClick={() => void navigate(usersList)}>
              {c.cancel}
            </button>
            {allowed(Action.DeleteUser) ? (
              <button type="button" className="button button--danger-outline" onClick={() => setConfirming('delete')}>
                {c.delete}
              </button>
            ) : null}
            {allowed(Action.DeleteUser) ? (
              <button type="button" className="button button--danger-outline" onClick={() => setConfirming('erase')}>
                {u.erase}
              </button>
            ) : null}
            {allowed(Action.SetGroupMember) ? (
              <button
                type="button"
                className="button button--primary"
                onClick={() => void navigate(adminPaths.editUser(data.stakeholderId))}
              >
                {c.edit}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
      {confirming === 'delete' ? (
        <ConfirmDeleteModal
          title={u.deleteTitle}
          question={u.deleteQuestion}
          busy={removing.isLoading}
          onConfirm={() => void confirmDelete('delete')}
          onClose={() => setConfirming(null)}
        />
      ) : null}
      {confirming === 'erase' ? (
        <ConfirmDeleteModal
          title={u.eraseTitle}
          question={u.eraseQuestion}
          busy={erasing.isLoading}
          confirmLabel={u.eraseConfirm}
          busyLabel={u.erasing}
          onConfirm={() => void confirmDelete('erase')}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </section>
  )
}

function userItems(data: UserAccountDetails, names: { title?: string; role?: string; groups: string }) {
  const relationships = [
    isContactPerson(data) ? u.contactPerson : null,
    isCoordinator(data) ? u.buildingBlockCoordinator : null,
  ]
    .filter(Boolean)
    .join(', ')
  return [
    { label: u.titleField, value: names.title ?? '' },
    { label: u.fullName, value: data.name },
    { label: u.telephone, value: telephoneOf(data) },
    { label: u.mobile, value: mobileOf(data) },
    { label: u.email, value: emailOf(data) },
    { label: u.company, value: data.companyName ?? '' },
    { label: u.role, value: names.role ?? '' },
    { label: u.groups, value: names.groups },
    { label: u.relationship, value: relationships },
  ]
}

function groupNames(data: UserAccountDetails, groups: { groupId: number; description: string }[] | undefined): string {
  return data.groupIds
    .map((id) => groups?.find((g) => g.groupId === id)?.description ?? `#${id}`)
    .sort(compareText)
    .join(', ')
}

export { UserViewScreen as Component }
