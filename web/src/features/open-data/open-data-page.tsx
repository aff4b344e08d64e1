// /data: the open data page (decisions 0164 and 0165). Every dataset of the DCAT catalogue with
// its period, last change, licence and sources; each of its files with its size, SHA-256, the
// download and its signed manifest; its Data Package and the catalogue; the columns of its files
// from the Data Package (shown once when every file has the same); and how to check a download
// against its manifest with the published audit key. While the page is shown, the head carries
// the datasets' schema.org markup for dataset search engines.
import { Fragment, useEffect, useId, useMemo, useState } from 'react'
import { useLocation } from 'react-router'
import { useGetAuditPublicKeyQuery, useGetDataCatalogueQuery, useGetDataPackageQuery } from '../../api/open-data-api'
import { Credits } from '../../components/credits'
import { DownloadIcon } from '../../components/icons'
import { ErrorMessage, NoData, Spinner } from '../../components/status'
import { openDataStrings as s } from '../../config/open-data-strings'
import { attribution } from '../../config/strings'
import { paths } from '../../filters/paths'
import { formatCount, formatDecimal, formatIsoDate } from '../../lib/format'
import {
  columnGroups,
  fileSize,
  financialYears,
  jsonLdText,
  parseCatalogue,
  parseDataPackage,
  sastDate,
  schemaOrgDatasets,
  type Catalogue,
  type Column,
  type ColumnGroup,
  type DataFile,
  type Dataset,
  type Source,
} from './model'
import './open-data.css'

/** Where the page reads the catalogue, and links it. */
const CATALOGUE_PATH = '/data/catalog.jsonld'

/** The footer's credit lines of each dataset, by identifier (the same sources as its own list). */
const DATASET_CREDITS: Record<string, readonly string[]> = {
  'gbvf-crime': attribution,
}

export function OpenDataPage() {
  const answer = useGetDataCatalogueQuery()
  const catalogue = useMemo(() => (answer.data === undefined ? null : parseCatalogue(answer.data)), [answer.data])
  useSchemaOrg(catalogue)
  const datasets = catalogue?.datasets ?? []
  const example = datasets.flatMap((d) => d.files)[0]
  useScrollToDataset(datasets.length)

  return (
    <article className="open-data" data-testid="open-data">
      <h1>{s.title}</h1>
      <p className="open-data__intro">{s.intro}</p>
      {answer.isLoading ? (
        <Spinner label={s.loading} />
      ) : answer.isError || (answer.data !== undefined && !catalogue) ? (
        <ErrorMessage />
      ) : catalogue && datasets.length === 0 ? (
        <NoData message={s.noDatasets} />
      ) : null}
      {datasets.map((dataset) => (
        <DatasetSection key={dataset.id} dataset={dataset} />
      ))}
      {example ? <CheckDownload example={example} /> : null}
    </article>
  )
}

/** `/data#<dataset>` (a card's "Full series"): once the datasets are shown, brings that one
 * into view and moves focus to its heading. */
function useScrollToDataset(shown: number) {
  const { hash } = useLocation()
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''))
    if (!id || shown === 0) return
    const section = document.getElementById(id)
    if (!section) return
    section.scrollIntoView({ block: 'start' })
    section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true })
  }, [hash, shown])
}

/** Adds the schema.org markup of the catalogue's datasets to the head while the page is shown. */
function useSchemaOrg(catalogue: Catalogue | null) {
  const text = useMemo(
    () =>
      catalogue && catalogue.datasets.length > 0
        ? jsonLdText(schemaOrgDatasets(catalogue, new URL(paths.openData, window.location.origin).href))
        : null,
    [catalogue],
  )
  useEffect(() => {
    if (!text) return
    const script = document.createElement('script')
    script.type = 'application/ld+json'
    script.dataset.schema = 'open-data'
    script.textContent = text
    document.head.append(script)
    return () => script.remove()
  }, [text])
}

