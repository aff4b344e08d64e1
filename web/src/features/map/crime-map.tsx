// The crime choropleth for the selected boundary: children coloured from the API's colorLegend by
// each area's density, a count label per area, drill-down on click while the boundary type is 3
// or below, police-station pins at local level, and a data table with CSV as the alternative.
// Without WebGL2 (or when the map fails) the MapBoundary shows that table in the map's place; the
// map code (MapLibre) is then never downloaded.
import { useMemo, useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import { crimeStatsArgs, useGetCrimeStatsQuery, useGetGeomarkersQuery } from '../../api/public-api'
import type { CrimeStats, MarkerProperties } from '../../api/generated'
import type { TableData } from '../../components/data-table'
import { Modal } from '../../components/modal'
import { NoData } from '../../components/status'
import { ProviderContacts } from '../../components/provider-contacts'
import { ComponentId } from '../../config/constants'
import { strings } from '../../config/strings'
import { crimeOptionsFrom, crimeSource } from '../../lib/crime'
import { formatCount, formatDecimal, formatRate } from '../../lib/format'
import { MapLegend } from './map-legend'
import { areaFigures, markerVisible, periodOfAreas, type AreaFigures } from './map-data'
import { MapStage, useMapArea } from './map-stage'
import { areaName as nameOf } from '../../lib/area-name'
import { noCrimeFiguresMessage } from '../../components/as-of-notice'

function mapTable(figures: AreaFigures[], stats: CrimeStats | undefined, area: string, period: string): TableData {
  return {
    title: strings.map.legendTitle,
    area,
    period,
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

/**
 * A police station's own figures in its pin's modal: its precinct's total GBVF crime for the
 * latest financial year with figures (the crime types chosen), the previous year, and the rate
 * per 100,000 people of the precinct's population that year, from `GET /api/crime/stats` of
 * the precinct (the pin's boundary, type 5).
 */
function StationFigures({
  boundaryId,
  options,
  asOf,
}: {
  boundaryId: number
  options: readonly string[]
  asOf: string | null
}) {
  const { currentData: stats, isFetching, isError } = useGetCrimeStatsQuery(crimeStatsArgs(boundaryId, options, asOf))
  if (isError) return <NoData message={strings.map.stationFiguresFailed} />
  if (!stats) return isFetching ? <p aria-busy="true">{strings.map.stationFiguresLoading}</p> : null
  if (stats.total == null) return <NoData message={strings.map.stationNoFigures} />
  return (
    <dl className="station-figures" data-testid="station-figures">
      <div>
        <dt>{strings.map.stationTotal(stats.period ?? '')}</dt>
        <dd data-testid="station-total">{formatCount(stats.total)}</dd>
      </div>
      {stats.previousTotal != null ? (
        <div>
          <dt>
            {strings.summary.previousYear}
            {stats.previousPeriod ? `, ${stats.previousPeriod}` : ''}
          </dt>
          <dd>{formatCount(stats.previousTotal)}</dd>
        </div>
      ) : null}
      {stats.rate != null ? (
        <div>
          <dt>{strings.summary.rate}</dt>
          <dd data-testid="station-rate">{formatRate(stats.rate)}</dd>
        </div>
      ) : null}
    </dl>
  )
}

export default function CrimeMap({ compact = false }: { compact?: boolean }) {
  const area = useMapArea()
  const { filters, boundaryId, boundary, areasQ, isLocal } = area
  const options = crimeOptionsFrom(filters)
  const statsQ = useGetCrimeStatsQuery(crimeStatsArgs(boundaryId, options, filters.asOf))
  const parentId = isLocal ? (boundary?.districtBoundaryId ?? boundary?.parentBoundaryId) : null
  const parentQ = useGetCrimeStatsQuery(parentId != null ? crimeStatsArgs(parentId, options, filters.asOf) : skipToken)
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

  const areaName = nameOf(boundary ?? statsQ.currentData?.boundary)
  // The areas' own year: a parent's latest year is not its children's (Gauteng 2022/23, its
  // districts 2015/16).
  const period = periodOfAreas(figures, statsQ.currentData?.period)
  const table = mapTable(figures, statsQ.currentData, areaName, period)

  return (
    <MapStage
      testId="crime-map"
      series={{ componentId: ComponentId.Crime, level: figures[0]?.level ?? boundary?.level }}
      area={area}
      figuresQuery={statsQ}
      compact={compact}
      title={strings.map.label(areaName)}
      subtitle={period ? `${strings.summary.total}, ${period}` : undefined}
      table={table}
      figures={figures}
      markers={markers}
      onMarkerClick={setStation}
      legend={<MapLegend scale={scale} />}
      note={
        // Under a permalink dated before any figure: that none had been recorded by then.
        filters.asOf && statsQ.currentData && statsQ.currentData.total == null ? (
          <NoData message={noCrimeFiguresMessage(filters.asOf)} />
        ) : undefined
      }
      areaCount={(f) => (f.total == null ? strings.map.noData : formatCount(f.total))}
      modals={
        station ? (
          <Modal title={station.name} onClose={() => setStation(null)}>
            <p>{strings.map.station}</p>
            <StationFigures boundaryId={station.boundaryId} options={options} asOf={filters.asOf} />
            {station.providerStakeholderId != null ? (
              <ProviderContacts providerId={String(station.providerStakeholderId)} />
            ) : (
              <NoData message={strings.map.noContacts} />
            )}
          </Modal>
        ) : null
      }
    >
      {isLocal && markers.length > 0 ? (
        <p className="crime-map__note">
          {strings.map.stations}: {formatCount(markers.length)}
        </p>
      ) : null}
    </MapStage>
  )
}
