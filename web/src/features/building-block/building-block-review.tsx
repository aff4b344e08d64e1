// /buildingBlock/review/:stakeholderId
// (docs/decisions/0056-the-verification-queue-and-the-review.md): a submission beside the last
// verified version, field by field, requirement by requirement (by name) and contact person by
// contact person (added, changed, removed). The province's designated person verifies or returns
// the submission shown: each asks for confirmation in a dialog naming the submission (its version
// goes with the decision, so a newer submission makes the server refuse it), and a return needs a
// reason. The municipality's designated person sees why it was returned and goes on to edit it.

import { formatDateTime } from '../../lib/instant'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { skipToken } from '@reduxjs/toolkit/query'
import { Modal } from '../../components/modal'
import { ErrorMessage, Spinner } from '../../components/status'
import { Action } from '../../config/constants'
import { useDocumentTitle } from '../../lib/use-document-title'
import { can } from '../../session/landing'
import { useSession } from '../../session/use-session'
import type { ContactPersonChange, ContactPersonDetails, ErrorBody, SubmissionReview } from '../../api/generated'
import { useGetSubmissionReviewQuery, useReturnProviderMutation, useVerifyProviderMutation } from './building-block-api'
import { decodeId, managePath } from './building-block-dashboard'
import {
  REASON_MAX,
  reviewChangedFields,
  reviewComparedWith,
  reviewStrings as r,
  bbStrings as t,
} from './building-block-strings'
import './queue.css'

/** The admin screens' instant: 'YYYY-MM-DD HH:mm' in SAST, no month names to translate. */
function when(at: string | null | undefined): string {
  return at ? formatDateTime(at) : ''
}

function Value({ v }: { v: string | null | undefined }) {
  return v ? <>{v}</> : <span className="review-none">{r.empty}</span>
}

