// A dashboard card: title, optional subtitle, body, and the data-table / CSV / PNG actions; in a
// shared view (the chart, map and grid views and their embedded forms, components/share-context.tsx)
// also the full series, Embed and Cite.
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { DataTable, tableCsv, type TableData } from './data-table'
import { CiteIcon, DownloadIcon, EmbedIcon, ImageIcon, SeriesIcon, TableIcon } from './icons'
import { useShareScope, type ShareScopeValue } from './share-context'
import { CiteDialog, EmbedDialog } from './share-dialogs'
import { downloadCsv, slug } from '../lib/csv'
import { fullSeries, type SeriesRef } from '../lib/share'
import { strings } from '../config/strings'

/** The link to the whole series a card's figures belong to: the crime file of its areas' level,
 * or the component's dataset on the open data page (in a new tab when embedded). */
function FullSeriesLink({ series, scope }: { series: SeriesRef; scope: ShareScopeValue }) {
  const target = fullSeries(series)
  if (!target) return null
  const content = (
    <>
      <SeriesIcon size={16} /> {target.file ? strings.share.fullSeriesFile : strings.share.fullSeriesPage}
    </>
  )
  if (target.file)
    return (
      <a href={target.href} className="text-button" data-action="full-series" download>
        {content}
      </a>
    )
  if (scope.embedded)
    return (
      <a
        href={new URL(target.href, window.location.origin).href}
        className="text-button"
        data-action="full-series"
        target="_blank"
        rel="noopener"
      >
        {content}
        <span className="visually-hidden"> {strings.header.opensInNewTab}</span>
      </a>
    )
  const [pathname, hash] = target.href.split('#')
  return (
    <Link to={{ pathname, hash }} className="text-button" data-action="full-series">
      {content}
    </Link>
  )
}

/** Show/hide the data table, download it as CSV, and save the chart as PNG when there is one; in
 * a shared view also the full series (`series`: what the card is part of), Embed and Cite. */
export function DataActions({
  table,
  onSavePng,
  initiallyOpen = false,
  series,
}: {
  table: TableData
  onSavePng?: (() => void) | null
  initiallyOpen?: boolean
  series?: SeriesRef | null
}) {
  const [showTable, setShowTable] = useState(initiallyOpen)
  const [dialog, setDialog] = useState<'embed' | 'cite' | null>(null)
  const tableId = useId()
  const scope = useShareScope()
  if (table.rows.length === 0) return null
  return (
    <>
      <div className="card__actions" data-share={scope ? scope.view : undefined}>
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
          <DownloadIcon size={16} /> {scope ? strings.share.downloadShown : strings.dataTable.downloadCsv}
        </button>
        {scope && series ? <FullSeriesLink series={series} scope={scope} /> : null}
        {onSavePng ? (
          <button type="button" className="text-button" data-action="png" onClick={onSavePng}>
            <ImageIcon size={16} /> {strings.dataTable.savePng}
          </button>
        ) : null}
        {scope ? (
          <>
            <button
              type="button"
              className="text-button"
              data-action="embed"
              aria-haspopup="dialog"
              onClick={() => setDialog('embed')}
            >
              <EmbedIcon size={16} /> {strings.share.embed}
            </button>
            <button
              type="button"
              className="text-button"
              data-action="cite"
              aria-haspopup="dialog"
              onClick={() => setDialog('cite')}
            >
              <CiteIcon size={16} /> {strings.share.cite}
            </button>
          </>
        ) : null}
      </div>
      {showTable ? <DataTable data={table} id={tableId} /> : <div id={tableId} hidden />}
      {scope && dialog === 'embed' ? <EmbedDialog scope={scope} onClose={() => setDialog(null)} /> : null}
      {scope && dialog === 'cite' ? (
        <CiteDialog scope={scope} table={table} series={series} onClose={() => setDialog(null)} />
      ) : null}
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
  series,
}: {
  title: string
  subtitle?: React.ReactNode
  table?: TableData | null
  onSavePng?: (() => void) | null
  /** What the card's figures are part of (its component and, for crime, its areas' level): the
   * full series a shared view links. */
  series?: SeriesRef | null
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
      {table ? <DataActions table={table} onSavePng={onSavePng} series={series} /> : null}
    </section>
  )
}
