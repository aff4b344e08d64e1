// /home: headline crime figures and the choropleth of the selected area, then the dashboard cards.
import { lazy, Suspense } from 'react'
import { useGetCrimeStatsQuery } from '../../api/crime-api'
import { Spinner } from '../../components/status'
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
        <CrimeSummary stats={stats.currentData} isLoading={stats.isFetching} isError={stats.isError} />
        <div className="home__map">
          <Suspense fallback={<Spinner />}>
            <CrimeMap compact />
          </Suspense>
        </div>
      </div>
      <Suspense fallback={<Spinner />}>
        <DashboardCards />
      </Suspense>
    </div>
  )
}
