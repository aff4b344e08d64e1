// /home/chart: the dashboard cards for every component (or only the chosen one on mobile).
import { lazy, Suspense } from 'react'
import { Spinner } from '../../components/status'
import { strings } from '../../config/strings'

const DashboardCards = lazy(() => import('../../features/dashboard/dashboard-cards'))

export function Component() {
  return (
    <div className="chart-view">
      <h1 className="visually-hidden">{strings.views.chart}</h1>
      <Suspense fallback={<Spinner />}>
        <DashboardCards />
      </Suspense>
    </div>
  )
}
