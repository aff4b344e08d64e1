// /home/chart: the dashboard cards for every component (or only the chosen one on mobile). The
// cards module comes with this route (one request fewer before the first figures); it loads
// the chart cards, which carry ApexCharts, by itself.
import DashboardCards from '../../features/dashboard/dashboard-cards'
import { strings } from '../../config/strings'

export function Component() {
  return (
    <div className="chart-view">
      <h1 className="visually-hidden">{strings.views.chart}</h1>
      <DashboardCards />
    </div>
  )
}
