// A dashboard card: title, optional subtitle, body, and the data-table / CSV / PNG actions.
import { useId, useState } from 'react'
import { DataTable, tableCsv, type TableData } from './data-table'
import { DownloadIcon, ImageIcon, TableIcon } from './icons'
import { downloadCsv, slug } from '../lib/csv'
import { strings } from '../config/strings'

/** Show/hide the data table, download it as CSV, and save the chart as PNG when there is one. */
export function DataActions({
  table,
  onSavePng,
  initiallyOpen = false,
}: {
  table: TableData
  onSavePng?: (() => void) | null
  initiallyOpen?: boolean
}) {
  const [showTable, setShowTable] = useState(initiallyOpen)
  const tableId = useId()
  if (table.rows.length === 0) return null
  return (
    <>
      <div className="card__actions">
        <button
          type="button"
          className="text-button"
          aria-expanded={showTable}
          aria-controls={tableId}
          data-action="table"
          onClick={() => setShowTable((v) => !v)}
        >
          <TableIcon size={16} /> {showTable ? strings.dataTable.hide : strings.dataTable.show}
        </button>
        <button
          type="button"
          className="text-button"
          data-action="csv"
          onClick={() => downloadCsv(tableCsv(table), `${slug(`${table.title} ${table.area} ${table.period}`)}.csv`)}
        >
          <DownloadIcon size={16} /> {strings.dataTable.downloadCsv}
        </button>
        {onSavePng ? (
          <button type="button" className="text-button" data-action="png" onClick={onSavePng}>
            <ImageIcon size={16} /> {strings.dataTable.savePng}
          </button>
        ) : null}
      </div>
      {showTable ? <DataTable data={table} id={tableId} /> : <div id={tableId} hidden />}
    </>
  )
}

export function Card({
  title,
  subtitle,
  table,
  onSavePng,
  children,
  className,
  headingLevel = 2,
  testId,
}: {
  title: string
  subtitle?: React.ReactNode
  table?: TableData | null
  onSavePng?: (() => void) | null
  children: React.ReactNode
  className?: string
  headingLevel?: 2 | 3
  testId?: string
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const headingId = useId()
  return (
    <section className={`card ${className ?? ''}`} aria-labelledby={headingId} data-testid={testId}>
      <div className="card__header">
        <Heading className="card__title" id={headingId}>
          {title}
        </Heading>
        {subtitle ? <div className="card__subtitle">{subtitle}</div> : null}
      </div>
      <div className="card__body">{children}</div>
      {table ? <DataActions table={table} onSavePng={onSavePng} /> : null}
    </section>
  )
}
