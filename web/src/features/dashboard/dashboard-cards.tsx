// The dashboard (chart view): every component ordered by seq on wide screens; at 991 px or less
// only the component chosen by componentId (or, with none chosen, the first that has data).
// Every card sits behind its own error boundary: one that throws says so in its own box.
import {
  crimeStatsArgs,
  dashboardArgs,
  useGetComponentsQuery,
  useGetCrimeStatsQuery,
  useGetDashboardQuery,
} from '../../api/public-api'
import type { Component, CrimeStats, Dashboard } from '../../api/generated'
import { CardBoundary } from '../../components/boundary'
import { ErrorMessage, NoData, Spinner } from '../../components/status'
import { ExternalIcon } from '../../components/icons'
import { ComponentId } from '../../config/constants'
import { strings } from '../../config/strings'
import { crimeOptionsFrom } from '../../lib/crime'
import { useIsMobileDashboard } from '../../lib/use-media-query'
import { useFilters } from '../../filters/use-filters'
import type { Filters } from '../../filters/query-string'
import { AvailabilityCard, BuildingBlocksCard } from './building-block-cards'
import { CycleCard, PillarCard } from './collective-action-cards'
import { CrimeBreakdownCard, CrimeTrendCard, TotalCrimeCard } from './crime-cards'
import { ReachCard, SurveysCard } from './health-check-cards'
import { hasHealthCheckData } from '../../lib/component-models'
import { Credits } from '../../components/credits'
import { componentCredits } from '../../lib/credits'

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
  if (!mobile) return sorted
  const pick =
    chosen != null
      ? sorted.find((c) => c.componentId === chosen)
      : (sorted.find((c) => withData(c.componentId)) ?? sorted[0])
  return pick ? [pick] : []
}

function ComponentCards({
  component,
  dashboard,
  crime,
  defaultTypes,
  crimeFetching,
  crimeError,
  filters,
  mobile,
  area,
}: {
  component: Component
  dashboard: Dashboard | undefined
  crime: CrimeStats | undefined
  defaultTypes: string[]
  crimeFetching: boolean
  crimeError: boolean
  filters: Filters
  mobile: boolean
  area: string
}) {
  switch (component.componentId) {
    case ComponentId.Crime: {
      if (crimeFetching && !crime) return <Spinner />
      if (crimeError) return <ErrorMessage />
      if (!crime || crime.total == null) return <NoData />
      const selected = crimeOptionsFrom(filters)
      return (
        <>
          <CardBoundary title={strings.cards.crimeBreakdown} resetKeys={[filters]}>
            <CrimeBreakdownCard stats={crime} selected={selected} defaultTypes={defaultTypes} />
          </CardBoundary>
          <CardBoundary title={strings.cards.totalCrime} resetKeys={[filters]}>
            <TotalCrimeCard stats={crime} selected={selected} />
          </CardBoundary>
          <CardBoundary title={strings.cards.totalCrimeTrend} resetKeys={[filters]}>
            <CrimeTrendCard stats={crime} />
          </CardBoundary>
        </>
      )
    }
    case ComponentId.HealthCheck:
      return (
        <>
          <CardBoundary title={strings.cards.reach} resetKeys={[filters]}>
            <ReachCard summary={dashboard?.healthCheck} area={area} />
          </CardBoundary>
          <CardBoundary title={strings.cards.surveysCompleted} resetKeys={[filters]}>
            <SurveysCard summary={dashboard?.healthCheck} area={area} />
          </CardBoundary>
        </>
      )
    case ComponentId.BuildingBlock: {
      const picked = filters.componentId === ComponentId.BuildingBlock ? (filters.componentOptions[0] ?? null) : null
      return (
        <>
          <CardBoundary title={strings.cards.availability} resetKeys={[filters]}>
            <AvailabilityCard summary={dashboard?.buildingBlock} area={area} mobile={mobile} />
          </CardBoundary>
          <CardBoundary title={strings.cards.buildingBlocks} resetKeys={[filters]}>
            <BuildingBlocksCard
              summary={dashboard?.buildingBlock}
              area={area}
              pickedCategory={picked}
              pickedBlocks={filters.componentId === ComponentId.BuildingBlock ? filters.componentSubOptions : []}
              mobile={mobile}
            />
          </CardBoundary>
        </>
      )
    }
    case ComponentId.CollectiveAction:
      return (
        <>
          <CardBoundary title={strings.cards.collectiveActionsPerPillar} resetKeys={[filters]}>
            <PillarCard summary={dashboard?.collectiveAction} area={area} />
          </CardBoundary>
          <CardBoundary title={strings.cards.collectiveActionsPerCycle} resetKeys={[filters]}>
            <CycleCard summary={dashboard?.collectiveAction} area={area} />
          </CardBoundary>
        </>
      )
    default:
      return <ErrorMessage />
  }
}

export default function DashboardCards() {
  const { filters, boundaryId } = useFilters()
  const mobile = useIsMobileDashboard()
  const components = useGetComponentsQuery()
  const dashboard = useGetDashboardQuery(dashboardArgs(boundaryId, filters))
  const crime = useGetCrimeStatsQuery(crimeStatsArgs(boundaryId, crimeOptionsFrom(filters)))
  // The default crime types (those in Total GBVF crime without a selection) give 'Other' its size.
  const defaults = useGetCrimeStatsQuery(crimeStatsArgs(boundaryId), { skip: crimeOptionsFrom(filters).length === 0 })
  const defaultTypes = (defaults.currentData ?? crime.currentData)?.distribution.map((d) => d.crimeTypeId) ?? []

  if (components.isLoading) return <Spinner />
  if (components.isError) return <ErrorMessage />
  const area = dashboard.currentData?.boundary.description ?? crime.currentData?.boundary.description ?? ''
  const shown = visibleComponents(components.data ?? [], mobile, filters.componentId, (id) =>
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
          </div>
          <div className="card-grid">
            {component.componentId !== ComponentId.Crime && dashboard.isError ? (
              <ErrorMessage />
            ) : (
              <CardBoundary title={component.name} resetKeys={[filters]}>
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
              </CardBoundary>
            )}
          </div>
        </section>
      ))}
    </div>
  )
}
