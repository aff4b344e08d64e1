// A permalink's notices (`asOf` in the address, lib/share.ts): at the top of the view, the date
// its crime figures are as of with a link to today's; beside a component whose figures do not
// follow the date (building blocks, health check, collective actions), that they are today's.
import { Link, useLocation } from 'react-router'
import { strings } from '../config/strings'
import { filtersSearch } from '../filters/query-string'
import { useFilters } from '../filters/use-filters'
import { formatIsoDate } from '../lib/format'
import { componentDataset, datasetPageHref, followsAsOf } from '../lib/share'
import { useShareScope } from './share-context'

/** "Figures as of 29 November 2026 (a permalink). See today's figures": nothing without `asOf`. */
export function AsOfNotice() {
  const { filters } = useFilters()
  const { pathname } = useLocation()
  if (!filters.asOf) return null
  return (
    <p className="as-of-notice" role="note" data-testid="as-of-notice">
      {strings.asOf.notice(formatIsoDate(filters.asOf))}{' '}
      <Link to={{ pathname, search: filtersSearch({ ...filters, asOf: null }) }} data-testid="as-of-today">
        {strings.asOf.seeToday}
      </Link>
    </p>
  )
}

/** Under a permalink, beside the figures of `componentId` when they are today's whatever the date. */
export function TodayFiguresNote({ componentId }: { componentId: number }) {
  const { filters } = useFilters()
  const scope = useShareScope()
  if (!filters.asOf || followsAsOf(componentId)) return null
  const dataset = componentDataset(componentId)
  const href = dataset ? datasetPageHref(dataset) : null
  return (
    <p className="as-of-notice as-of-notice--today" role="note" data-testid="today-figures-note">
      {strings.asOf.todayOnly}{' '}
      {href == null ? (
        strings.asOf.noPast
      ) : scope?.embedded ? (
        <a href={new URL(href, window.location.origin).href} target="_blank" rel="noopener">
          {strings.asOf.pastInOpenData}
          <span className="visually-hidden"> {strings.header.opensInNewTab}</span>
        </a>
      ) : (
        <Link to={{ pathname: href.split('#')[0], hash: href.split('#')[1] }}>{strings.asOf.pastInOpenData}</Link>
      )}
    </p>
  )
}

/** The message where crime figures would be when none had been recorded by the permalink's date. */
export function noCrimeFiguresMessage(asOf: string | null): string | undefined {
  return asOf ? strings.asOf.noCrimeFigures(formatIsoDate(asOf)) : undefined
}
