// .../view-group/{groupId} (section 2): the group's name and its actions in rows of four. Cancel
// returns to the groups; Delete (DeleteGroup) asks first; Edit needs UpdateGroup.
import { useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import { useNavigate, useParams } from 'react-router'
import { Action } from '../../../config/constants'
import { adminStrings } from '../../../config/admin-strings'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useDeleteGroupMutation, useGetAllActionsQuery, useGetGroupsQuery } from '../admin-api'
import { adminFailureOf, ensureSuccess, joinedErrors } from '../admin-errors'
import { adminPaths, idParam } from '../admin-paths'
import { CellsOfFour, Details, LoadFailure, PageHeader } from '../components/admin-ui'
import { useBusy } from '../components/busy'
import { ConfirmDeleteModal } from '../components/confirm-modal'
import { useToast } from '../components/toasts'
import { usePermission } from '../use-permissions'
import { useSettle } from '../use-settle'
import { actionLabel } from './group-model'

const g = adminStrings.group
const c = adminStrings.common
const groupsList = `${adminPaths.usersGroups}?show=groups`

function GroupViewScreen() {
  const id = idParam(useParams().groupId)
  const navigate = useNavigate()
  const toast = useToast()
  const allowed = usePermission()
  const group = useGetGroupsQuery(id != null ? { groupId: id } : skipToken, { refetchOnMountOrArgChange: true })
  const actions = useGetAllActionsQuery()
  const [remove, removing] = useDeleteGroupMutation()
  const [confirming, setConfirming] = useState(false)
  const settle = useSettle()
  useBusy(group.isLoading || actions.isLoading || removing.isLoading || settle.settling)
  const data = group.data?.find((x) => x.groupId === id)
  useDocumentTitle(data?.description ?? g.viewTitle)

  if (id == null) return <LoadFailure error={{ status: 404, data: { message: adminStrings.messages.noData } }} />

  async function confirmDelete() {
    try {
      const answer = ensureSuccess(await remove({ groupId: id! }).unwrap())
      await settle.groups((list) => !list.some((g) => g.groupId === id))
      setConfirming(false)
      toast.success(answer.message || g.deleted)
      void navigate(groupsList)
    } catch (error) {
      toast.error(joinedErrors(adminFailureOf(error)))
    }
  }

  const held = (actions.data ?? []).filter((a) => data?.actions.includes(a.actionId))
  return (
    <section aria-labelledby="admin-title" className="admin-detail">
      <PageHeader title={g.viewTitle} back={groupsList} backLabel={g.back} />
      {group.isError ? <LoadFailure error={group.error} /> : null}
      {actions.isError ? <LoadFailure error={actions.error} /> : null}
      {group.isSuccess && !data ? <p className="message message--empty">{adminStrings.messages.noData}</p> : null}
      {data ? (
        <>
          <div className="admin-section">
            <Details testId="group-details" items={[{ label: g.name, value: data.description }]} />
          </div>
          <section className="admin-section" aria-labelledby="group-actions">
            <h2 id="group-actions">{g.actions}</h2>
            {held.length ? (
              <CellsOfFour testId="group-actions-table" items={held} keyOf={(a) => a.actionId} render={actionLabel} />
            ) : (
              <p className="admin-muted">{g.noActions}</p>
            )}
          </section>
          <div className="admin-buttons">
            <button type="button" className="button button--outline" onClick={() => void navigate(groupsList)}>
              {c.cancel}
            </button>
            {allowed(Action.DeleteGroup) ? (
              <button type="button" className="button button--danger-outline" onClick={() => setConfirming(true)}>
                {c.delete}
              </button>
            ) : null}
            {allowed(Action.UpdateGroup) ? (
              <button
                type="button"
                className="button button--primary"
                onClick={() => void navigate(adminPaths.editGroup(data.groupId))}
              >
                {c.edit}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
      {confirming ? (
        <ConfirmDeleteModal
          title={g.deleteTitle}
          question={g.deleteQuestion}
          busy={removing.isLoading}
          onConfirm={() => void confirmDelete()}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </section>
  )
}

export { GroupViewScreen as Component }
