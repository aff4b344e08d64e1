// The building-block map (component 1, spec §2 "Map view", §3/§9): areas coloured by the
// availability of their providers' requirements in the five green bands (0, 1-24, 25-49, 50-74,
// 75-100 %), a provider count per area, drill-down while the boundary type is 3 or below,
// provider pins at local level (police stations, courts, health facilities; the server never
// sends a shelter point), a pin opens the stakeholder's contact list, and a second modal shows
// the category and building-block counts of the boundary.
import { useMemo, useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import { useGetBoundaryCountsQuery } from '../../api/contact-api'
import { ProviderContacts } from '../../components/provider-contacts'
import { dashboardArgs, useGetDashboardQuery, useGetGeomarkersQuery } from '../../api/public-api'
import type { MarkerProperties } from '../../api/generated'
import type { TableData } from '../../components/data-table'
import { Modal } from '../../components/modal'
import { ErrorMessage, NoData, Spinner } from '../../components/status'
import { ComponentId } from '../../config/constants'
import { buildingBlockAttribution, strings } from '../../config/strings'
import { formatCount } from '../../lib/format'
import { availabilityCsv, describeAvailability, listedAndVerified } from '../../lib/availability'
import { MapLegend } from './map-legend'
import {
  BUILDING_BLOCK_SCALE,
  buildingBlockAreaFigures,
  buildingBlockTooltip as tooltip,
  markerVisible,
} from './map-data'
import { MapStage, PinButton, useMapArea } from './map-stage'
import { areaName as nameOf } from '../../lib/area-name'

/** The count modal: per category its providers, per building block its providers. */
export function BoundaryCounts({ boundaryId }: { boundaryId: number }) {
  const q = useGetBoundaryCountsQuery({ boundaryId })
  if (q.isLoading) return <Spinner />
  if (q.isError || !q.data) return <ErrorMessage />
  if (q.data.length === 0) return <NoData message={strings.messages.noCategories} />
  return (
    <table className="data-table counts-table" data-testid="boundary-counts">
      <thead>
        <tr>
          <th scope="col">{strings.bbMap.category}</th>
          <th scope="col">{strings.bbMap.buildingBlock}</th>
          <th scope="col" className="numeric">
            {strings.bbMap.count}
          </th>
        </tr>
      </thead>
      <tbody>
        {q.data.flatMap((c) => [
          <tr key={`c${c.buildingBlockCategoryId}`} className="counts-table__category">
            <th scope="row" colSpan={2}>
              {c.categoryDescription}
            </th>
            <td className="numeric" data-category={c.buildingBlockCategoryId}>
              {formatCount(c.totalCategoryCount)}
            </td>
          </tr>,
          ...c.buildingBlocks.map((b) => (
            <tr key={`b${b.buildingBlockId}`}>
              <td />
              <th scope="row">{b.description}</th>
              <td className="numeric" data-block={b.buildingBlockId}>
                {formatCount(b.blockCount)}
              </td>
            </tr>
          )),
        ])}
      </tbody>
    </table>
  )
}

export default function BuildingBlockMap({ compact = false }: { compact?: boolean }) {
  const area = useMapArea()
  const { filters, boundaryId, boundary, areasQ, isLocal } = area
  const dashboardQ = useGetDashboardQuery(dashboardArgs(boundaryId, filters))
  const markersQ = useGetGeomarkersQuery(isLocal ? { componentId: ComponentId.BuildingBlock, boundaryId } : skipToken)
  const [pin, setPin] = useState<MarkerProperties | null>(null)
  const [countsOpen, setCountsOpen] = useState(false)
  const summary = dashboardQ.currentData?.buildingBlock
  const picked = filters.componentId === ComponentId.BuildingBlock ? filters.componentOptions : []

  const figures = useMemo(
    () => buildingBlockAreaFigures(areasQ.currentData, summary, picked),
    // picked is derived from filters on each render; its contents are the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- compared by value below
    [areasQ.currentData, summary, picked.join(',')],
  )
  const markers = useMemo(
    () =>
      (markersQ.currentData?.features ?? []).filter((f) =>
        markerVisible(f.properties, { ...filters, componentId: ComponentId.BuildingBlock }),
      ),
    [markersQ.currentData, filters],
  )

  const areaName = nameOf(boundary ?? dashboardQ.currentData?.boundary)
  const table: TableData = {
    title: strings.bbMap.legendTitle,
    area: areaName,
    period: summary?.lastQuarter ?? '',
    source: strings.bbMap.source,
    columns: [
      { label: strings.map.area },
      { label: strings.availability.listedProviders, numeric: true },
      { label: strings.availability.verifiedProviders, numeric: true },
      { label: strings.bbMap.availability, numeric: true },
    ],
    rows: figures.map((f) => ({
      display: [
        f.description,
        formatCount(f.total),
        formatCount(f.verified),
        f.total == null ? '–' : describeAvailability(f.rate, f.total),
      ],
      raw: [f.description, f.total, f.verified ?? null, f.total == null ? null : availabilityCsv(f.rate, f.total)],
    })),
  }

  return (
    <MapStage
      testId="bb-map"
      series={{ componentId: ComponentId.BuildingBlock }}
      area={area}
      figuresQuery={dashboardQ}
      compact={compact}
      title={strings.map.label(areaName)}
      subtitle={summary?.lastQuarter ? `${strings.bbMap.legendTitle}, ${summary.lastQuarter}` : undefined}
      table={table}
      figures={figures}
      markers={markers}
      onMarkerClick={setPin}
      tooltip={tooltip}
      credits={buildingBlockAttribution}
      legend={<MapLegend scale={BUILDING_BLOCK_SCALE} title={strings.bbMap.legendTitle} plain notVerified />}
      areaCount={(f) =>
        f.total == null ? (
          strings.map.noData
        ) : (
          // The figure, and the coverage on a line of its own below it.
          <>
            <span className="area-link__line">{describeAvailability(f.rate, f.total)}</span>
            <span className="area-link__line area-link__coverage">{listedAndVerified(f.total, f.verified ?? 0)}</span>
          </>
        )
      }
      markAreaColour
      note={
        <p className="crime-map__note">
          <button type="button" className="text-button" onClick={() => setCountsOpen(true)}>
            {strings.bbMap.countsButton}
          </button>
        </p>
      }
      modals={
        <>
          {pin?.stakeholder ? (
            <Modal title={pin.name} onClose={() => setPin(null)}>
              <ProviderContacts providerId={pin.stakeholder} />
            </Modal>
          ) : null}
          {countsOpen ? (
            <Modal title={strings.bbMap.counts(areaName)} onClose={() => setCountsOpen(false)}>
              <BoundaryCounts boundaryId={boundaryId} />
            </Modal>
          ) : null}
        </>
      }
      localPins={
        <details className="area-links__pins-box">
          <summary>
            {strings.bbMap.pins} ({formatCount(markers.length)})
          </summary>
          <ul className="area-links__pins" aria-label={strings.bbMap.pins}>
            {markers.map((m) => (
              <li key={String(m.id)}>
                <PinButton testId="provider-pin" marker={m} onOpen={setPin}>
                  {m.properties.name}
                  <span className="area-link__count">{m.properties.buildingBlock}</span>
                </PinButton>
              </li>
            ))}
          </ul>
        </details>
      }
    />
  )
}
