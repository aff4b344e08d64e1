// Every view shares itself (the chart, map and grid views): the addresses of its embedded form
// (/embed/<view>) and of its permalink (the view with `asOf`, the date its crime figures are as
// of), the iframe snippet, the citation, and where a card's full series is published. Pure
// functions; the dialogs are components/share-dialogs.tsx.
import { ComponentId } from '../config/constants'
import { strings } from '../config/strings'
import { paths } from '../filters/paths'
import { filtersSearch, type Filters } from '../filters/query-string'
import { formatIsoDate } from './format'

/** The views that can be embedded and cited (not the landing, the contact directory or /data). */
export type ShareView = 'chart' | 'map' | 'grid'

export const SHARE_VIEWS: readonly ShareView[] = ['chart', 'map', 'grid']

/** Where each view is served chrome-less for other sites to frame (embed.html). */
export const embedPaths: Record<ShareView, string> = {
  chart: '/embed/chart',
  map: '/embed/map',
  grid: '/embed/grid',
}

/** The embedded view of an `/embed/…` path, or null (`/embed/contact` is not one). */
export function embedViewFromPath(pathname: string): ShareView | null {
  const clean = pathname.replace(/\/+$/, '')
  return SHARE_VIEWS.find((view) => embedPaths[view] === clean) ?? null
}

/** The frame's height in the snippet, px: room for the view's cards without an inner scroll
 * at a usual column width (the frame scrolls when it needs more). */
export const EMBED_HEIGHTS: Record<ShareView, number> = { chart: 900, map: 760, grid: 800 }

/** The time zone the dashboard's dates are in: a permalink's day ends at midnight there. */
export const SOUTH_AFRICA_TIME_ZONE = 'Africa/Johannesburg'

/** Today's date in South Africa (`YYYY-MM-DD`): South African Standard Time, UTC+2 all year. */
export function todayInSouthAfrica(now: Date = new Date()): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: SOUTH_AFRICA_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now)
  } catch {
    return new Date(now.getTime() + 120 * 60_000).toISOString().slice(0, 10)
  }
}

/** The address of `view` on the dashboard with the filters (and the permalink's date, when set),
 * nothing else from the current address. */
export function viewUrl(origin: string, view: ShareView, filters: Filters): string {
  return `${origin}${paths[view]}${filtersSearch(filters)}`
}

/** The address of the embedded `view`: the same query as the dashboard's view. */
export function embedUrl(origin: string, view: ShareView, filters: Filters): string {
  return `${origin}${embedPaths[view]}${filtersSearch(filters)}`
}

/** The permalink of `view`: the view with `asOf`, the date it is shown as of (the one in the
 * address when it is a permalink already, else `today`). */
export function permalinkUrl(origin: string, view: ShareView, filters: Filters, today: string): string {
  return viewUrl(origin, view, { ...filters, asOf: filters.asOf ?? today })
}

/** `text` safe inside a double-quoted HTML attribute. */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** The HTML another site pastes to show an embedded view. */
export function embedSnippet({ src, title, height }: { src: string; title: string; height: number }): string {
  return `<iframe src="${attribute(src)}" title="${attribute(title)}" width="100%" height="${height}" loading="lazy" style="border:0"></iframe>`
}

const FINANCIAL_YEAR = /^\d{4}\/\d{2}$/

/**
 * A crime card's period in a citation: `2022/23` -> 'SAPS financial year 2022/23', `2021/22 and
 * 2022/23` or `2003/04 to 2022/23` -> 'SAPS financial years …'; any other text as it is.
 */
export function crimePeriodText(period: string): string {
  const text = period.trim()
  if (FINANCIAL_YEAR.test(text)) return strings.share.financialYear(text)
  const pair = /^(\d{4}\/\d{2}) (and|to) (\d{4}\/\d{2})$/.exec(text)
  return pair ? strings.share.financialYears(text) : text
}

