// .../create-group and .../edit-group/{groupId} (sections 2 and 6): the group's name (read-only
// when editing; placeholder 'Enter a group name') and a checkbox for every action, four to a
// row. Save needs CreateGroup (new) or UpdateGroup (edit). Editing sends only the difference:
// addGroupActions for the ticked actions, deleteGroupActions for the cleared ones; a box can be
// ticked only with AddGroupAction and a held action cleared only with DeleteGroupAction.
import { useEffect, useRef, useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import { useNavigate, useParams } from 'react-router'
import { SubmitButton, TextField, useFocusFirstInvalid } from '../../../components/form'
import { Action } from '../../../config/constants'
import { adminStrings } from '../../../config/admin-strings'
import { useDocumentTitle } from '../../../lib/use-document-title'
import {
  useAddGroupActionsMutation,
  useAddGroupMutation,
  useDeleteGroupActionsMutation,
  useGetAllActionsQuery,
  useGetGroupsQuery,
} from '../admin-api'
import { adminFailureOf, ensureSuccess, joinedErrors } from '../admin-errors'
import { adminPaths, idParam } from '../admin-paths'
import { CellsOfFour, LoadFailure, PageHeader } from '../components/admin-ui'
import { useBusy } from '../components/busy'
import { useToast } from '../components/toasts'
import { usePermission } from '../use-permissions'
import { useSettle } from '../use-settle'
import {
  actionLabel,
  canToggle,
  groupDiff,
  groupNameErrors,
  isEmptyDiff,
  requestedActionIds,
  toggle,
} from './group-model'

const g = adminStrings.group
const c = adminStrings.common
const groupsList = `${adminPaths.usersGroups}?show=groups`

export function CreateGroupScreen() {
  return <GroupFormScreen groupId={null} />
}

export function EditGroupScreen() {
  const id = idParam(useParams().groupId)
  if (id == null) return <LoadFailure error={{ status: 404, data: { message: adminStrings.messages.noData } }} />
  return <GroupFormScreen groupId={id} />
}

function GroupFormScreen({ groupId }: { groupId: number | null }) {
  const editing = groupId != null
  useDocumentTitle(editing ? g.editTitle : g.createTitle)
  const navigate = useNavigate()
  const toast = useToast()
  const allowed = usePermission()
  const group = useGetGroupsQuery(groupId != null ? { groupId } : skipToken, { refetchOnMountOrArgChange: true })
  const actions = useGetAllActionsQuery()
  const [addGroup, adding] = useAddGroupMutation()
  const [addActions, addingActions] = useAddGroupActionsMutation()
  const [deleteActions, deletingActions] = useDeleteGroupActionsMutation()
  const settle = useSettle()
  const busy = adding.isLoading || addingActions.isLoading || deletingActions.isLoading || settle.settling
  const existing = group.data?.find((x) => x.groupId === groupId)
  const [name, setName] = useState('')
  const [chosen, setChosen] = useState<number[] | null>(editing ? null : [])
  const [nameErrors, setNameErrors] = useState<string[]>([])
  const [attempt, setAttempt] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, attempt)
  useBusy(group.isLoading || actions.isLoading || busy)

  useEffect(() => {
    if (editing && existing && chosen == null) {
      setName(existing.description)
      setChosen([...existing.actions])
    }
  }, [editing, existing, chosen])

  const back = editing ? adminPaths.viewGroup(groupId) : groupsList
  if (group.isError) return <LoadFailure error={group.error} />
  if (actions.isError) return <LoadFailure error={actions.error} />
  if (editing && group.isSuccess && !existing)
    return <p className="message message--empty">{adminStrings.messages.noData}</p>
  if (chosen == null || !actions.data) return null
  const selection = chosen

  async function save(event: React.FormEvent) {
    event.preventDefault()
    let partial = false
    try {
      if (!editing) {
        const found = groupNameErrors(name)
        setNameErrors(found)
        if (found.length) {
          setAttempt((n) => n + 1)
          return
        }
        const answer = ensureSuccess(
          await addGroup({
            groupBody: { GroupName: name.trim(), UserActions: requestedActionIds(selection) },
          }).unwrap(),
        )
        if (answer.groupId) await settle.group(answer.groupId, (list) => list.some((g) => g.groupId === answer.groupId))
        toast.success(answer.message || g.saved)
        void navigate(answer.groupId ? adminPaths.viewGroup(answer.groupId) : groupsList)
        return
      }
      const diff = groupDiff(existing?.actions ?? [], selection)
      if (isEmptyDiff(diff)) {
        toast.success(g.nothingChanged)
        void navigate(back)
        return
      }
      const messages: string[] = []
      if (diff.added.length) {
        messages.push(
          ensureSuccess(
            await addActions({ groupBody: { GroupId: groupId, UserActions: requestedActionIds(diff.added) } }).unwrap(),
          ).message,
        )
        partial = true
      }
      if (diff.removed.length)
        messages.push(
          ensureSuccess(
            await deleteActions({
              groupBody: { GroupId: groupId, UserActions: requestedActionIds(diff.removed) },
            }).unwrap(),
          ).message,
        )
      await settle.group(groupId, (list) =>
        isEmptyDiff(groupDiff(list.find((g) => g.groupId === groupId)?.actions ?? [], selection)),
      )
      toast.success([...new Set(messages.filter(Boolean))].join(' ') || g.saved)
      void navigate(back)
    } catch (error) {
      toast.error(joinedErrors(adminFailureOf(error)))
      if (partial) {
        // Half done (actions added, removal refused): show what the server now holds.
        const fresh = await group
          .refetch()
          .unwrap()
          .catch(() => null)
        const now = fresh?.find((x) => x.groupId === groupId)
        if (now) setChosen([...now.actions])
      }
    }
  }

  const canSave = editing ? allowed(Action.UpdateGroup) : allowed(Action.CreateGroup)
  const may = { add: allowed(Action.AddGroupAction), remove: allowed(Action.DeleteGroupAction) }
  const held = new Set(existing?.actions ?? [])

  return (
    <section aria-labelledby="admin-title" className="admin-detail">
      <PageHeader
        title={editing ? g.editTitle : g.createTitle}
        back={back}
        backLabel={editing ? g.backToGroup : g.back}
      />
      <form ref={formRef} onSubmit={(e) => void save(e)} noValidate className="admin-form" data-testid="group-form">
        <div className="admin-form__name">
          <TextField
            name="groupName"
            label={g.name}
            value={name}
            placeholder={g.namePlaceholder}
            readOnly={editing}
            onChange={(v) => {
              setName(v)
              if (nameErrors.length) setNameErrors([])
            }}
            errors={nameErrors}
            autoComplete="off"
          />
        </div>
        <fieldset className="admin-form__actions">
          <legend>{g.actions}</legend>
          <CellsOfFour
            testId="group-actions-checkboxes"
            items={actions.data}
            keyOf={(a) => a.actionId}
            render={(a) => (
              <label className="check">
                <input
                  type="checkbox"
                  name="actions"
                  value={a.actionId}
                  checked={selection.includes(a.actionId)}
                  disabled={!canToggle(editing, held.has(a.actionId), may)}
                  onChange={(e) => setChosen(toggle(selection, a.actionId, e.target.checked))}
                />
                <span>{actionLabel(a)}</span>
              </label>
            )}
          />
        </fieldset>
        <div className="admin-buttons">
          <button type="button" className="button button--outline" onClick={() => void navigate(back)} disabled={busy}>
            {c.cancel}
          </button>
          {canSave ? <SubmitButton busy={busy} label={c.save} busyLabel={c.saving} /> : null}
        </div>
      </form>
    </section>
  )
}
