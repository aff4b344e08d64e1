// /buildingBlock/bulkLoad (ImportBuildingBlockData;
// docs/decisions/0059-bulk-load-of-provider-details.md): the provincial person downloads the
// template, uploads a CSV or XLSX file, reads the dry run (every row: provider, what happens,
// changes, errors by column) and applies the file, which the server refuses while any row has an
// error. The summary and the result are announced (status and alert regions); the table has a
// caption and column headers.
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { useDocumentTitle } from '../../lib/use-document-title'
import type { BulkLoadReport, BulkLoadRow } from '../../api/generated'
import { useApplyBulkLoadMutation, useDryRunBulkLoadMutation } from './building-block-api'
import { bulkLoadSummary, bulkLoadStrings as s } from './building-block-strings'
import './bulk-load.css'

const TEMPLATE_URL = '/api/buildingblock/bulkLoad/template'

/** The report of an answer: the body of a 200, or of the 400 an apply with errors answers. */
function reportOf(result: { data?: unknown; error?: unknown }): BulkLoadReport | null {
  const body = result.data ?? (result.error as { data?: unknown } | undefined)?.data
  const report = body as BulkLoadReport | undefined
  return report && Array.isArray(report.rows) && report.summary ? report : null
}

function errorCount(report: BulkLoadReport): number {
  return report.fileErrors.length + report.rows.reduce((n, r) => n + r.errors.length, 0)
}

function Row({ row }: { row: BulkLoadRow }) {
  return (
    <tr className={row.errors.length ? 'bulk-row--error' : undefined} data-testid="bulk-row">
      <th scope="row">{row.row}</th>
      <td>
        {row.provider ? (
          <>
            <span className="bulk-provider">{row.provider}</span>
            <span className="bulk-muted">
              {row.municipality} · {row.stakeholderId}
            </span>
          </>
        ) : (
          s.none
        )}
      </td>
      <td>
        <span className={`bulk-action bulk-action--${row.action}`}>{s.actions[row.action]}</span>
      </td>
      <td>
        {row.changes.length ? (
          <ul className="bulk-list">
            {row.changes.map((c, i) => (
              <li key={i}>
                <strong>{c.column}:</strong> {c.from ?? s.empty} → {c.to ?? s.empty}
              </li>
            ))}
          </ul>
        ) : (
          s.none
        )}
      </td>
      <td>
        {row.errors.length ? (
          <ul className="bulk-list bulk-errors">
            {row.errors.map((e, i) => (
              <li key={i}>
                {e.column ? <strong>{e.column}:</strong> : null} {e.message}
              </li>
            ))}
          </ul>
        ) : (
          s.none
        )}
      </td>
    </tr>
  )
}