export interface Citation {
  /** What is cited: the card's title. */
  title: string
  area: string
  /** The card's period as a reader says it ('SAPS financial year 2022/23'); may be empty. */
  period: string
  /** The sources the card shows, joined with '; '. */
  sources: string
  /** The date the figures are as of (`YYYY-MM-DD`). */
  asOf: string
  /** The date the reader read them (`YYYY-MM-DD`). */
  accessed: string
  /** The permalink. */
  url: string
}

/** Joins the non-empty parts of what is cited: 'Total GBVF crime, City of Cape Town, SAPS financial year 2022/23'. */
function described(parts: string[]): string {
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ')
}

/** Ends `text` with one full stop. */
function sentence(text: string): string {
  const t = text.trim()
  return /[.!?]$/.test(t) ? t : `${t}.`
}

/**
 * The citation of a card: 'GBVF Dashboard (2026). Total GBVF crime, City of Cape Town, SAPS
 * financial year 2022/23. Figures as of 29 November 2026. Sources: …. <permalink>. Accessed 29
 * November 2026.' The sources are the card's own, never more.
 */
export function citationText(c: Citation): string {
  const parts = [
    strings.share.citeAuthor(strings.appName, c.asOf.slice(0, 4)),
    sentence(described([c.title, c.area, c.period])),
    strings.share.citeAsOf(formatIsoDate(c.asOf)),
  ]
  const sources = c.sources.trim().replace(/[.;\s]+$/, '')
  if (sources) parts.push(strings.share.citeSources(sources))
  parts.push(`${c.url}.`, strings.share.citeAccessed(formatIsoDate(c.accessed)))
  return parts.join(' ')
}

/** The crime dataset of the open data page, and its file per level of area
 * (`GET /api/data/gbvf-crime/datapackage.json`). */
export const CRIME_DATASET = 'gbvf-crime'
const CRIME_FILES: Record<string, string> = {
  national: 'crime-nation.csv',
  province: 'crime-provinces.csv',
  district: 'crime-districts.csv',
  municipality: 'crime-municipalities.csv',
  saps_precinct: 'crime-police-precincts.csv',
}

/** The open data dataset of each component (the DCAT catalogue, /data/catalog.jsonld). */
const COMPONENT_DATASETS: Partial<Record<number, string>> = {
  [ComponentId.Crime]: CRIME_DATASET,
  [ComponentId.BuildingBlock]: 'gbvf-building-blocks',
  [ComponentId.HealthCheck]: 'gbvf-health-check-public-figures',
  [ComponentId.CollectiveAction]: 'gbvf-collective-actions',
}

/** The open data dataset of `componentId`, or null when it publishes none. */
export function componentDataset(componentId: number): string | null {
  return COMPONENT_DATASETS[componentId] ?? null
}

/** What a card's figures are a part of: its component and, for crime, the level of its areas. */
export interface SeriesRef {
  componentId: number
  /** The level of the areas the card's rows are (`national`, `province`, `district`, …). */
  level?: string | null
}

export interface FullSeries {
  href: string
  /** A file to download (the crime file of the level) rather than a page to open. */
  file: boolean
}

/** `/data#<dataset>`: the dataset on the open data page. */
export function datasetPageHref(dataset: string): string {
  return `${paths.openData}#${dataset}`
}

/**
 * Where the whole series of a card's figures is published: for crime, the open data file of the
 * areas' level (`/api/data/gbvf-crime/crime-districts.csv`); for another component its dataset on
 * the open data page; null for a component that publishes none.
 */
export function fullSeries(ref: SeriesRef): FullSeries | null {
  const dataset = componentDataset(ref.componentId)
  if (!dataset) return null
  const file = dataset === CRIME_DATASET && ref.level ? CRIME_FILES[ref.level] : undefined
  return file ? { href: `/api/data/${dataset}/${file}`, file: true } : { href: datasetPageHref(dataset), file: false }
}

/** Whether `componentId`'s figures follow a permalink's date (only crime's do). */
export function followsAsOf(componentId: number): boolean {
  return componentId === ComponentId.Crime
}