function PersonCard({ p, changed }: { p: ContactPersonDetails; changed: string[] }) {
  const rows: [string, string | null][] = [
    ['fullName', p.fullName],
    ['jobRole', p.jobRole],
    ['mobileNumber', p.mobileNumber],
    ['emailAddress', p.emailAddress],
    ['telephoneNumber', p.telephoneNumber],
    ['alternateNumber', p.alternateNumber],
    ['isPublic', p.isPublic ? t.shownInPublic : t.internalOnly],
  ]
  return (
    <dl className="review-person">
      {rows.map(([k, v]) => (
        <div key={k} className={changed.includes(k) ? 'review-changed' : undefined}>
          <dt>{r.personFields[k]}</dt>
          <dd>
            <Value v={v} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

function Person({ c }: { c: ContactPersonChange }) {
  const names = c.changedFields.map((f) => r.personFields[f] ?? f)
  return (
    <li className={`review-person-change review-person-change--${c.change}`} data-testid="review-person">
      <p className="review-person-change__head">
        <strong>{r.personChange[c.change] ?? c.change}</strong> · {c.requirement}
        {names.length ? <> · {reviewChangedFields(names)}</> : null}
      </p>
      <div className="review-columns">
        {c.verified ? (
          <div>
            <h4>{r.verified}</h4>
            <PersonCard p={c.verified} changed={c.changedFields} />
          </div>
        ) : null}
        {c.submitted ? (
          <div>
            <h4>{r.submitted}</h4>
            <PersonCard p={c.submitted} changed={c.changedFields} />
          </div>
        ) : null}
      </div>
    </li>
  )
}

function Comparison({ v }: { v: SubmissionReview }) {
  // Before any verification the comparison is with the imported directory record.
  const before = v.verifiedAt ? r.verified : r.imported
  const fields = v.isShelter
    ? v.fields.filter((f) => !f.field.endsWith('Address') || f.field === 'emailAddress')
    : v.fields
  return (
    <>
      <h2>{r.details}</h2>
      <div className="table-scroll" role="region" aria-label={r.details} tabIndex={0}>
        <table className="review-table">
          <thead>
            <tr>
              <th scope="col">{r.field}</th>
              <th scope="col">{before}</th>
              <th scope="col">{r.submitted}</th>
              <th scope="col">{r.change}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <tr key={f.field} className={f.changed ? 'review-changed' : undefined} data-testid="review-field">
                <th scope="row">{r.fields[f.field] ?? f.field}</th>
                <td data-label={before}>
                  <Value v={f.verified} />
                </td>
                <td data-label={r.submitted}>
                  <Value v={f.submitted} />
                </td>
                <td data-label={r.change}>{f.changed ? r.changed : r.unchanged}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>{r.requirements}</h2>
      <div className="table-scroll" role="region" aria-label={r.requirements} tabIndex={0}>
        <table className="review-table">
          <thead>
            <tr>
              <th scope="col">{r.requirement}</th>
              <th scope="col">{before}</th>
              <th scope="col">{r.submitted}</th>
              <th scope="col">{r.change}</th>
            </tr>
          </thead>
          <tbody>
            {v.requirements.map((q) => (
              <tr
                key={q.buildingBlockRequirementId}
                className={q.changed ? 'review-changed' : undefined}
                data-testid="review-requirement"
              >
                <th scope="row">{q.name}</th>
                <td data-label={before}>{q.verified ? r.offered : r.notOffered}</td>
                <td data-label={r.submitted}>{q.submitted ? r.offered : r.notOffered}</td>
                <td data-label={r.change}>{q.changed ? r.changed : r.unchanged}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>{r.persons}</h2>
      {v.contactPersons.length ? (
        <ul className="plain-list review-persons">
          {v.contactPersons.map((c, i) => (
            <Person key={i} c={c} />
          ))}
        </ul>
      ) : (
        <p>{r.noPersons}</p>
      )}
    </>
  )
}

function errorText(result: unknown): string {
  const data = (result as { error?: { data?: Partial<ErrorBody> } }).error?.data
  return data?.message ?? t.notUpdated
}

export function SubmissionReviewScreen() {
  const params = useParams()
  const id = decodeId(params.stakeholderId)
  const { session } = useSession()
  const query = useGetSubmissionReviewQuery(id ? { stakeholderId: id } : skipToken)
  const [verify, verifying] = useVerifyProviderMutation()
  const [giveBack, returning] = useReturnProviderMutation()
  const [dialog, setDialog] = useState<'verify' | 'return' | null>(null)
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState('')
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null)
  const v = query.data
  useDocumentTitle(r.title(v?.name ?? ''))
  if (id == null) return <ErrorMessage />
  if (query.isError) return <ErrorMessage />
  if (!v) return <Spinner />
  const version = v.submissionVersion ?? 0
  const submittedAt = when(v.submittedAt)

  async function decide(kind: 'verify' | 'return') {
    if (kind === 'return' && !reason.trim()) {
      setReasonError(r.reasonRequired)
      return
    }
    const decisionBody = { stakeholderId: v!.stakeholderId, submissionVersion: version }
    const result =
      kind === 'verify'
        ? await verify({ decisionBody })
        : await giveBack({ decisionBody: { ...decisionBody, reason: reason.trim() } })
    setDialog(null)
    if ('data' in result && result.data?.success) {
      setNotice({ ok: true, text: result.data.message || (kind === 'verify' ? r.verified_ : r.returned_) })
      setReason('')
    } else setNotice({ ok: false, text: errorText(result) })
  }

  return (
    <section className="bb-manage review" aria-labelledby="review-title">
      <p>
        <Link to="/buildingBlock/queue">{r.backToQueue}</Link>
      </p>
      <header className="bb-manage__header">
        <h1 id="review-title">{v.name}</h1>
        <p>
          {v.municipalityName} · {v.buildingBlock} ·{' '}
          <strong data-testid="review-status">{t.status[v.status] ?? v.status}</strong>
        </p>
        {v.submittedAt ? (
          <p>
            {r.submittedBy(v.submittedByName ?? '—', submittedAt)} (version {version})
          </p>
        ) : null}
        <p>{reviewComparedWith(v.verifiedAt ? when(v.verifiedAt) : null)}</p>
      </header>
      {notice ? (
        <p className={notice.ok ? 'form-notice' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      {v.returnReason ? (
        <div className="review-return" data-testid="review-return">
          <h2>{r.lastReturn}</h2>
          <p className="review-return__reason">{v.returnReason}</p>
          {v.returnedAt ? <p>{r.returnedBy(v.returnedByName ?? '—', when(v.returnedAt))}</p> : null}
        </div>
      ) : null}
      <div className="bb-actions review-actions">
        {v.mayDecide ? (
          <>
            <button type="button" className="button button--primary" onClick={() => setDialog('verify')}>
              {t.verify}
            </button>
            <button type="button" className="button button--outline" onClick={() => setDialog('return')}>
              {t.returnLabel}
            </button>
          </>
        ) : v.ownSubmission && v.status === 'submitted' && can(session, Action.ValidateBuildingBlock) ? (
          <p className="form-field__hint">{t.ownSubmission}</p>
        ) : null}
        {can(session, Action.EditBuildingBlock) && v.status !== 'submitted' ? (
          <Link
            className="button"
            to={`${managePath(v.municipalityId, v.buildingBlockId)}?provider=${v.stakeholderId}`}
          >
            {t.editAgain}
          </Link>
        ) : null}
      </div>
      <Comparison v={v} />
      {dialog === 'verify' ? (
        <Modal
          title={r.verifyTitle}
          onClose={() => setDialog(null)}
          footer={
            <>
              <button type="button" className="button button--outline" onClick={() => setDialog(null)}>
                {r.cancel}
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={verifying.isLoading}
                onClick={() => void decide('verify')}
              >
                {t.verify}
              </button>
            </>
          }
        >
          <p>{r.verifyQuestion(v.name, version, submittedAt)}</p>
        </Modal>
      ) : null}
      {dialog === 'return' ? (
        <Modal
          title={r.returnTitle}
          onClose={() => setDialog(null)}
          footer={
            <>
              <button type="button" className="button button--outline" onClick={() => setDialog(null)}>
                {r.cancel}
              </button>
              <button
                type="button"
                className="button button--danger"
                disabled={returning.isLoading}
                onClick={() => void decide('return')}
              >
                {r.confirmReturn}
              </button>
            </>
          }
        >
          <p>{r.returnQuestion(v.name, version, submittedAt)}</p>
          <label className="form-field review-reason">
            <span>{t.reason}</span>
            <textarea
              value={reason}
              maxLength={REASON_MAX}
              rows={4}
              required
              aria-invalid={Boolean(reasonError)}
              aria-describedby="review-reason-hint"
              onChange={(e) => {
                setReason(e.target.value)
                setReasonError('')
              }}
            />
            <span id="review-reason-hint" className="field-hint">
              {r.reasonHint(REASON_MAX - reason.length)}
            </span>
            {reasonError ? (
              <span className="field-errors" role="alert">
                {reasonError}
              </span>
            ) : null}
          </label>
        </Modal>
      ) : null}
    </section>
  )
}