export function BulkLoad() {
  useDocumentTitle(s.title)
  const fileId = useId()
  const hintId = useId()
  const [file, setFile] = useState<File | null>(null)
  const [report, setReport] = useState<BulkLoadReport | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [onlyErrors, setOnlyErrors] = useState(false)
  const [dryRun, checking] = useDryRunBulkLoadMutation()
  const [apply, applying] = useApplyBulkLoadMutation()

  // The generated argument says `string` (the document's text/csv body); the file goes as it is.
  const body = (f: File) => f as unknown as string

  const check = async () => {
    setConfirming(false)
    setFailure(null)
    setReport(null)
    if (!file) {
      setFailure(s.noFile)
      return
    }
    const result = await dryRun({ body: body(file) })
    const r = reportOf(result)
    if (r) setReport(r)
    else setFailure(((result.error as { data?: { message?: string } })?.data?.message ?? null) || s.failed)
  }

  const confirmApply = async () => {
    if (!file || !report) return
    setConfirming(false)
    // The apply names the dry run shown: a provider changed since refuses it (409).
    const result = await apply({ body: body(file), reviewed: report.reviewed })
    const r = reportOf(result)
    if (r) setReport(r)
    else setFailure(((result.error as { data?: { message?: string } })?.data?.message ?? null) || s.failed)
  }

  const errors = report ? errorCount(report) : 0
  const toApply = report ? report.summary.submit + report.summary.verify : 0
  const mayApply = !!report && !report.applied && report.success && toApply > 0
  const rows = report ? (onlyErrors ? report.rows.filter((r) => r.errors.length) : report.rows) : []

  return (
    <section className="bb-dashboard bulk-load" aria-labelledby="bulk-title">
      <p>
        <Link to="/buildingBlock/">{s.back}</Link>
      </p>
      <h1 id="bulk-title">{s.title}</h1>
      <p>{s.intro}</p>
      <p>{s.rules}</p>
      <p>
        <a
          className="button button--outline"
          href={TEMPLATE_URL}
          download="bulk-load-template.csv"
          data-testid="bulk-template"
        >
          {s.template}
        </a>
      </p>
      <details className="bulk-columns">
        <summary>{s.columns}</summary>
        <dl>
          {s.templateColumns.map(([name, what]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </details>
      <form
        className="bulk-form"
        onSubmit={(e) => {
          e.preventDefault()
          void check()
        }}
      >
        <label htmlFor={fileId}>{s.file}</label>
        <input
          id={fileId}
          type="file"
          aria-describedby={hintId}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null)
            setReport(null)
            setFailure(null)
            setConfirming(false)
          }}
        />
        <p id={hintId} className="bulk-muted">
          {s.fileHint}
        </p>
        <button type="submit" className="button button--primary" disabled={checking.isLoading || applying.isLoading}>
          {checking.isLoading ? s.checking : s.check}
        </button>
      </form>

      <div role="status" aria-live="polite" className="bulk-status">
        {report ? (
          <p data-testid="bulk-summary">
            {report.applied
              ? report.message
              : `${bulkLoadSummary(report.summary)}${errors ? '' : ` ${toApply ? s.ready : s.nothingToApply}`}`}
          </p>
        ) : null}
      </div>
      {failure ? (
        <p className="message message--error" role="alert">
          {failure}
        </p>
      ) : null}
      {report && errors ? (
        <p className="message message--error" role="alert" data-testid="bulk-has-errors">
          {s.hasErrors(errors)}
        </p>
      ) : null}
      {report?.fileErrors.length ? (
        <section aria-labelledby="bulk-file-errors">
          <h2 id="bulk-file-errors">{s.fileErrors}</h2>
          <ul className="bulk-list bulk-errors">
            {report.fileErrors.map((e, i) => (
              <li key={i}>
                {s.rowOf(e.row)}
                {e.column ? `, ${e.column}` : ''}: {e.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {mayApply ? (
        <div className="bulk-apply">
          {confirming ? (
            <div role="group" aria-labelledby="bulk-confirm" className="bulk-confirm">
              <p id="bulk-confirm">{s.confirm(report.summary.submit, report.summary.verify)}</p>
              <button
                type="button"
                className="button button--primary"
                onClick={() => void confirmApply()}
                disabled={applying.isLoading}
              >
                {applying.isLoading ? s.applying : s.confirmYes}
              </button>{' '}
              <button type="button" className="button button--outline" onClick={() => setConfirming(false)}>
                {s.cancel}
              </button>
            </div>
          ) : (
            <button type="button" className="button button--primary" onClick={() => setConfirming(true)}>
              {s.apply}
            </button>
          )}
        </div>
      ) : null}

      {report && report.rows.length ? (
        <>
          {errors ? (
            <label className="bulk-filter">
              <input type="checkbox" checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />{' '}
              {s.onlyErrors}
            </label>
          ) : null}
          <div className="bulk-table-wrap" role="region" aria-labelledby="bulk-caption" tabIndex={0}>
            <table className="review-table bulk-table">
              <caption id="bulk-caption">{report.applied ? s.applied : s.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{s.headers.row}</th>
                  <th scope="col">{s.headers.provider}</th>
                  <th scope="col">{s.headers.action}</th>
                  <th scope="col">{s.headers.changes}</th>
                  <th scope="col">{s.headers.errors}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <Row key={r.row} row={r} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  )
}
