// /home: headline crime figures and the choropleth of the selected area, then the dashboard cards.
// Each part is behind its own error boundary, so a map or card that fails leaves the rest working.
// The map and the cards (the two large libraries) load when their place comes into view.
import { lazy, Suspense } from 'react'
import { crimeStatsArgs, useGetCrimeStatsQuery } from '../../api/public-api'
import { Boundary, CardBoundary } from '../../components/boundary'
import { ErrorMessage, Spinner } from '../../components/status'
import { WhenVisible } from '../../components/when-visible'
import { attribution, strings } from '../../config/strings'
import { Credits } from '../../components/credits'
import { CrimeSummary } from '../../features/home/crime-summary'
import { crimeOptionsFrom } from '../../lib/crime'
import { useFilters } from '../../filters/use-filters'

const CrimeMap = lazy(() => import('../../features/map/crime-map'))
const DashboardCards = lazy(() => import('../../features/dashboard/dashboard-cards'))

export function Component() {
  const { boundaryId, filters } = useFilters()
  const stats = useGetCrimeStatsQuery(crimeStatsArgs(boundaryId, crimeOptionsFrom(filters), filters.asOf))
  const settled = !stats.isLoading
  return (
    <div className="home">
      <Credits lines={attribution} />
      <div className="home__top">
        <CardBoundary title={strings.summary.total} headingLevel={2} resetKeys={[filters]}>
          <CrimeSummary stats={stats.currentData} isLoading={stats.isFetching} isError={stats.isError} />
        </CardBoundary>
        <div className="home__map">
          <CardBoundary title={strings.views.map} headingLevel={2} resetKeys={[filters]}>
            <WhenVisible minHeight="22rem" testId="map-slot" layoutSettled={settled}>
              <Suspense fallback={<Spinner />}>
                <CrimeMap compact />
              </Suspense>
            </WhenVisible>
          </CardBoundary>
        </div>
      </div>
      <Boundary fallback={<ErrorMessage />} resetKeys={[filters]}>
        <WhenVisible minHeight="40rem" testId="cards-slot" layoutSettled={settled}>
          <Suspense fallback={<Spinner />}>
            <DashboardCards />
          </Suspense>
        </WhenVisible>
      </Boundary>
    </div>
  )
}
