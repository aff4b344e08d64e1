// The delete confirmation (section 2): the question, Cancel and Delete.
import { Modal } from '../../../components/modal'
import { adminStrings } from '../../../config/admin-strings'

export function ConfirmDeleteModal({
  title,
  question,
  busy,
  onConfirm,
  onClose,
  confirmLabel,
  busyLabel,
}: {
  title: string
  question: string
  busy: boolean
  onConfirm: () => void
  onClose: () => void
  /** The confirm button's text (default "Delete"). */
  confirmLabel?: string
  /** Its text while busy (default "Deleting…"). */
  busyLabel?: string
}) {
  const c = adminStrings.common
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--outline" onClick={onClose} disabled={busy}>
            {c.cancel}
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={onConfirm}
            disabled={busy}
            data-testid="confirm-delete"
          >
            {busy ? (busyLabel ?? c.deleting) : (confirmLabel ?? c.delete)}
          </button>
        </>
      }
    >
      <p className="admin-modal__text">{question}</p>
    </Modal>
  )
}
