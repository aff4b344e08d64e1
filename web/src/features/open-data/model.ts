// The open data page's models (decision 0164): the DCAT catalogue (`GET /data/catalog.jsonld`,
// JSON-LD with the server's inline context, so its keys are the compact `dcat:…`, `dct:…` and
// `spdx:…`) and a dataset's Frictionless Data Package (`GET /api/data/{dataset}/datapackage.json`)
// read into small typed models, and the schema.org Dataset markup search engines read, built from
// them. The API document types both answers as bare objects: everything is read defensively, and
// what is missing or of the wrong shape is left out rather than guessed. Pure functions.
import { financialYearLabel } from '../../lib/format'

/** One downloadable file of a dataset (a `dcat:Distribution` of a CSV). */
export interface DataFile {
  /** Its name in the dataset, e.g. `crime-provinces.csv`. */
  fileName: string
  title: string
  /** The catalogue's address of the file (absolute). */
  downloadUrl: string
  /** Where the page links it: the path on this server when it is one of its files (same origin,
   * so the browser saves it under its name), else the catalogue's address. */
  href: string
  /** The file's signed manifest on this server (decision 0165). */
  manifestHref: string
  /** The name a downloaded manifest is saved under, beside the file: `crime-provinces.manifest.json`. */
  manifestFileName: string
  mediaType: string
  bytes: number | null
  /** Lower-case hexadecimal SHA-256 of the file, or null when the catalogue gives none. */
  sha256: string | null
}

/** Where a dataset's figures come from. */
export interface Source {
  title: string
  url: string | null
}

/** A period as ISO dates, first and last day included. */
export interface Period {
  start: string
  end: string
}

export interface Dataset {
  /** `dct:identifier`, the name in the file addresses: `gbvf-crime`. */
  id: string
  /** The dataset's IRI (`@id`). */
  url: string
  title: string
  description: string
  landingPage: string | null
  period: Period | null
  /** `dct:modified`, an ISO 8601 instant. */
  modified: string | null
  licenseUrl: string | null
  sources: Source[]
  keywords: string[]
  /** `dct:spatial` when it is a name ("South Africa"). */
  spatial: string | null
  /** The CSV files, in the catalogue's order. */
  files: DataFile[]
  /** The dataset's Data Package: the catalogue's address, and where the page links it. */
  packageUrl: string
  packageHref: string
}

export interface Publisher {
  name: string
  homepage: string | null
}

export interface Catalogue {
  /** The catalogue's own address (`@id`). */
  url: string
  title: string
  homepage: string | null
  publisher: Publisher | null
  datasets: Dataset[]
}

/** One column of a file's Table Schema. */
export interface Column {
  name: string
  /** The Table Schema type: `integer`, `number`, `string`, `boolean`, … */
  type: string
  description: string
  required: boolean
}

export interface PackageFile {
  name: string
  title: string
  /** Relative to the package: `crime-provinces.csv`. */
  path: string
  bytes: number | null
  sha256: string | null
  columns: Column[]
  /** The cell values that mean "not known" (Table Schema `missingValues`; `[""]` by default). */
  missingValues: string[]
}

export interface Licence {
  name: string
  title: string
  url: string | null
}

export interface DataPackage {
  name: string
  title: string
  description: string
  created: string | null
  licences: Licence[]
  sources: Source[]
  files: PackageFile[]
}

/** Columns shared by some files of a package, and those files (their paths). */
export interface ColumnGroup {
  files: string[]
  columns: Column[]
  missingValues: string[]
}

type Json = unknown
type JsonObject = Record<string, Json>

const isObject = (value: Json): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A JSON-LD value as a list: absent is none, one is one. */
function all(value: Json): Json[] {
  if (value === undefined || value === null) return []
  return Array.isArray(value) ? value : [value]
}

/** The text of a JSON-LD value: a string, a number, or a value object (`{"@value": …}`); the
 * first of a list. */
function text(value: Json): string | null {
  for (const item of all(value)) {
    if (typeof item === 'string') return item
    if (typeof item === 'number' && Number.isFinite(item)) return String(item)
    if (isObject(item) && '@value' in item) {
      const inner = text(item['@value'])
      if (inner !== null) return inner
    }
  }
  return null
}

/** An IRI: a string (the context types these keys `@id`) or a node reference (`{"@id": …}`). */
function iri(value: Json): string | null {
  for (const item of all(value)) {
    if (typeof item === 'string' && item) return item
    if (isObject(item) && typeof item['@id'] === 'string' && item['@id']) return item['@id']
  }
  return null
}

