// The health-check map (component 2; public spec §3 "Map colour scales"): areas coloured by their
// organisations' overall maturity in the quarter, in the blue bands 0, 1-24, 25-49, 50-74, 75-100;
// an area whose organisations are too few to show under the privacy rule has its own class, an
// area without responses none. Drill-down as on every map; no pins (organisations are not placed).
import { useMemo } from 'react'
import { dashboardArgs, useGetDashboardQuery } from '../../api/public-api'
import type { TableData } from '../../components/data-table'
import { strings } from '../../config/strings'
import { ComponentId } from '../../config/constants'
import { componentCredits } from '../../lib/credits'
import { formatCount } from '../../lib/format'
import { MapLegend } from './map-legend'
import { quarterText } from '../../lib/component-models'
import { HEALTH_CHECK_SCALE, TOO_FEW_COLOUR, healthCheckAreaFigures, type AreaFigures } from './map-data'
import { MapStage, useMapArea } from './map-stage'
import { escapeHtml } from '../../lib/escape-html'
import { areaName as nameOf } from '../../lib/area-name'

/** 'Overall maturity: 62%', 'Too few organisations to show' or 'No responses'. */
export function maturityText(area: AreaFigures | undefined): string {
  if (!area || area.total == null) return strings.hcMap.noResponses
  if (area.rate == null) return strings.hcMap.tooFew
  return `${area.rate}%`
}

function tooltip(area: AreaFigures | undefined, name: string): string {
  const title = `<strong>${escapeHtml(name)}</strong>`
  if (!area || area.total == null) return `${title}<br>${strings.hcMap.noResponses}`
  return (
    `${title}<br>${strings.hcMap.maturity}: ${maturityText(area)}` +
    `<br>${strings.hcMap.organisations}: ${formatCount(area.total)}`
  )
}

export default function HealthCheckMap({ compact = false }: { compact?: boolean }) {
  const area = useMapArea()
  const { filters, boundaryId, boundary, areasQ } = area
  const dashboardQ = useGetDashboardQuery(dashboardArgs(boundaryId, filters))
  const summary = dashboardQ.currentData?.healthCheck
  const figures = useMemo(() => healthCheckAreaFigures(areasQ.currentData, summary), [areasQ.currentData, summary])
  const areaName = nameOf(boundary ?? dashboardQ.currentData?.boundary)
  const example = summary?.example === true
  const table: TableData = {
    title: strings.hcMap.legendTitle,
    area: areaName,
    period: quarterText(summary?.quarter),
    source: example ? `${strings.hcMap.source} (${strings.hcMap.example})` : strings.hcMap.source,
    columns: [
      { label: strings.map.area },
      { label: strings.hcMap.organisations, numeric: true },
      { label: strings.hcMap.maturity, numeric: true },
    ],
    rows: figures.map((f) => ({
      display: [f.description, formatCount(f.total), maturityText(f)],
      raw: [f.description, f.total, f.total == null ? null : (f.rate ?? strings.hcMap.tooFew)],
    })),
  }
  return (
    <MapStage
      testId="hc-map"
      series={{ componentId: ComponentId.HealthCheck }}
      area={area}
      figuresQuery={dashboardQ}
      compact={compact}
      title={strings.map.label(areaName)}
      subtitle={summary?.quarter ? strings.hcMap.subtitle(quarterText(summary.quarter)) : undefined}
      table={table}
      figures={figures}
      markers={[]}
      onMarkerClick={() => undefined}
      tooltip={tooltip}
      credits={componentCredits(ComponentId.HealthCheck, example)}
      legend={
        <MapLegend
          scale={HEALTH_CHECK_SCALE}
          title={strings.hcMap.legendTitle}
          plain
          extra={[{ color: TOO_FEW_COLOUR, label: strings.hcMap.tooFew }]}
        />
      }
      areaCount={(f) => (f.total == null ? strings.hcMap.noResponses : maturityText(f))}
      markAreaColour
      note={summary?.note ? <p className="crime-map__note">{strings.cards.publicFiguresNote}</p> : undefined}
    />
  )
}
