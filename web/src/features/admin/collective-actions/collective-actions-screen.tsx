// /admin/collective-actions/ (WorldOfImpactAdmin, checked again by the server on every call):
// record a collective action in a municipality, report its result and complete it. Each action is
// one event with who and when; the public cards and map follow within a second.
import { cloneElement, useId, useState, type FormEvent, type ReactElement } from 'react'
import {
  useCompleteCollectiveActionMutation,
  useGetActionsByBoundaryQuery,
  useRecordCollectiveActionMutation,
  useReportCollectiveActionResultMutation,
} from '../../../api/collective-action-api'
import type { RecordCollectiveAction } from '../../../api/generated'
import { useListBoundariesQuery } from '../../../api/public-api'
import { ErrorMessage, Spinner } from '../../../components/status'
import { adminStrings } from '../../../config/admin-strings'
import { strings } from '../../../config/strings'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { PageHeader } from '../components/admin-ui'
import { adminPaths } from '../admin-paths'

const s = strings.actions

/** Pillars of the NSP on GBVF (ids as the API's pillarStats), the team types and the cycles,
 * in the order the form offers them; their names are in the catalogs (`admin.collectiveActions.*`). */
const PILLAR_IDS = [1, 2, 3, 4, 5, 6]
const TYPE_IDS = [1, 2, 3, 4, 5]
const CYCLE_IDS = [5, 4, 3, 2, 1, 99]
const names = adminStrings.collectiveActions

function message(error: unknown): string {
  const data = (error as { data?: { message?: string } } | undefined)?.data
  return data?.message ?? strings.messages.generic
}

/** A label tied to its control by id, so the control's accessible name is the label alone. */
function Field({ label, children }: { label: string; children: ReactElement<{ id?: string }> }) {
  const id = useId()
  return (
    <div className="admin-form__field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id })}
    </div>
  )
}

