// The group form (section 2 and 6): a name (read-only when editing) and the chosen actions.
// Editing sends the difference: added actions through addGroupActions, removed ones through
// deleteGroupActions.
import { adminStrings } from '../../../config/admin-strings'
import type { KnownActionId, SecurityAction } from '../../../api/generated'

/** The selected action ids as a request body names them, in ascending order. The form offers
 * only the ids the server listed (GET securityActions), so each is one the document knows. */
export function requestedActionIds(ids: Iterable<number>): KnownActionId[] {
  return [...ids].sort((a, b) => a - b) as KnownActionId[]
}

export interface GroupDiff {
  added: number[]
  removed: number[]
}

/** What changes from `before` to `after`, each list in ascending order. */
export function groupDiff(before: readonly number[], after: readonly number[]): GroupDiff {
  const was = new Set(before)
  const now = new Set(after)
  return {
    added: [...now].filter((id) => !was.has(id)).sort((a, b) => a - b),
    removed: [...was].filter((id) => !now.has(id)).sort((a, b) => a - b),
  }
}

export function isEmptyDiff(diff: GroupDiff): boolean {
  return diff.added.length === 0 && diff.removed.length === 0
}

export function groupNameErrors(name: string): string[] {
  return name.trim() ? [] : [adminStrings.group.nameRequired]
}

/**
 * Whether an action's box may change (section 6): when editing, ticking needs AddGroupAction and
 * clearing an action the group has needs DeleteGroupAction. A new group's boxes are all free.
 */
export function canToggle(editing: boolean, held: boolean, may: { add: boolean; remove: boolean }): boolean {
  if (!editing) return true
  return held ? may.remove : may.add
}

/** Toggles one action in a selection. */
export function toggle(selection: readonly number[], id: number, on: boolean): number[] {
  const rest = selection.filter((x) => x !== id)
  return on ? [...rest, id] : rest
}

/** An action's label: its description, else its name, else its id (an id the server's list does
 * not know has neither). */
export function actionLabel(action: SecurityAction): string {
  return action.description?.trim() || action.action || `Action ${action.actionId}`
}
