// "Propose closing" on the manage screen (DeleteBuildingBlock,
// docs/decisions/0100-proposed-and-closed-providers.md): the municipality's designated person
// proposes closing the provider shown, with a reason, after a dialog naming it. It stays listed
// until the province confirms.
import { useState } from 'react'
import { Link } from 'react-router'
import { Modal } from '../../components/modal'
import { useProposeClosureMutation } from './building-block-api'
import { errorText } from './building-block-proposals'
import { REASON_MAX } from './building-block-strings'
import { lifecycleStrings as l } from './lifecycle-strings'

/**
 * Whether a closure of the provider waits for the province: its history's last closure event
 * (oldest first, as `GET /api/buildingblock/history` gives it) is a proposal, not a decline.
 * A confirmed closure removes the provider, so the manage screen no longer shows it.
 */
export function closurePending(history: readonly { eventType: string }[]): boolean {
  const last = [...history]
    .reverse()
    .find((e) => e.eventType === 'ProviderClosureProposed' || e.eventType === 'ProviderClosureDeclined')
  return last?.eventType === 'ProviderClosureProposed'
}

/** "Propose closing" for the provider shown; once a closure waits for the province (`pending`,
 * or just proposed here) the screen says so instead of offering it again. */
export function ProposeClosure({
  stakeholderId,
  name,
  pending,
}: {
  stakeholderId: number
  name: string
  pending: boolean
}) {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState('')
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null)
  const [propose, proposing] = useProposeClosureMutation()

  async function send() {
    if (!reason.trim()) {
      setReasonError(l.reasonRequired)
      return
    }
    const result = await propose({ closureBody: { stakeholderId, reason: reason.trim() } })
    setOpen(false)
    if ('data' in result && result.data?.success) {
      setNotice({ ok: true, text: l.closeProposed })
      setReason('')
    } else setNotice({ ok: false, text: errorText(result, l.failed) })
  }

  if (pending && !notice)
    return (
      <div className="bb-closure">
        <p className="form-notice" role="status" data-testid="bb-closure-pending">
          {l.closurePending} <Link to="/buildingBlock/queue">{l.toQueue}</Link>
        </p>
      </div>
    )
  const proposed = notice?.ok === true
  return (
    <div className="bb-closure">
      {proposed ? null : (
        <button
          type="button"
          className="button button--outline"
          onClick={() => {
            setOpen(true)
            setNotice(null)
          }}
        >
          {l.closeButton}
        </button>
      )}
      {notice ? (
        <p className={notice.ok ? 'form-notice' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text} {notice.ok ? <Link to="/buildingBlock/queue">{l.toQueue}</Link> : null}
        </p>
      ) : null}
      {open ? (
        <Modal
          title={l.closeTitle}
          onClose={() => setOpen(false)}
          footer={
            <>
              <button type="button" className="button button--outline" onClick={() => setOpen(false)}>
                {l.cancel}
              </button>
              <button
                type="button"
                className="button button--danger"
                disabled={proposing.isLoading}
                onClick={() => void send()}
              >
                {l.closeConfirm}
              </button>
            </>
          }
        >
          <p>{l.closeQuestion(name)}</p>
          <label className="form-field review-reason">
            <span>{l.closeReason}</span>
            <textarea
              value={reason}
              maxLength={REASON_MAX}
              rows={4}
              required
              aria-invalid={Boolean(reasonError)}
              aria-describedby="closure-reason-hint"
              onChange={(e) => {
                setReason(e.target.value)
                setReasonError('')
              }}
            />
            <span id="closure-reason-hint" className="field-hint">
              {l.reasonHint(REASON_MAX - reason.length)}
            </span>
            {reasonError ? (
              <span className="field-errors" role="alert">
                {reasonError}
              </span>
            ) : null}
          </label>
        </Modal>
      ) : null}
    </div>
  )
}
