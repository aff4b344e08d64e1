// The dashboard (chart view): every component ordered by seq on wide screens, the one chosen by
// componentId first; at 991 px or less only the chosen component (or, with none chosen, the
// first that has data).
// Every card sits behind its own error boundary: one that throws says so in its own box.
// The cards (ApexCharts, about 130 kB compressed) load as their own chunk, started at once: the
// sections' names and descriptions paint without waiting for it (Largest Contentful Paint on a
// phone, docs/benchmarks.md).
import {
  crimeStatsArgs,
  dashboardArgs,
  useGetComponentsQuery,
  useGetCrimeStatsQuery,
  useGetDashboardQuery,
} from '../../api/public-api'
import type { Component, CrimeStats, Dashboard } from '../../api/generated'
import { CardBoundary } from '../../components/boundary'
import { ErrorMessage, Spinner } from '../../components/status'
import { ExternalIcon } from '../../components/icons'
import { ComponentId } from '../../config/constants'
import { strings } from '../../config/strings'
import { crimeOptionsFrom } from '../../lib/crime'
import { useIsMobileDashboard } from '../../lib/use-media-query'
import { useFilters } from '../../filters/use-filters'
import { hasHealthCheckData } from '../../lib/component-models'
import { Credits } from '../../components/credits'
import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import { paths } from '../../filters/paths'
import { emptyFilters, filtersSearch } from '../../filters/query-string'
import { componentCredits } from '../../lib/credits'
import { areaName } from '../../lib/area-name'
import { useShareScope } from '../../components/share-context'
import { TodayFiguresNote } from '../../components/as-of-notice'

const loadCards = () => import('./component-cards')
const ComponentCards = lazy(loadCards)
// Start fetching the cards with this module, in parallel with the dashboard's API calls.
void loadCards()

export function hasData(componentId: number, dashboard: Dashboard | undefined, crime: CrimeStats | undefined): boolean {
  switch (componentId) {
    case ComponentId.BuildingBlock:
      return !!dashboard?.buildingBlock?.buildingBlockCategoryStats?.length
    case ComponentId.HealthCheck:
      return hasHealthCheckData(dashboard?.healthCheck)
    case ComponentId.Crime:
      return crime?.total != null
    case ComponentId.CollectiveAction:
      return !!(dashboard?.collectiveAction?.pillarStats?.length || dashboard?.collectiveAction?.cycles?.length)
    default:
      return false
  }
}

/** Which components the chart view shows (section 2 rule). */
export function visibleComponents(
  components: Component[],
  mobile: boolean,
  chosen: number | null,
  withData: (id: number) => boolean,
): Component[] {
  const sorted = [...components].sort((a, b) => a.seq - b.seq)
  // Wide screens show every component; the chosen one comes first, where the reader looks.
  if (!mobile) {
    const first = sorted.filter((c) => c.componentId === chosen)
    return [...first, ...sorted.filter((c) => c.componentId !== chosen)]
  }
  const pick =
    chosen != null
      ? sorted.find((c) => c.componentId === chosen)
      : (sorted.find((c) => withData(c.componentId)) ?? sorted[0])
  return pick ? [pick] : []
}

export default function DashboardCards() {
  const { filters, boundaryId } = useFilters()
  const embedded = useShareScope()?.embedded === true
  const mobile = useIsMobileDashboard()
  const components = useGetComponentsQuery()
  const dashboard = useGetDashboardQuery(dashboardArgs(boundaryId, filters))
  const crime = useGetCrimeStatsQuery(crimeStatsArgs(boundaryId, crimeOptionsFrom(filters), filters.asOf))
  // The default crime types (those in Total GBVF crime without a selection) give 'Other' its size.
  const defaults = useGetCrimeStatsQuery(crimeStatsArgs(boundaryId, [], filters.asOf), {
    skip: crimeOptionsFrom(filters).length === 0,
  })
  const defaultTypes = (defaults.currentData ?? crime.currentData)?.distribution.map((d) => d.crimeTypeId) ?? []

  if (components.isLoading) return <Spinner />
  if (components.isError) return <ErrorMessage />
  const area = areaName(dashboard.currentData?.boundary ?? crime.currentData?.boundary)
  // The open data page keeps the chosen area for the way back (it shows every area itself).
  const geographySearch = filtersSearch({
    ...emptyFilters,
    boundaryId: filters.boundaryId,
    boundaryTypeId: filters.boundaryTypeId,
  })
  // An embed of a chosen component shows that component alone, as a phone does: the other site
  // framed it for that one.
  const alone = mobile || (embedded && filters.componentId != null)
  const shown = visibleComponents(components.data ?? [], alone, filters.componentId, (id) =>
    hasData(id, dashboard.currentData, crime.currentData),
  )

  return (
    <div className="dashboard" data-testid="dashboard-cards">
      {dashboard.isFetching && !dashboard.currentData ? <Spinner /> : null}
      {shown.map((component) => (
        <section
          key={component.componentId}
          className={`component-section component-section--${component.componentId}`}
          aria-labelledby={`component-${component.componentId}`}
          data-component-id={component.componentId}
        >
          <Credits
            lines={componentCredits(component.componentId, dashboard.currentData?.healthCheck?.example === true)}
          />
          <div className="component-section__header">
            <h2 id={`component-${component.componentId}`}>{component.name}</h2>
            {component.description ? <p>{component.description}</p> : null}
            {component.linkUrl ? (
              <a href={component.linkUrl} target="_blank" rel="noopener noreferrer">
                {component.linkTitle || component.name} <ExternalIcon />
                <span className="visually-hidden"> {strings.header.opensInNewTab}</span>
              </a>
            ) : null}
            {component.componentId === ComponentId.Crime ? (
              <p className="component-section__open-data">
                {embedded ? (
                  // Inside another site's frame the dashboard's other pages open in a tab of their own.
                  <a
                    href={new URL(paths.openData + geographySearch, window.location.origin).href}
                    target="_blank"
                    rel="noopener"
                    data-testid="crime-open-data"
                  >
                    {strings.cards.openDataLink}
                    <span className="visually-hidden"> {strings.header.opensInNewTab}</span>
                  </a>
                ) : (
                  <Link to={{ pathname: paths.openData, search: geographySearch }} data-testid="crime-open-data">
                    {strings.cards.openDataLink}
                  </Link>
                )}
              </p>
            ) : null}
            <TodayFiguresNote componentId={component.componentId} />
          </div>
          <div className="card-grid">
            {component.componentId !== ComponentId.Crime && dashboard.isError ? (
              <ErrorMessage />
            ) : (
              <CardBoundary title={component.name} resetKeys={[filters]}>
                <Suspense fallback={<Spinner />}>
                  <ComponentCards
                    component={component}
                    dashboard={dashboard.currentData}
                    crime={crime.currentData}
                    defaultTypes={defaultTypes}
                    crimeFetching={crime.isFetching}
                    crimeError={crime.isError}
                    filters={filters}
                    mobile={mobile}
                    area={area}
                  />
                </Suspense>
              </CardBoundary>
            )}
          </div>
        </section>
      ))}
    </div>
  )
}
