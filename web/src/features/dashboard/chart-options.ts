// Shared chart settings from section 9: value axes with 5 ticks abbreviated with k; 'Other' is
// #cccccc (see crime-model and lib/component-models).
import type { ApexOptions } from 'apexcharts'
import { abbreviateThousands, formatCount, formatPercentage } from '../../lib/format'

export const VALUE_AXIS_TICKS = 4 // intervals, so 5 tick labels

export function valueAxisLabels() {
  return { formatter: (value: number | string) => abbreviateThousands(Number(value)) }
}

/** A round axis maximum so that VALUE_AXIS_TICKS equal steps give readable labels. */
export function niceAxisMax(max: number, intervals = VALUE_AXIS_TICKS): number {
  if (!(max > 0)) return intervals
  const raw = max / intervals
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  const step =
    [1, 1.2, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude
  return step * intervals
}

/**
 * An axis maximum for counts: like niceAxisMax, but each of the VALUE_AXIS_TICKS steps is a whole
 * number (a count axis never reads 0.5 responses).
 */
export function countAxisMax(max: number, intervals = VALUE_AXIS_TICKS): number {
  return Math.max(1, Math.ceil(niceAxisMax(max, intervals) / intervals)) * intervals
}

// ApexCharts' own `responsive` option crashes 5.0.0 here (it deep-clones the config), so narrow
// screens pass `narrow` instead.
export function barOptions({
  categories,
  colors,
  horizontal = false,
  legend = true,
  maxValue,
  narrow = false,
}: {
  categories: string[]
  colors: string[]
  horizontal?: boolean
  legend?: boolean
  /** Under 600 px: shorter category labels leave room for the five value ticks. */
  narrow?: boolean
  /** The largest value drawn; the value axis ends at a round number above it. */
  maxValue?: number
}): ApexOptions {
  const valueAxis = {
    tickAmount: VALUE_AXIS_TICKS,
    labels: valueAxisLabels(),
    min: 0,
    ...(maxValue != null ? { max: niceAxisMax(maxValue) } : { forceNiceScale: true }),
  }
  return {
    chart: { type: 'bar' },
    colors,
    plotOptions: { bar: { horizontal, borderRadius: 2, columnWidth: '60%', barHeight: '70%' } },
    dataLabels: { enabled: false },
    legend: { show: legend, position: 'top', horizontalAlign: 'left', fontSize: '13px', labels: { colors: '#1b1b1b' } },
    xaxis: horizontal
      ? { categories, ...valueAxis, labels: { ...valueAxis.labels, style: { colors: '#333' } } }
      : { categories, labels: { style: { colors: '#333' }, rotate: 0, trim: false, hideOverlappingLabels: true } },
    yaxis: horizontal
      ? { labels: { maxWidth: narrow ? 96 : 200, style: { colors: '#333', fontSize: narrow ? '10px' : '11px' } } }
      : { ...valueAxis, labels: { ...valueAxis.labels, style: { colors: '#333' } } },
    tooltip: { y: { formatter: (value: number) => formatCount(value) } },
    grid: { borderColor: '#e3e3e3' },
    states: { active: { filter: { type: 'none' } } },
  }
}

export function pieOptions({
  labels,
  colors,
  percentages,
}: {
  labels: string[]
  colors: string[]
  percentages: number[]
}): ApexOptions {
  return {
    chart: { type: 'donut' },
    labels,
    colors,
    legend: {
      position: 'bottom',
      fontSize: '13px',
      labels: { colors: '#1b1b1b' },
      formatter: (label: string, opts?: { seriesIndex: number }) =>
        opts ? `${label}: ${formatPercentage(percentages[opts.seriesIndex])}` : label,
    },
    dataLabels: {
      enabled: true,
      formatter: (_value: number, opts?: { seriesIndex: number }) =>
        opts ? formatPercentage(percentages[opts.seriesIndex]) : '',
      dropShadow: { enabled: false },
      style: { fontSize: '11px', colors: ['#ffffff'] },
    },
    stroke: { width: 1, colors: ['#ffffff'] },
    tooltip: { y: { formatter: (value: number) => formatCount(value) } },
    plotOptions: { pie: { donut: { size: '55%' }, dataLabels: { minAngleToShowLabel: 14 } } },
    states: { active: { filter: { type: 'none' } } },
  }
}
