// The building-block map (component 1, spec §2 "Map view", §3/§9): areas coloured by the
// availability of their providers' requirements in the five green bands (0, 1-24, 25-49, 50-74,
// 75-100 %), a provider count per area, drill-down while the boundary type is 3 or below,
// provider pins at local level (police stations, courts, health facilities; the server never
// sends a shelter point), a pin opens the stakeholder's contact list, and a second modal shows
// the category and building-block counts of the boundary.
import { lazy, Suspense, useMemo, useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import { stakeholderContactArgs, useGetBoundaryCountsQuery, useSearchContactsQuery } from '../../api/contact-api'
import {
  dashboardArgs,
  useGetBoundaryQuery,
  useGetDashboardQuery,
  useGetGeojsonQuery,
  useGetGeomarkersQuery,
} from '../../api/public-api'
import type { MarkerProperties } from '../../api/types'
import { Card } from '../../components/card'
import { ContactCard } from '../../components/contact-card'
import type { TableData } from '../../components/data-table'
import { MapBoundary } from '../../components/map-boundary'
import { Modal } from '../../components/modal'
import { ErrorMessage, NoData, Spinner } from '../../components/status'
import { ComponentId, MAX_DRILL_BOUNDARY_TYPE } from '../../config/constants'
import { buildingBlockAttribution, strings } from '../../config/strings'
import { formatAvailability, formatCount } from '../../lib/format'
import { useIsMobileMap } from '../../lib/use-media-query'
import { publicBoundaryType } from '../../filters/geography'
import { useFilters } from '../../filters/use-filters'
import { MapLegend } from './map-legend'
import { BUILDING_BLOCK_SCALE, buildingBlockAreaFigures, markerVisible, type AreaFigures } from './map-data'

const MapCanvas = lazy(() => import('./map-canvas').then((m) => ({ default: m.MapCanvas })))

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function tooltip(area: AreaFigures | undefined, name: string): string {
  const title = `<strong>${escapeHtml(name)}</strong>`
  if (!area || area.total == null) return `${title}<br>${strings.map.noData}`
  return (
    `${title}<br>${strings.bbMap.providers}: ${formatCount(area.total)}` +
    `<br>${strings.bbMap.availability}: ${formatAvailability(area.rate)}`
  )
}

/** The stakeholder modal of a pin: the provider's contact card. */
export function StakeholderContacts({ stakeholderId }: { stakeholderId: string }) {
  const q = useSearchContactsQuery(stakeholderContactArgs(stakeholderId))
  if (q.isLoading) return <Spinner />
  if (q.isError || !q.data) return <ErrorMessage />
  if (q.data.length === 0) return <NoData message={strings.contact.noContacts} />
  return (
    <ul className="contact-list" data-testid="stakeholder-contacts">
      {q.data.map((r) => (
        <ContactCard key={r.stakeholderId} result={r} headingLevel={4} />
      ))}
    </ul>
  )
}

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
  const { filters, boundaryId, update } = useFilters()
  const mobile = useIsMobileMap()
  const boundaryQ = useGetBoundaryQuery({ id: boundaryId })
  const boundary = boundaryQ.currentData
  const areasQ = useGetGeojsonQuery({ id: boundaryId })
  const dashboardQ = useGetDashboardQuery(dashboardArgs(boundaryId, filters))
  const isLocal = boundary?.level === 'municipality'
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
  const areaName = boundary?.description ?? dashboardQ.currentData?.boundary.description ?? ''
  const table: TableData = {
    title: strings.bbMap.legendTitle,
    area: areaName,
    period: summary?.lastQuarter ?? '',
    source: strings.bbMap.source,
    columns: [
      { label: strings.map.area },
      { label: strings.bbMap.providers, numeric: true },
      { label: strings.bbMap.availability, numeric: true },
    ],
    rows: figures.map((f) => ({
      display: [f.description, formatCount(f.total), formatAvailability(f.rate)],
      raw: [f.description, f.total, f.rate == null ? null : (f.rate * 100).toFixed(2)],
    })),
  }
  const loading = areasQ.isFetching || dashboardQ.isFetching
  const failed = areasQ.isError || dashboardQ.isError || boundaryQ.isError
  const canDrill = currentType <= MAX_DRILL_BOUNDARY_TYPE && !isLocal

  return (
    <div
      className={`crime-map ${compact ? 'crime-map--compact' : ''}`}
      data-testid="bb-map"
      data-boundary-id={boundaryId}
      data-ready={!loading && !!areasQ.currentData && !!dashboardQ.currentData}
      data-pins={markers.length}
    >
      <Card
        title={strings.map.label(areaName)}
        table={table}
        headingLevel={2}
        subtitle={summary?.lastQuarter ? `${strings.bbMap.legendTitle}, ${summary.lastQuarter}` : undefined}
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
                  onMarkerClick={setPin}
                  tooltip={tooltip}
                  credits={buildingBlockAttribution}
                />
              </Suspense>
              {loading ? (
                <div className="crime-map__loading">
                  <Spinner />
                </div>
              ) : null}
            </div>
          </MapBoundary>
          <MapLegend scale={BUILDING_BLOCK_SCALE} title={strings.bbMap.legendTitle} plain />
        </div>
        <p className="crime-map__note">
          <button type="button" className="text-button" onClick={() => setCountsOpen(true)}>
            {strings.bbMap.countsButton}
          </button>
        </p>
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
                    data-colour={f.color}
                  >
                    <span className="area-link__swatch" style={{ background: f.color }} aria-hidden="true" />
                    {f.description}
                    <span className="area-link__count">
                      {f.total == null ? strings.map.noData : `${formatAvailability(f.rate)} · ${formatCount(f.total)}`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {isLocal ? (
          markers.length > 0 ? (
            <details className="area-links__pins-box">
              <summary>
                {strings.bbMap.pins} ({formatCount(markers.length)})
              </summary>
              <ul className="area-links__pins" aria-label={strings.bbMap.pins}>
                {markers.map((m) => (
                  <li key={String(m.id)}>
                    <button
                      type="button"
                      className="area-link"
                      data-testid="provider-pin"
                      data-id={String(m.id)}
                      onClick={() => setPin(m.properties)}
                    >
                      {m.properties.name}
                      <span className="area-link__count">{m.properties.buildingBlock}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </details>
          ) : (
            <NoData />
          )
        ) : null}
      </Card>
      {pin?.stakeholder ? (
        <Modal title={pin.name} onClose={() => setPin(null)}>
          <StakeholderContacts stakeholderId={pin.stakeholder} />
        </Modal>
      ) : null}
      {countsOpen ? (
        <Modal title={strings.bbMap.counts(areaName)} onClose={() => setCountsOpen(false)}>
          <BoundaryCounts boundaryId={boundaryId} />
        </Modal>
      ) : null}
    </div>
  )
}
