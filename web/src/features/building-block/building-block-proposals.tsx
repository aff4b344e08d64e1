// The proposals of new providers and of closures awaiting the province, shown on the
// verification queue beside the submissions (docs/decisions/0100-proposed-and-closed-providers.md).
// A designated person of the province (VerifyBuildingBlockExist) confirms or declines each, in
// a dialog naming the provider; a decline needs a reason; nobody decides on their own proposal.
import { useState } from 'react'
import { Modal } from '../../components/modal'
import { ErrorMessage, Spinner } from '../../components/status'
import { Action } from '../../config/constants'
import { can } from '../../session/landing'
import { useSession } from '../../session/use-session'
import type { ErrorBody, ProposalItem } from '../../api/generated'
import { useConfirmProposalMutation, useDeclineProposalMutation, useGetProposalsQuery } from './building-block-api'
import { REASON_MAX } from './building-block-strings'
import { lifecycleStrings as l } from './lifecycle-strings'

/** The text of a failed call: the server's message, else ours. */
export function errorText(result: unknown, fallback: string): string {
  const data = (result as { error?: { data?: Partial<ErrorBody> } }).error?.data
  return data?.message ?? fallback
}

function Facts({ item }: { item: ProposalItem }) {
  const numbers = item.contacts.map((c) => c.detail).join(', ')
  return (
    <dl className="queue-item__facts">
      <div>
        <dt>{l.waiting}</dt>
        <dd>{l.days(item.daysWaiting)}</dd>
      </div>
      <div>
        <dt>{l.proposedBy}</dt>
        <dd>
          {item.proposedByName ?? '—'}
          {item.ownProposal ? <span className="queue-item__own"> ({l.yours})</span> : null}
        </dd>
      </div>
      {item.physicalAddress ? (
        <div>
          <dt>{l.address}</dt>
          <dd>{item.physicalAddress}</dd>
        </div>
      ) : null}
      {item.point ? (
        <div>
          <dt>{l.point}</dt>
          <dd>
            {item.point[1].toFixed(5)}, {item.point[0].toFixed(5)}
          </dd>
        </div>
      ) : null}
      {numbers ? (
        <div>
          <dt>{l.numbers}</dt>
          <dd>{numbers}</dd>
        </div>
      ) : null}
      {item.reason ? (
        <div className="queue-item__reason">
          <dt>{l.reason}</dt>
          <dd>{item.reason}</dd>
        </div>
      ) : null}
    </dl>
  )
}

type Dialog = { item: ProposalItem; confirm: boolean }

export function ProposalsSection() {
  const { session } = useSession()
  const decides = can(session, Action.VerifyBuildingBlockExist)
  const query = useGetProposalsQuery()
  const [confirm, confirming] = useConfirmProposalMutation()
  const [decline, declining] = useDeclineProposalMutation()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState('')
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null)

  async function decide(d: Dialog) {
    if (!d.confirm && !reason.trim()) {
      setReasonError(l.reasonRequired)
      return
    }
    const stakeholderId = d.item.stakeholderId
    const result = d.confirm
      ? await confirm({ proposalDecisionBody: { stakeholderId } })
      : await decline({ proposalDecisionBody: { stakeholderId, reason: reason.trim() } })
    setDialog(null)
    if ('data' in result && result.data?.success) {
      setNotice({ ok: true, text: d.confirm ? l.confirmed : l.declined })
      setReason('')
    } else setNotice({ ok: false, text: errorText(result, l.notDecided) })
  }

  const data = query.data
  return (
    <section className="queue-proposals" aria-labelledby="proposals-title">
      <h2 id="proposals-title">
        {l.listTitle} ({data ? data.total : '…'})
      </h2>
      {notice ? (
        <p className={notice.ok ? 'form-notice' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      {query.isError ? (
        <ErrorMessage />
      ) : !data ? (
        <Spinner />
      ) : data.items.length === 0 ? (
        <p className="no-data">{l.none}</p>
      ) : (
        <ol className="queue-list" aria-label={l.listTitle}>
          {data.items.map((item) => (
            <li key={item.stakeholderId} className="queue-item queue-item--proposal" data-testid="proposal-item">
              <div className="queue-item__main">
                <span className={`proposal-kind proposal-kind--${item.kind}`}>{l.kinds[item.kind] ?? item.kind}</span>
                <span className="queue-item__name">{item.name}</span>
                <span>
                  {item.municipalityName} · {item.buildingBlock}
                </span>
                {decides && !item.ownProposal ? (
                  <span className="proposal-actions">
                    <button
                      type="button"
                      className="button button--primary"
                      onClick={() => setDialog({ item, confirm: true })}
                    >
                      {item.kind === 'closure' ? l.confirmClosure : l.confirmNew}
                    </button>
                    <button
                      type="button"
                      className="button button--outline"
                      onClick={() => setDialog({ item, confirm: false })}
                    >
                      {l.decline}
                    </button>
                  </span>
                ) : null}
              </div>
              <Facts item={item} />
            </li>
          ))}
        </ol>
      )}
      {dialog ? (
        <Modal
          title={dialog.confirm ? (dialog.item.kind === 'closure' ? l.confirmClosure : l.confirmNew) : l.decline}
          onClose={() => setDialog(null)}
          footer={
            <>
              <button type="button" className="button button--outline" onClick={() => setDialog(null)}>
                {l.cancel}
              </button>
              <button
                type="button"
                className={dialog.confirm ? 'button button--primary' : 'button button--danger'}
                disabled={confirming.isLoading || declining.isLoading}
                onClick={() => void decide(dialog)}
              >
                {dialog.confirm ? (dialog.item.kind === 'closure' ? l.confirmClosure : l.confirmNew) : l.decline}
              </button>
            </>
          }
        >
          <p>
            {dialog.confirm
              ? (dialog.item.kind === 'closure' ? l.confirmClosureQuestion : l.confirmNewQuestion)(
                  dialog.item.name,
                  dialog.item.municipalityName,
                )
              : l.declineQuestion(dialog.item.name)}
          </p>
          {dialog.confirm ? null : (
            <label className="form-field review-reason">
              <span>{l.declineReason}</span>
              <textarea
                value={reason}
                maxLength={REASON_MAX}
                rows={4}
                required
                aria-invalid={Boolean(reasonError)}
                aria-describedby="proposal-reason-hint"
                onChange={(e) => {
                  setReason(e.target.value)
                  setReasonError('')
                }}
              />
              <span id="proposal-reason-hint" className="field-hint">
                {l.reasonHint(REASON_MAX - reason.length)}
              </span>
              {reasonError ? (
                <span className="field-errors" role="alert">
                  {reasonError}
                </span>
              ) : null}
            </label>
          )}
        </Modal>
      ) : null}
    </section>
  )
}
