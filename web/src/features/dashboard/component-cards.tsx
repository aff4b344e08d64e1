// The cards of one component in the chart view (its own chunk: it carries ApexCharts).
import type { Component, CrimeStats, Dashboard } from '../../api/generated'
import { CardBoundary } from '../../components/boundary'
import { ErrorMessage, NoData, Spinner } from '../../components/status'
import { ComponentId } from '../../config/constants'
import { strings } from '../../config/strings'
import { crimeOptionsFrom } from '../../lib/crime'
import type { Filters } from '../../filters/query-string'
import { AvailabilityCard, BuildingBlocksCard } from './building-block-cards'
import { CycleCard, PillarCard } from './collective-action-cards'
import { CrimeBreakdownCard, CrimeTrendCard, TotalCrimeCard } from './crime-cards'
import { ReachCard, SurveysCard } from './health-check-cards'
import { noCrimeFiguresMessage } from '../../components/as-of-notice'

/** The cards of `component` from the dashboard and crime answers. */
export default function ComponentCards({
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
      // Under a permalink dated before any figure, that none had been recorded by then.
      if (!crime || crime.total == null) return <NoData message={noCrimeFiguresMessage(filters.asOf)} />
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
