// /buildingBlock/queue (docs/decisions/0056-the-verification-queue-and-the-review.md): every
// submission awaiting the province across the user's area, or every return awaiting the
// municipality with its reason; oldest first, filtered by municipality, building block and
// age, paged, with the time waiting. The heading counts both. Filters live in the address so
// a reload or a shared link shows the same page.
import { Link, useSearchParams } from 'react-router'
import { ErrorMessage, Spinner } from '../../components/status'
import { useDocumentTitle } from '../../lib/use-document-title'
import type { GetVerificationQueueApiArg, QueueItem } from '../../api/generated'
import { useGetVerificationQueueQuery } from './building-block-api'
import { encodeId } from './building-block-dashboard'
import { queueDays, queueStrings as q, bbStrings as t } from './building-block-strings'
import { Action } from '../../config/constants'
import { can } from '../../session/landing'
import { useSession } from '../../session/use-session'
import { ProposalsSection } from './building-block-proposals'
import './queue.css'

const PAGE_SIZE = 25

/** The review screen of one provider; its id encoded as the manage screen's are. */
export function reviewPath(stakeholderId: number): string {
  return `/buildingBlock/review/${encodeId(stakeholderId)}`
}

function positive(v: string | null): number | undefined {
  const n = Number(v)
  return v && Number.isInteger(n) && n > 0 ? n : undefined
}

/** The call's arguments from the address's search parameters. */
export function queueArgs(params: URLSearchParams): GetVerificationQueueApiArg {
  return {
    status: params.get('status') === 'returned' ? 'returned' : 'submitted',
    municipalityId: positive(params.get('municipalityId')),
    buildingBlockId: positive(params.get('buildingBlockId')),
    minDaysWaiting: positive(params.get('minDaysWaiting')),
    page: positive(params.get('page')) ?? 1,
    pageSize: PAGE_SIZE,
  }
}

function Item({ item }: { item: QueueItem }) {
  return (
    <li className="queue-item" data-testid="queue-item">
      <div className="queue-item__main">
        <Link to={reviewPath(item.stakeholderId)} className="queue-item__name" aria-label={q.openNamed(item.name)}>
          {item.name}
        </Link>
        <span>
          {item.municipalityName} · {item.buildingBlock}
        </span>
      </div>
      <dl className="queue-item__facts">
        <div>
          <dt>{q.waiting}</dt>
          <dd data-testid="queue-waiting">{queueDays(item.daysWaiting)}</dd>
        </div>
        <div>
          <dt>{q.submittedBy}</dt>
          <dd>
            {item.submittedByName ?? '—'}
            {item.ownSubmission ? <span className="queue-item__own"> ({q.yours})</span> : null}
          </dd>
        </div>
        {item.status === 'returned' && item.returnedByName ? (
          <div>
            <dt>{q.returnedBy}</dt>
            <dd>{item.returnedByName}</dd>
          </div>
        ) : null}
        {item.status === 'returned' && item.returnReason ? (
          <div className="queue-item__reason">
            <dt>{q.reason}</dt>
            <dd data-testid="queue-reason">{item.returnReason}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  )
}

export function VerificationQueue() {
  const [params, setParams] = useSearchParams()
  const args = queueArgs(params)
  const query = useGetVerificationQueueQuery(args)
  const { session } = useSession()
  const proposals = [Action.AddBuildingBlock, Action.DeleteBuildingBlock, Action.VerifyBuildingBlockExist].some((a) =>
    can(session, a),
  )
  const data = query.data
  const heading = data ? q.heading(data.counts.submitted, data.counts.returned) : q.title
  useDocumentTitle(heading)
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  const set = (key: string, value: string | number | undefined) => {
    const next = new URLSearchParams(params)
    if (value === undefined || value === '') next.delete(key)
    else next.set(key, String(value))
    if (key !== 'page') next.delete('page')
    setParams(next)
  }

  return (
    <section className="bb-dashboard queue" aria-labelledby="queue-title">
      <p>
        <Link to="/buildingBlock/">{q.back}</Link>
      </p>
      <h1 id="queue-title">{heading}</h1>
      {proposals ? <ProposalsSection /> : null}
      <h2 className="queue-submissions-title">{q.submissionsTitle}</h2>
      <fieldset className="queue-tabs">
        <legend className="visually-hidden">{q.status}</legend>
        {(['submitted', 'returned'] as const).map((s) => (
          <label key={s} className={`queue-tab ${args.status === s ? 'queue-tab--active' : ''}`}>
            <input type="radio" name="queue-status" checked={args.status === s} onChange={() => set('status', s)} />
            {q.tabs[s]} ({data ? data.counts[s] : '…'})
          </label>
        ))}
      </fieldset>
      <div className="bb-filters">
        <label>
          {q.municipality}
          <select value={args.municipalityId ?? ''} onChange={(e) => set('municipalityId', e.target.value)}>
            <option value="">{q.all}</option>
            {(data?.municipalities ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {q.buildingBlock}
          <select value={args.buildingBlockId ?? ''} onChange={(e) => set('buildingBlockId', e.target.value)}>
            <option value="">{q.all}</option>
            {(data?.buildingBlocks ?? []).map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {q.age}
          <select value={args.minDaysWaiting ?? ''} onChange={(e) => set('minDaysWaiting', e.target.value)}>
            <option value="">{q.anyAge}</option>
            {q.ages.map((a) => (
              <option key={a.days} value={a.days}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isError ? (
        <ErrorMessage />
      ) : !data ? (
        <Spinner />
      ) : data.items.length === 0 ? (
        <p className="no-data">{q.none[data.status] ?? t.noData}</p>
      ) : (
        <>
          <ol className="queue-list" aria-label={q.tabs[data.status]}>
            {data.items.map((item) => (
              <Item key={item.stakeholderId} item={item} />
            ))}
          </ol>
          <nav className="queue-pages" aria-label={q.page(data.page, pages, data.total)}>
            <button
              type="button"
              className="button"
              disabled={data.page <= 1}
              onClick={() => set('page', data.page - 1)}
            >
              {q.previous}
            </button>
            <span data-testid="queue-page">{q.page(data.page, pages, data.total)}</span>
            <button
              type="button"
              className="button"
              disabled={data.page >= pages}
              onClick={() => set('page', data.page + 1)}
            >
              {q.next}
            </button>
          </nav>
        </>
      )}
    </section>
  )
}