function RecordForm({ onDone }: { onDone: (text: string) => void }) {
  const municipalities = useListBoundariesQuery({ boundaryTypeId: 3 })
  const [record, state] = useRecordCollectiveActionMutation()
  const [error, setError] = useState<string | null>(null)
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const f = new FormData(e.currentTarget)
    // Every field of this form is text (no file inputs).
    const text = (name: string) => {
      const value = f.get(name)
      return typeof value === 'string' ? value : ''
    }
    const pillar = text('pillarId')
    try {
      await record({
        recordCollectiveAction: {
          name: text('name'),
          description: text('description'),
          collectiveActionTypeId: Number(f.get('typeId')),
          pillarId: pillar ? Number(pillar) : null,
          // The select offers the cycles the server lists; the server refuses any other id.
          cycleId: Number(f.get('cycleId')) as RecordCollectiveAction['cycleId'],
          validFrom: text('validFrom'),
          validTo: text('validTo'),
          boundaryId: Number(f.get('boundaryId')),
          sourceUrl: text('sourceUrl'),
        },
      }).unwrap()
      setError(null)
      onDone(s.recorded)
    } catch (err) {
      setError(message(err))
    }
  }
  return (
    <form
      className="admin-form"
      onSubmit={(e) => void submit(e)}
      aria-label={s.record}
      data-testid="record-collective-action"
    >
      <h2>{s.record}</h2>
      <Field label={s.name}>
        <input name="name" required />
      </Field>
      <Field label={s.goal}>
        <textarea name="description" />
      </Field>
      <Field label={s.municipality}>
        <select name="boundaryId" required defaultValue="">
          <option value="" disabled>
            —
          </option>
          {(municipalities.data ?? []).map((m) => (
            <option key={m.boundaryId} value={m.boundaryId}>
              {m.description}
            </option>
          ))}
        </select>
      </Field>
      <Field label={s.type}>
        <select name="typeId" defaultValue="1">
          {TYPE_IDS.map((id) => (
            <option key={id} value={id}>
              {names.types[id]}
            </option>
          ))}
        </select>
      </Field>
      <Field label={strings.cards.pillar}>
        <select name="pillarId" defaultValue="">
          <option value="">{s.pillarNotStated}</option>
          {PILLAR_IDS.map((id) => (
            <option key={id} value={id}>
              {id}. {names.pillars[id]}
            </option>
          ))}
        </select>
      </Field>
      <Field label={s.cycle}>
        <select name="cycleId" defaultValue="5">
          {CYCLE_IDS.map((id) => (
            <option key={id} value={id}>
              {names.cycles[id]}
            </option>
          ))}
        </select>
      </Field>
      <Field label={s.validFrom}>
        <input type="date" name="validFrom" required />
      </Field>
      <Field label={s.validTo}>
        <input type="date" name="validTo" required />
      </Field>
      <Field label={s.source}>
        <input type="url" name="sourceUrl" />
      </Field>
      {error ? (
        <p role="alert" className="admin-form__error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={state.isLoading}>
        {s.save}
      </button>
    </form>
  )
}

function CollectiveActionRows({ onDone }: { onDone: (text: string) => void }) {
  const list = useGetActionsByBoundaryQuery({ boundaryId: 1 }, { pollingInterval: 0 })
  const [complete] = useCompleteCollectiveActionMutation()
  const [report] = useReportCollectiveActionResultMutation()
  const [outcomes, setOutcomes] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  if (list.isLoading) return <Spinner />
  if (list.isError) return <ErrorMessage />
  const rows = [...(list.data ?? [])].reverse()
  const act = async (run: () => Promise<unknown>, text: string) => {
    try {
      await run()
      setError(null)
      onDone(text)
    } catch (err) {
      setError(message(err))
    }
  }
  return (
    <section aria-label={s.challenges}>
      <h2>{s.challenges}</h2>
      {error ? (
        <p role="alert" className="admin-form__error">
          {error}
        </p>
      ) : null}
      <table className="admin-table" data-testid="collective-action-table">
        <thead>
          <tr>
            <th>{s.name}</th>
            <th>{s.municipality}</th>
            <th>{s.dates}</th>
            <th>{s.status}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.collectiveActionId} data-id={r.collectiveActionId} data-name={r.name}>
              <td>{r.name}</td>
              <td>{r.localMunicipalityName ?? r.placeName}</td>
              <td>{r.validFrom ? `${r.validFrom} – ${r.validTo ?? ''}` : s.datesNotStated}</td>
              <td>{r.completedOn != null ? strings.cards.completed : r.active ? strings.cards.active : s.notActive}</td>
              <td>
                {r.completedOn == null ? (
                  <>
                    <input
                      aria-label={`${s.outcome}: ${r.name}`}
                      value={outcomes[r.collectiveActionId] ?? ''}
                      onChange={(e) => setOutcomes({ ...outcomes, [r.collectiveActionId]: e.target.value })}
                    />
                    <button
                      type="button"
                      className="btn"
                      onClick={() =>
                        void act(
                          () =>
                            report({
                              id: r.collectiveActionId,
                              reportBody: { outcome: outcomes[r.collectiveActionId] ?? '', sourceUrl: '' },
                            }).unwrap(),
                          s.reportedOk,
                        )
                      }
                    >
                      {s.reportResult}
                    </button>
                    <button
                      type="button"
                      className="btn"
                      data-testid="complete-collective-action"
                      onClick={() => void act(() => complete({ id: r.collectiveActionId }).unwrap(), s.completedOk)}
                    >
                      {s.complete}
                    </button>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function CollectiveActionsScreen() {
  const [notice, setNotice] = useState<string | null>(null)
  useDocumentTitle(s.admin)
  return (
    <div className="admin-collective-actions">
      <PageHeader title={s.admin} back={adminPaths.dashboard} backLabel={adminStrings.common.back} />
      {notice ? (
        <p role="status" data-testid="collective-action-notice">
          {notice}
        </p>
      ) : null}
      <RecordForm onDone={setNotice} />
      <CollectiveActionRows onDone={setNotice} />
    </div>
  )
}

export { CollectiveActionsScreen as Component }