function DatasetSection({ dataset }: { dataset: Dataset }) {
  const headingId = useId()
  const answer = useGetDataPackageQuery({ dataset: dataset.id })
  const pkg = useMemo(() => (answer.data === undefined ? null : parseDataPackage(answer.data)), [answer.data])
  // The package names the licence in words; the catalogue only by its address.
  const licences = pkg?.licences.length
    ? pkg.licences
    : dataset.licenseUrl
      ? [{ name: '', title: dataset.licenseUrl, url: dataset.licenseUrl }]
      : []
  const sources = dataset.sources.length > 0 ? dataset.sources : (pkg?.sources ?? [])
  const modified = sastDate(dataset.modified)

  return (
    <section className="open-data__dataset" aria-labelledby={headingId} data-dataset={dataset.id} id={dataset.id}>
      <Credits lines={DATASET_CREDITS[dataset.id] ?? []} />
      <h2 id={headingId} tabIndex={-1}>
        {dataset.title}
      </h2>
      {dataset.description ? <p className="open-data__description">{dataset.description}</p> : null}
      <dl className="open-data__facts">
        <div>
          <dt>{s.identifier}</dt>
          <dd>
            <code>{dataset.id}</code>
          </dd>
        </div>
        {dataset.period ? (
          <div>
            <dt>{s.period}</dt>
            <dd data-testid="dataset-period">{periodText(dataset.period)}</dd>
          </div>
        ) : null}
        {modified ? (
          <div>
            <dt>{s.lastChanged}</dt>
            <dd>
              <time dateTime={dataset.modified ?? modified}>{formatIsoDate(modified)}</time>
            </dd>
          </div>
        ) : null}
        {licences.length > 0 ? (
          <div>
            <dt>{s.licence}</dt>
            <dd>
              {licences.map((licence) => (
                <span key={licence.title} className="open-data__licence">
                  {licence.url ? <a href={licence.url}>{licence.title}</a> : licence.title}
                </span>
              ))}
            </dd>
          </div>
        ) : null}
      </dl>

      {sources.length > 0 ? <SourceList sources={sources} /> : null}

      <h3>{s.files}</h3>
      <ul className="open-data__files">
        {dataset.files.map((file) => (
          <FileItem key={file.fileName} file={file} />
        ))}
      </ul>

      <h3>{s.forSoftware}</h3>
      <ul className="open-data__software">
        <li>
          <a href={dataset.packageHref} type="application/json" data-testid="data-package">
            {s.dataPackage}
          </a>
        </li>
        <li>
          <a href={CATALOGUE_PATH} type="application/ld+json" data-testid="dcat-catalogue">
            {s.catalogue}
          </a>
        </li>
      </ul>

      <Columns loading={answer.isLoading} failed={answer.isError || (answer.data !== undefined && !pkg)} pkg={pkg} />
    </section>
  )
}

/** The period of a dataset: in SAPS financial years when it runs from an April to a March. */
function periodText(period: { start: string; end: string }): string {
  const years = financialYears(period)
  const start = formatIsoDate(period.start)
  const end = formatIsoDate(period.end)
  return years ? s.financialYears(years.from, years.to, start, end) : s.periodDates(start, end)
}

function SourceList({ sources }: { sources: Source[] }) {
  const headingId = useId()
  return (
    <>
      <h3 id={headingId}>{s.sources}</h3>
      <ul className="open-data__sources" aria-labelledby={headingId}>
        {sources.map((source) => (
          <li key={source.title}>{source.url ? <a href={source.url}>{source.title}</a> : source.title}</li>
        ))}
      </ul>
    </>
  )
}

/** A size as the page shows it: '28.2 kB', '15.7 MB', '512 bytes'. */
function sizeText(bytes: number): string {
  const { value, unit } = fileSize(bytes)
  switch (unit) {
    case 'bytes':
      return s.sizeBytes(formatCount(value))
    case 'kB':
      return s.sizeKilobytes(formatDecimal(value, 1))
    case 'MB':
      return s.sizeMegabytes(formatDecimal(value, 1))
    default:
      return s.sizeGigabytes(formatDecimal(value, 1))
  }
}

function FileItem({ file }: { file: DataFile }) {
  return (
    <li className="open-data__file" data-file={file.fileName}>
      <h4>{file.title}</h4>
      <dl className="open-data__file-facts">
        <div>
          <dt>{s.fileName}</dt>
          <dd>
            <code>{file.fileName}</code>
          </dd>
        </div>
        {file.bytes != null ? (
          <div>
            <dt>{s.size}</dt>
            <dd data-testid="file-size">{sizeText(file.bytes)}</dd>
          </div>
        ) : null}
        {file.sha256 ? (
          <div className="open-data__hash-row">
            <dt>{s.sha256}</dt>
            <dd>
              <code className="open-data__hash" data-testid="file-sha256">
                {file.sha256}
              </code>
              <CopyButton text={file.sha256} label={s.copyHash(file.title)} />
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="open-data__file-links">
        <a href={file.href} download={file.fileName} className="button button--primary" data-testid="file-download">
          <DownloadIcon size={16} /> {s.download}
          <span className="visually-hidden">: {file.title}</span>
        </a>
        <a href={file.manifestHref} download={file.manifestFileName} data-testid="file-manifest">
          {s.manifest}
          <span className="visually-hidden">: {file.title}</span>
        </a>
      </p>
    </li>
  )
}

/** Copies `text` (a hash or a key) to the clipboard and says so; nothing where the browser has no
 * clipboard (a page not served over HTTPS). */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 2500)
    return () => clearTimeout(timer)
  }, [state])
  if (!('clipboard' in navigator)) return null
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    )
  }
  return (
    <>
      <button type="button" className="text-button open-data__copy" aria-label={label} onClick={copy}>
        {s.copy}
      </button>
      <span role="status" className="open-data__copy-status">
        {state === 'copied' ? s.copied : state === 'failed' ? s.copyFailed : ''}
      </span>
    </>
  )
}