/** A whole number of at least 0 (a byte count), from a number or its text. */
function count(value: Json): number | null {
  const raw = text(value)
  if (raw === null || !/^\d+$/.test(raw.trim())) return null
  const n = Number(raw)
  return Number.isSafeInteger(n) ? n : null
}

const SHA256 = /^[0-9a-f]{64}$/i

/** A SHA-256 in hexadecimal, lower case; null for anything else. */
function sha256Of(value: string | null): string | null {
  return value !== null && SHA256.test(value.trim()) ? value.trim().toLowerCase() : null
}

/** The last segment of an address's path, decoded: `…/crime-nation.csv` -> `crime-nation.csv`. */
function lastSegment(address: string): string {
  const path = address.split(/[?#]/)[0]
  const segment = path.slice(path.lastIndexOf('/') + 1)
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The path on this server of an address of this server's open data files (`/api/data/…`, what
 * the page can link same-origin), else the address itself. */
export function localHref(address: string): string {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return address
  }
  return url.pathname.startsWith('/api/data/') ? url.pathname + url.search : address
}

/** `/api/data/{dataset}/manifest/{file}` (decision 0165). */
export function manifestPath(dataset: string, fileName: string): string {
  return `/api/data/${encodeURIComponent(dataset)}/manifest/${encodeURIComponent(fileName)}`
}

/** `/api/data/{dataset}/datapackage.json`. */
export function packagePath(dataset: string): string {
  return `/api/data/${encodeURIComponent(dataset)}/datapackage.json`
}

/** The name a manifest is saved under: the file's name with `.manifest.json` for its extension. */
export function manifestFileName(fileName: string): string {
  return `${fileName.replace(/\.[^.]+$/, '')}.manifest.json`
}

const FRICTIONLESS = 'frictionlessdata.io'

function isPackage(distribution: JsonObject): boolean {
  return (
    all(distribution['dct:conformsTo']).some((c) => iri(c)?.includes(FRICTIONLESS)) ||
    lastSegment(iri(distribution['dcat:downloadURL']) ?? '') === 'datapackage.json'
  )
}

function isCsv(distribution: JsonObject): boolean {
  const media = text(distribution['dcat:mediaType']) ?? ''
  const format = text(distribution['dct:format']) ?? ''
  return media.toLowerCase().startsWith('text/csv') || format.toUpperCase() === 'CSV'
}

function readFile(dataset: string, distribution: JsonObject): DataFile | null {
  const downloadUrl = iri(distribution['dcat:downloadURL']) ?? iri(distribution['dcat:accessURL'])
  if (!downloadUrl) return null
  const fileName = lastSegment(downloadUrl)
  if (!fileName) return null
  const checksum = all(distribution['spdx:checksum']).find(isObject)
  return {
    fileName,
    title: text(distribution['dct:title']) ?? fileName,
    downloadUrl,
    href: localHref(downloadUrl),
    manifestHref: manifestPath(dataset, fileName),
    manifestFileName: manifestFileName(fileName),
    mediaType: text(distribution['dcat:mediaType']) ?? 'text/csv',
    bytes: count(distribution['dcat:byteSize']),
    sha256: checksum ? sha256Of(text(checksum['spdx:checksumValue'])) : null,
  }
}

function readPeriod(value: Json): Period | null {
  const period = all(value).find(isObject)
  if (!period) return null
  const start = text(period['dcat:startDate'])
  const end = text(period['dcat:endDate'])
  const date = /^\d{4}-\d{2}-\d{2}/
  return start && end && date.test(start) && date.test(end)
    ? { start: start.slice(0, 10), end: end.slice(0, 10) }
    : null
}

function readSources(value: Json): Source[] {
  return all(value).flatMap((source): Source[] => {
    if (typeof source === 'string') return [{ title: source, url: null }]
    if (!isObject(source)) return []
    const url = iri(source['@id']) ?? iri(source['foaf:homepage'])
    const title = text(source['dct:title']) ?? url
    return title ? [{ title, url }] : []
  })
}

function readDataset(node: Json): Dataset | null {
  if (!isObject(node)) return null
  const url = iri(node['@id'])
  const id = text(node['dct:identifier']) ?? (url ? lastSegment(url) : null)
  const title = text(node['dct:title'])
  if (!id || !title) return null
  const distributions = all(node['dcat:distribution']).filter(isObject)
  const pkg = distributions.find(isPackage)
  const packageUrl = (pkg && iri(pkg['dcat:downloadURL'])) ?? packagePath(id)
  return {
    id,
    url: url ?? packageUrl,
    title,
    description: text(node['dct:description']) ?? '',
    landingPage: iri(node['dcat:landingPage']),
    period: readPeriod(node['dct:temporal']),
    modified: text(node['dct:modified']),
    licenseUrl: iri(node['dct:license']),
    sources: readSources(node['dct:source']),
    keywords: all(node['dcat:keyword']).flatMap((k) => (typeof k === 'string' ? [k] : [])),
    spatial: typeof node['dct:spatial'] === 'string' ? node['dct:spatial'] : null,
    files: distributions
      .filter((d) => !isPackage(d) && isCsv(d))
      .flatMap((d) => {
        const file = readFile(id, d)
        return file ? [file] : []
      }),
    packageUrl,
    packageHref: localHref(packageUrl),
  }
}

/** The DCAT catalogue as the page shows it; null when the answer is not a catalogue at all. */
export function parseCatalogue(answer: Json): Catalogue | null {
  if (!isObject(answer)) return null
  const publisher = all(answer['dct:publisher']).find(isObject)
  const publisherName = publisher ? text(publisher['foaf:name']) : null
  return {
    url: iri(answer['@id']) ?? '',
    title: text(answer['dct:title']) ?? '',
    homepage: iri(answer['foaf:homepage']),
    publisher: publisherName ? { name: publisherName, homepage: iri(publisher?.['foaf:homepage']) } : null,
    datasets: all(answer['dcat:dataset']).flatMap((node) => {
      const dataset = readDataset(node)
      return dataset ? [dataset] : []
    }),
  }
}

const plainText = (value: Json): string => (typeof value === 'string' ? value : '')

function readColumns(schema: JsonObject | undefined): Column[] {
  return all(schema?.fields).flatMap((field): Column[] => {
    if (!isObject(field) || typeof field.name !== 'string' || !field.name) return []
    return [
      {
        name: field.name,
        // Table Schema's default type.
        type: plainText(field.type) || 'string',
        description: plainText(field.description),
        required: isObject(field.constraints) && field.constraints.required === true,
      },
    ]
  })
}

function readPackageFile(resource: Json): PackageFile | null {
  if (!isObject(resource) || typeof resource.path !== 'string' || !resource.path) return null
  const schema = isObject(resource.schema) ? resource.schema : undefined
  const hash = plainText(resource.hash)
  // Frictionless: "sha256:<hex>"; a hash with no prefix is MD5, not shown as a SHA-256.
  const sha256 = hash.toLowerCase().startsWith('sha256:') ? sha256Of(hash.slice('sha256:'.length)) : null
  const missing = schema && Array.isArray(schema.missingValues) ? schema.missingValues : ['']
  return {
    name: plainText(resource.name) || lastSegment(resource.path),
    title: plainText(resource.title) || plainText(resource.name) || lastSegment(resource.path),
    path: resource.path,
    bytes: count(resource.bytes),
    sha256,
    columns: readColumns(schema),
    missingValues: missing.filter((v): v is string => typeof v === 'string'),
  }
}

/** A Data Package descriptor as the page shows it; null when the answer is not one. */
export function parseDataPackage(answer: Json): DataPackage | null {
  if (!isObject(answer) || !Array.isArray(answer.resources)) return null
  return {
    name: plainText(answer.name),
    title: plainText(answer.title),
    description: plainText(answer.description),
    created: plainText(answer.created) || null,
    licences: all(answer.licenses).flatMap((l): Licence[] => {
      if (!isObject(l)) return []
      const name = plainText(l.name)
      const title = plainText(l.title) || name
      return title ? [{ name, title, url: plainText(l.path) || null }] : []
    }),
    sources: all(answer.sources).flatMap((s): Source[] => {
      if (!isObject(s)) return []
      const url = plainText(s.path) || null
      const title = plainText(s.title) || url
      return title ? [{ title, url }] : []
    }),
    files: answer.resources.flatMap((r) => {
      const file = readPackageFile(r)
      return file ? [file] : []
    }),
  }
}

/** The package's files grouped by identical columns, in the package's order: one group when
 * every file has the same columns (the page then shows them once). */
export function columnGroups(pkg: DataPackage): ColumnGroup[] {
  const groups = new Map<string, ColumnGroup>()
  for (const file of pkg.files) {
    if (file.columns.length === 0) continue
    const key = JSON.stringify([file.columns, file.missingValues])
    const group = groups.get(key)
    if (group) group.files.push(file.path)
    else groups.set(key, { files: [file.path], columns: file.columns, missingValues: file.missingValues })
  }
  return [...groups.values()]
}

/** The SAPS financial years (1 April to 31 March) of a period that is whole financial years:
 * 2003-04-01 to 2023-03-31 -> 2003/04 to 2022/23. Null for any other period (calendar years or
 * quarters are not financial years). */
export function financialYears(period: Period): { from: string; to: string } | null {
  const start = /^(\d{4})-04-01$/.exec(period.start)
  const end = /^(\d{4})-03-31$/.exec(period.end)
  if (!start || !end) return null
  const from = Number(start[1])
  // The year ending on 31 March started the April before.
  const to = Number(end[1]) - 1
  if (to < from) return null
  return { from: financialYearLabel(from), to: financialYearLabel(to) }
}

/** A byte count in the unit that reads best (decimal units: 1 kB is 1,000 bytes), the value to
 * show with one decimal; bytes are whole. */
export function fileSize(bytes: number): { value: number; unit: 'bytes' | 'kB' | 'MB' | 'GB' } {
  if (bytes < 1000) return { value: bytes, unit: 'bytes' }
  // A value that would round up to 1,000.0 of a unit is shown in the next one.
  if (bytes < 999_950) return { value: bytes / 1e3, unit: 'kB' }
  if (bytes < 999_950_000) return { value: bytes / 1e6, unit: 'MB' }
  return { value: bytes / 1e9, unit: 'GB' }
}

/** The date of an instant in South African Standard Time (UTC+2, what the dashboard's readers
 * live in), `YYYY-MM-DD`; a date alone as it is; null when unreadable. */
export function sastDate(instant: string | null): string | null {
  if (!instant) return null
  if (/^\d{4}-\d{2}-\d{2}$/.test(instant)) return instant
  const ms = Date.parse(instant)
  if (Number.isNaN(ms)) return null
  return new Date(ms + 120 * 60_000).toISOString().slice(0, 10)
}

/** schema.org's `Dataset` markup of every dataset of the catalogue (for dataset search engines),
 * one JSON-LD document. The texts are the catalogue's; `pageUrl` stands in for a dataset without
 * a landing page. */
export function schemaOrgDatasets(catalogue: Catalogue, pageUrl: string): JsonObject {
  const organisation = catalogue.publisher
    ? {
        '@type': 'Organization',
        name: catalogue.publisher.name,
        ...(catalogue.publisher.homepage ? { url: catalogue.publisher.homepage } : {}),
      }
    : undefined
  return {
    '@context': 'https://schema.org',
    '@graph': catalogue.datasets.map((dataset) => ({
      '@type': 'Dataset',
      '@id': dataset.url,
      name: dataset.title,
      description: dataset.description,
      url: dataset.landingPage ?? pageUrl,
      identifier: dataset.id,
      ...(dataset.keywords.length ? { keywords: dataset.keywords } : {}),
      ...(dataset.licenseUrl ? { license: dataset.licenseUrl } : {}),
      isAccessibleForFree: true,
      ...(dataset.period ? { temporalCoverage: `${dataset.period.start}/${dataset.period.end}` } : {}),
      ...(dataset.spatial ? { spatialCoverage: { '@type': 'Place', name: dataset.spatial } } : {}),
      ...(dataset.modified ? { dateModified: dataset.modified } : {}),
      ...(organisation ? { creator: organisation, publisher: organisation } : {}),
      ...(dataset.sources.length
        ? {
            isBasedOn: dataset.sources.map((s) => ({
              '@type': 'CreativeWork',
              name: s.title,
              ...(s.url ? { url: s.url } : {}),
            })),
          }
        : {}),
      ...(catalogue.title
        ? {
            includedInDataCatalog: {
              '@type': 'DataCatalog',
              name: catalogue.title,
              url: catalogue.homepage ?? catalogue.url,
            },
          }
        : {}),
      distribution: dataset.files.map((file) => ({
        '@type': 'DataDownload',
        name: file.title,
        encodingFormat: 'text/csv',
        contentUrl: file.downloadUrl,
        ...(file.sha256 ? { sha256: file.sha256 } : {}),
      })),
    })),
  }
}

/** A JSON-LD document as the text of a `<script>`: `<` escaped, so no text in it can close the script. */
export function jsonLdText(document: JsonObject): string {
  return JSON.stringify(document).replace(/</g, '\\u003c')
}
