// /home: headline crime figures and the choropleth of the selected area, then the dashboard cards.
// Each part is behind its own error boundary, so a map or card that fails leaves the rest working.
import { lazy, Suspense } from 'react'
import { useGetCrimeStatsQuery } from '../../api/crime-api'
import { Boundary, CardBoundary } from '../../components/boundary'
import { ErrorMessage, Spinner } from '../../components/status'
import { strings } from '../../config/strings'
import { CrimeSummary } from '../../features/home/crime-summary'
import { crimeOptionsFrom } from '../../lib/crime'
import { useFilters } from '../../filters/use-filters'

const CrimeMap = lazy(() => import('../../features/map/crime-map'))
const DashboardCards = lazy(() => import('../../features/dashboard/dashboard-cards'))

export function Component() {
  const { boundaryId, filters } = useFilters()
  const stats = useGetCrimeStatsQuery({ boundaryId, componentOptions: crimeOptionsFrom(filters) })
  return (
    <div className="home">
      <div className="home__top">
        <CardBoundary title={strings.summary.total} headingLevel={2} resetKeys={[filters]}>
          <CrimeSummary stats={stats.currentData} isLoading={stats.isFetching} isError={stats.isError} />
        </CardBoundary>
        <div className="home__map">
          <CardBoundary title={strings.views.map} headingLevel={2} resetKeys={[filters]}>
            <Suspense fallback={<Spinner />}>
              <CrimeMap compact />
            </Suspense>
          </CardBoundary>
        </div>
      </div>
      <Boundary fallback={<ErrorMessage />} resetKeys={[filters]}>
        <Suspense fallback={<Spinner />}>
          <DashboardCards />
        </Suspense>
      </Boundary>
    </div>
  )
}
