// The crime choropleth for the selected boundary: children coloured from the API's colorLegend by
// each area's density, a count label per area, drill-down on click while the boundary type is 3
// or below, police-station pins at local level, and a data table with CSV as the alternative.
// Without WebGL2 (or when the map fails) the MapBoundary shows that table in the map's place; the
// map code (MapLibre) is then never downloaded.
import { lazy, Suspense, useMemo, useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import {
  crimeStatsArgs,
  useGetBoundaryQuery,
  useGetCrimeStatsQuery,
  useGetGeojsonQuery,
  useGetGeomarkersQuery,
} from '../../api/public-api'
import type { CrimeStats, MarkerProperties } from '../../api/types'
import { Card } from '../../components/card'
import type { TableData } from '../../components/data-table'
import { MapBoundary } from '../../components/map-boundary'
import { Modal } from '../../components/modal'
import { ErrorMessage, NoData, Spinner } from '../../components/status'
import { ComponentId, MAX_DRILL_BOUNDARY_TYPE } from '../../config/constants'
import { strings } from '../../config/strings'
import { crimeOptionsFrom, crimeSource } from '../../lib/crime'
import { formatCount, formatDecimal, formatRate } from '../../lib/format'
import { useIsMobileMap } from '../../lib/use-media-query'
import { publicBoundaryType } from '../../filters/geography'
import { useFilters } from '../../filters/use-filters'
import { MapLegend } from './map-legend'
import { areaFigures, markerVisible, type AreaFigures } from './map-data'

const MapCanvas = lazy(() => import('./map-canvas').then((m) => ({ default: m.MapCanvas })))

function mapTable(figures: AreaFigures[], stats: CrimeStats | undefined, area: string): TableData {
  return {
    title: strings.map.legendTitle,
    area,
    period: stats?.period ?? '',
    source: crimeSource(stats),
    columns: [
      { label: strings.map.area },
      { label: strings.map.population, numeric: true },
      { label: strings.summary.total, numeric: true },
      { label: strings.summary.rate, numeric: true },
      { label: strings.map.density, numeric: true },
    ],
    rows: figures.map((f) => ({
      display: [
        f.description,
        formatCount(f.peopleCount),
        formatCount(f.total),
        formatRate(f.rate),
        formatDecimal(f.density),
      ],
      raw: [f.description, f.peopleCount, f.total, f.rate?.toFixed(2), f.density?.toFixed(2)],
    })),
  }
}

export default function CrimeMap({ compact = false }: { compact?: boolean }) {
  const { filters, boundaryId, update } = useFilters()
  const mobile = useIsMobileMap()
  const options = crimeOptionsFrom(filters)
  const boundaryQ = useGetBoundaryQuery({ id: boundaryId })
  const boundary = boundaryQ.currentData
  const areasQ = useGetGeojsonQuery({ id: boundaryId })
  const statsQ = useGetCrimeStatsQuery(crimeStatsArgs(boundaryId, options))
  const isLocal = boundary?.level === 'municipality'
  const parentId = isLocal ? (boundary.districtBoundaryId ?? boundary.parentBoundaryId) : null
  const parentQ = useGetCrimeStatsQuery(parentId != null ? crimeStatsArgs(parentId, options) : skipToken)
  const markersQ = useGetGeomarkersQuery(
    isLocal ? { componentId: filters.componentId ?? ComponentId.Crime, boundaryId } : skipToken,
  )
  const [station, setStation] = useState<MarkerProperties | null>(null)

  const figures = useMemo(
    () => areaFigures(areasQ.currentData, statsQ.currentData, parentQ.currentData),
    [areasQ.currentData, statsQ.currentData, parentQ.currentData],
  )
  const markers = useMemo(
    () => (markersQ.currentData?.features ?? []).filter((f) => markerVisible(f.properties, filters)),
    [markersQ.currentData, filters],
  )
  const scale = statsQ.currentData?.colorLegend?.scale?.length
    ? statsQ.currentData.colorLegend.scale
    : (parentQ.currentData?.colorLegend?.scale ?? [])

  const currentType = filters.boundaryTypeId ?? (boundary ? publicBoundaryType(boundary) : 1)
  const drill = (id: number) => {
    if (currentType > MAX_DRILL_BOUNDARY_TYPE || id === boundaryId) return
    const target = figures.find((f) => f.boundaryId === id)
    if (!target) return
    update({
      ...filters,
      boundaryId: id,
      boundaryTypeId: publicBoundaryType({ level: target.level, boundaryTypeId: target.boundaryTypeId }),
    })
  }

  const areaName = boundary?.description ?? statsQ.currentData?.boundary.description ?? ''
  const failed = areasQ.isError || statsQ.isError || boundaryQ.isError
  const loading = areasQ.isFetching || statsQ.isFetching
  const table = mapTable(figures, statsQ.currentData, areaName)
  const canDrill = currentType <= MAX_DRILL_BOUNDARY_TYPE && !isLocal

  return (
    <div
      className={`crime-map ${compact ? 'crime-map--compact' : ''}`}
      data-testid="crime-map"
      data-boundary-id={boundaryId}
      data-ready={!loading && !!areasQ.currentData && !!statsQ.currentData}
    >
      <Card
        title={`${strings.map.label(areaName)}`}
        table={table}
        headingLevel={2}
        subtitle={statsQ.currentData?.period ? `${strings.summary.total}, ${statsQ.currentData.period}` : undefined}
      >
        {failed ? <ErrorMessage message={strings.messages.mapFailure} /> : null}
        <div className="crime-map__stage">
          <MapBoundary table={table} loading={loading} resetKeys={[boundaryId]}>
            <div className="crime-map__frame">
              <Suspense fallback={null}>
                <MapCanvas
                  areas={areasQ.currentData}
                  figures={figures}
                  markers={markers}
                  mobile={mobile}
                  interactive={!compact}
                  label={strings.map.label(areaName)}
                  onAreaClick={drill}
                  onMarkerClick={setStation}
                />
              </Suspense>
              {loading ? (
                <div className="crime-map__loading">
                  <Spinner />
                </div>
              ) : null}
            </div>
          </MapBoundary>
          <MapLegend scale={scale} />
        </div>
        {canDrill && figures.length > 0 ? (
          <nav className="area-links" aria-label={strings.map.drillHint}>
            <p className="area-links__hint">{strings.map.drillHint}</p>
            <ul>
              {figures.map((f) => (
                <li key={f.boundaryId}>
                  <button
                    type="button"
                    className="area-link"
                    onClick={() => drill(f.boundaryId)}
                    data-boundary-id={f.boundaryId}
                  >
                    <span className="area-link__swatch" style={{ background: f.color }} aria-hidden="true" />
                    {f.description}
                    <span className="area-link__count">
                      {f.total == null ? strings.map.noData : formatCount(f.total)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {isLocal && markers.length > 0 ? (
          <p className="crime-map__note">
            {strings.map.stations}: {formatCount(markers.length)}
          </p>
        ) : null}
      </Card>
      {station ? (
        <Modal title={station.name} onClose={() => setStation(null)}>
          <p>{strings.map.station}</p>
          <NoData message={strings.map.noContacts} />
        </Modal>
      ) : null}
    </div>
  )
}