function Columns({
  loading,
  failed,
  pkg,
}: {
  loading: boolean
  failed: boolean
  pkg: ReturnType<typeof parseDataPackage>
}) {
  const headingId = useId()
  const groups = pkg ? columnGroups(pkg) : []
  return (
    <>
      <h3 id={headingId}>{s.columns}</h3>
      {loading ? (
        <Spinner />
      ) : failed ? (
        <ErrorMessage />
      ) : groups.length === 1 ? (
        <ColumnTable group={groups[0]} labelledBy={headingId} note={s.columnsNote} />
      ) : (
        groups.map((group) => <ColumnGroupSection key={group.files.join(' ')} group={group} />)
      )}
    </>
  )
}

/** Files whose columns differ from the other files' (not the case today): their own table. */
function ColumnGroupSection({ group }: { group: ColumnGroup }) {
  const headingId = useId()
  return (
    <>
      <h4 id={headingId}>{s.columnsOf(group.files.join(', '))}</h4>
      <ColumnTable group={group} labelledBy={headingId} />
    </>
  )
}

function ColumnTable({ group, labelledBy, note }: { group: ColumnGroup; labelledBy: string; note?: string }) {
  return (
    <>
      {note ? <p className="open-data__note">{note}</p> : null}
      {group.missingValues.includes('') ? <p className="open-data__note">{s.emptyCell}</p> : null}
      <div className="data-table open-data__columns" role="region" aria-labelledby={labelledBy} tabIndex={0}>
        <table data-testid="dataset-columns">
          <thead>
            <tr>
              <th scope="col">{s.column}</th>
              <th scope="col">{s.type}</th>
              <th scope="col">{s.definition}</th>
            </tr>
          </thead>
          <tbody>
            {group.columns.map((column) => (
              <ColumnRow key={column.name} column={column} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

function ColumnRow({ column }: { column: Column }) {
  const word = (s.types as Record<string, string | undefined>)[column.type]
  return (
    <tr>
      <th scope="row">
        <code>{breakAfterUnderscores(column.name)}</code>
      </th>
      <td>
        <code>{column.type}</code>
        {word ? <span className="open-data__type-word">{word}</span> : null}
        {column.required ? <span className="open-data__aside">{s.required}</span> : null}
      </td>
      <td>{column.description}</td>
    </tr>
  )
}

/** A column name that may wrap after its underscores (and nowhere else) on a narrow screen. */
function breakAfterUnderscores(name: string) {
  const parts = name.split('_')
  return parts.map((part, i) =>
    i < parts.length - 1 ? (
      <Fragment key={i}>
        {part}_<wbr />
      </Fragment>
    ) : (
      part
    ),
  )
}

/** How to check a download: the command with a file of the page and the published key. */
function CheckDownload({ example }: { example: DataFile }) {
  const headingId = useId()
  const key = useGetAuditPublicKeyQuery()
  const publicKey = key.data?.publicKey
  const command = `gbvf data verify ${example.fileName} ${example.manifestFileName} --public-key ${publicKey ?? '…'}`
  return (
    <section className="open-data__check" aria-labelledby={headingId} data-testid="check-download">
      <h2 id={headingId}>{s.checkTitle}</h2>
      <p>{s.checkText}</p>
      <pre className="open-data__command" translate="no">
        <code data-testid="verify-command">{command}</code>
      </pre>
      <dl className="open-data__facts">
        <div className="open-data__hash-row">
          <dt>{s.publicKey}</dt>
          <dd>
            {key.isLoading ? (
              <Spinner />
            ) : publicKey ? (
              <>
                <code className="open-data__hash" data-testid="public-key">
                  {publicKey}
                </code>
                <CopyButton text={publicKey} label={s.copyKey} />
              </>
            ) : (
              <ErrorMessage message={s.publicKeyUnavailable} />
            )}
          </dd>
        </div>
      </dl>
      <p>{s.checkHashOnly}</p>
    </section>
  )
}
