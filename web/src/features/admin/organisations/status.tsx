// Application status labels in the specification's wording ('In Progress'), by status id.
import { adminStrings } from '../../../config/admin-strings'
import { VerificationStatus } from '../admin-constants'

const a = adminStrings.applications

export function statusLabel(id: number | null | undefined, fallback?: string | null): string {
  switch (id) {
    case VerificationStatus.InProgress:
      return a.inProgress
    case VerificationStatus.Approved:
      return a.approved
    case VerificationStatus.Rejected:
      return a.rejected
    default:
      return fallback ?? '–'
  }
}

export function StatusBadge({ id, fallback }: { id: number; fallback?: string | null }) {
  return (
    <span className={`status-badge status-badge--${id}`} data-testid="status-badge">
      {statusLabel(id, fallback)}
    </span>
  )
}
