// /home/map: the full-size choropleth with legend, labels and pins: collective actions (orange
// scale, collective-action pins) when componentId is 4, building blocks (green availability bands,
// provider pins, count modal) when it is 1, the health check (blue maturity bands) when it is 2,
// else crime (police-station pins).
import { lazy, Suspense } from 'react'
import { CardBoundary } from '../../components/boundary'
import { Spinner } from '../../components/status'
import { strings } from '../../config/strings'

import { ComponentId } from '../../config/constants'
import { useFilters } from '../../filters/use-filters'
import { TodayFiguresNote } from '../../components/as-of-notice'

const CrimeMap = lazy(() => import('../../features/map/crime-map'))
const ActionsMap = lazy(() => import('../../features/map/actions-map'))
const BuildingBlockMap = lazy(() => import('../../features/map/building-block-map'))
const HealthCheckMap = lazy(() => import('../../features/map/health-check-map'))

export function Component() {
  const { filters } = useFilters()
  return (
    <div className="map-view">
      <h1 className="visually-hidden">{strings.views.map}</h1>
      <TodayFiguresNote componentId={filters.componentId ?? ComponentId.Crime} />
      <CardBoundary title={strings.views.map} headingLevel={2}>
        <Suspense fallback={<Spinner />}>
          {filters.componentId === ComponentId.CollectiveAction ? (
            <ActionsMap />
          ) : filters.componentId === ComponentId.BuildingBlock ? (
            <BuildingBlockMap />
          ) : filters.componentId === ComponentId.HealthCheck ? (
            <HealthCheckMap />
          ) : (
            <CrimeMap />
          )}
        </Suspense>
      </CardBoundary>
    </div>
  )
}
