// ApexCharts (pinned to the MIT 5.0.0 / react-apexcharts 1.7.0 releases) behind a small wrapper.
// Only imported from lazily loaded modules, so the library stays out of the landing bundle.
import ApexCharts, { type ApexOptions } from 'apexcharts'
import ReactApexChartModule from 'react-apexcharts'
import { downloadDataUrl } from '../../lib/csv'

// react-apexcharts ships CommonJS; depending on interop the component is the default or its .default.
const ReactApexChart = ((ReactApexChartModule as unknown as { default?: unknown }).default ??
  ReactApexChartModule) as typeof ReactApexChartModule

export type ChartType = 'bar' | 'pie' | 'donut'

export function ApexChart({
  id,
  type,
  series,
  options,
  height = 300,
  label,
}: {
  id: string
  type: ChartType
  series: ApexOptions['series']
  options: ApexOptions
  height?: number
  label: string
}) {
  const merged: ApexOptions = {
    ...options,
    chart: {
      ...options.chart,
      id,
      fontFamily: 'inherit',
      toolbar: { show: false },
      animations: { enabled: false },
      redrawOnParentResize: true,
    },
  }
  return (
    <div className="chart" role="img" aria-label={label} data-chart-id={id}>
      <ReactApexChart type={type} series={series} options={merged} height={height} width="100%" />
    </div>
  )
}

/** Saves the chart with the given id as a PNG file. */
export async function saveChartPng(id: string, fileName: string): Promise<void> {
  const chart = ApexCharts.getChartByID(id)
  if (!chart) return
  const result = (await chart.dataURI({ scale: 2 })) as { imgURI?: string }
  if (result.imgURI) downloadDataUrl(result.imgURI, fileName)
}
