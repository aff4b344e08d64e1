// The application's verification history for auditors: every recorded event with its time
// (YYYY-MM-DD HH:mm, SAST), actor, source and summary, oldest first, downloadable as the server's
// CSV and as JSON.
import { adminStrings } from '../../../config/admin-strings'
import { Spinner } from '../../../components/status'
import { downloadBlob } from '../../../lib/csv'
import { historyCsvUrl, useGetOrganisationHistoryQuery } from '../admin-api'
import { formatDateTime } from '../../../lib/instant'
import { LoadFailure } from '../components/admin-ui'
import type { HistoryEntry, HistorySealAnswer } from '../../../api/generated'
import type { StakeholderId } from '../admin-types'

const h = adminStrings.history

export function actorOf(event: Pick<HistoryEntry, 'actor' | 'actorName'>): { name: string; id: string | null } {
  const name = event.actorName?.trim() || event.actor?.trim() || '–'
  const id = event.actor && event.actor !== name ? event.actor : null
  return { name, id }
}

/** Whether the history matches the tamper-evident seal of the event log (one line). */
export function SealLine({ seal }: { seal: HistorySealAnswer | undefined }) {
  if (!seal) return null
  if (seal.status === 'sealed' && seal.sealedUpTo) {
    return (
      <p className="admin-muted" data-testid="history-seal">
        {h.sealedUpTo} <time dateTime={seal.sealedUpTo}>{formatDateTime(seal.sealedUpTo)}</time> (SAST)
      </p>
    )
  }
  if (seal.status === 'mismatch') {
    return (
      <p className="message message--warning" role="alert" data-testid="history-seal">
        {h.sealMismatch} {seal.message ?? ''}
      </p>
    )
  }
  return (
    <p className="admin-muted" data-testid="history-seal">
      {h.sealPending}
    </p>
  )
}

export function VerificationHistory({ orgId }: { orgId: StakeholderId }) {
  const history = useGetOrganisationHistoryQuery({ id: orgId }, { refetchOnMountOrArgChange: true })
  // The server sends the events of the organisation and of its designated person's account in
  // the order they were recorded; sequences count per aggregate, so the order is kept as sent.
  const events = history.data?.data ?? []

  function downloadJson() {
    const text = JSON.stringify(events, null, 2)
    downloadBlob(new Blob([text], { type: 'application/json' }), `verification-history-${orgId}.json`)
  }

  return (
    <section className="admin-section" aria-labelledby="history-title" data-testid="verification-history">
      <div className="admin-section__header">
        <h2 id="history-title">{h.title}</h2>
        <div className="admin-section__actions">
          <a
            className="button button--outline"
            href={historyCsvUrl(orgId)}
            download={`verification-history-${orgId}.csv`}
          >
            {h.downloadCsv}
          </a>
          <button type="button" className="button button--outline" onClick={downloadJson} disabled={!history.data}>
            {h.downloadJson}
          </button>
        </div>
      </div>
      <p className="admin-muted">{h.intro}</p>
      <SealLine seal={history.data?.seal} />
      {history.isLoading ? <Spinner /> : null}
      {history.isError ? <LoadFailure error={history.error} /> : null}
      {history.data && !events.length ? <p className="message message--empty">{h.empty}</p> : null}
      {events.length ? (
        <ol className="timeline">
          {events.map((event, index) => {
            const actor = actorOf(event)
            return (
              <li
                key={`${event.aggregate}-${event.sequence}-${index}`}
                className="timeline__item"
                data-testid="history-event"
              >
                <p className="timeline__summary">{event.summary || event.type}</p>
                <dl className="timeline__meta">
                  <div>
                    <dt>{h.time}</dt>
                    <dd>
                      <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt>{h.actor}</dt>
                    <dd>
                      {actor.name}
                      {actor.id ? <span className="admin-muted"> ({actor.id})</span> : null}
                    </dd>
                  </div>
                  <div>
                    <dt>{h.source}</dt>
                    <dd>{event.source || '–'}</dd>
                  </div>
                  <div>
                    <dt>{h.event}</dt>
                    <dd>
                      <code>{event.type}</code>
                    </dd>
                  </div>
                </dl>
              </li>
            )
          })}
        </ol>
      ) : null}
    </section>
  )
}
