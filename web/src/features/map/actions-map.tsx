// The collective-action map (component 4, issue 13): areas coloured by their number of active
// challenges on the spec's orange scale (0 Active grey, 1 light orange, 2 or more orange),
// drill-down while the boundary type is 3 or below, challenge pins at local level (from
// actionsGeomarker, filtered by 'pillarId-typeId'), and a pin opens the challenge card with the
// active and completed challenges as collapsible lists, each with its source link.
import { lazy, Suspense, useMemo, useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import {
  actionsGeomarkersArgs,
  useGetActionsGeomarkersQuery,
  useGetChallengeCardQuery,
} from '../../api/collective-action-api'
import { dashboardArgs, useGetBoundaryQuery, useGetDashboardQuery, useGetGeojsonQuery } from '../../api/public-api'
import type { CollectiveAction, MarkerProperties } from '../../api/types'
import { Card } from '../../components/card'
import type { TableData } from '../../components/data-table'
import { MapBoundary } from '../../components/map-boundary'
import { Modal } from '../../components/modal'
import { ErrorMessage, NoData, Spinner } from '../../components/status'
import { MAX_DRILL_BOUNDARY_TYPE } from '../../config/constants'
import { strings } from '../../config/strings'
import { formatCount } from '../../lib/format'
import { legendColour } from '../../lib/legend'
import { useIsMobileMap } from '../../lib/use-media-query'
import { publicBoundaryType } from '../../filters/geography'
import { useFilters } from '../../filters/use-filters'
import { MapLegend } from './map-legend'
import { ACTIONS_SCALE, markerVisible, type AreaFigures } from './map-data'

const MapCanvas = lazy(() => import('./map-canvas').then((m) => ({ default: m.MapCanvas })))

function ChallengeItem({ action }: { action: CollectiveAction }) {
  const dates = action.validFrom
    ? `${action.validFrom} – ${action.validTo ?? action.completedOn ?? ''}`
    : strings.actions.datesNotStated
  return (
    <li className="challenge" data-testid="challenge-item" data-id={action.collectiveActionId}>
      <h4 className="challenge__name">{action.name}</h4>
      <dl className="challenge__facts">
        <div>
          <dt>{strings.cards.pillar}</dt>
          <dd>
            {action.pillarId === 0
              ? strings.actions.pillarNotStated
              : `${action.pillarId}. ${action.pillarDescription}`}
          </dd>
        </div>
        <div>
          <dt>{strings.actions.cycle}</dt>
          <dd>{action.cycleDescription ?? ''}</dd>
        </div>
        <div>
          <dt>{strings.actions.dates}</dt>
          <dd>{dates}</dd>
        </div>
        <div>
          <dt>{strings.actions.goal}</dt>
          <dd>{action.description || strings.messages.noDescription}</dd>
        </div>
        {action.outcome ? (
          <div>
            <dt>{strings.actions.result}</dt>
            <dd>{action.outcome}</dd>
          </div>
        ) : null}
        {action.sourceUrl ? (
          <div>
            <dt>{strings.actions.source}</dt>
            <dd>
              {action.sourceUrl.split(' ; ').map((url) => (
                <a key={url} href={url} target="_blank" rel="noopener noreferrer" className="challenge__source">
                  {url}
                </a>
              ))}
            </dd>
          </div>
        ) : null}
      </dl>
    </li>
  )
}

/** The challenge card of a pin: active and completed challenges as collapsible lists. */
export function ChallengeCardBody({ stakeholderId }: { stakeholderId: string }) {
  const q = useGetChallengeCardQuery({ stakeholderId: Number(stakeholderId) })
  if (q.isLoading) return <Spinner />
  if (q.isError || !q.data) return <ErrorMessage />
  const { activeCollectiveActions: active, inactiveCollectiveActions: past } = q.data
  return (
    <div className="challenge-card" data-testid="challenge-card">
      <details open data-testid="challenges-active">
        <summary>
          {strings.actions.activeChallenges} ({formatCount(active.length)})
        </summary>
        {active.length === 0 ? (
          <NoData message={strings.messages.noActiveChallenges} />
        ) : (
          <ul className="challenge-list">
            {active.map((a) => (
              <ChallengeItem key={a.collectiveActionId} action={a} />
            ))}
          </ul>
        )}
      </details>
      <details open={active.length === 0} data-testid="challenges-completed">
        <summary>
          {strings.actions.completedChallenges} ({formatCount(past.length)})
        </summary>
        {past.length === 0 ? (
          <NoData message={strings.messages.noInactiveChallenges} />
        ) : (
          <ul className="challenge-list">
            {past.map((a) => (
              <ChallengeItem key={a.collectiveActionId} action={a} />
            ))}
          </ul>
        )}
      </details>
    </div>
  )
}

export default function ActionsMap({ compact = false }: { compact?: boolean }) {
  const { filters, boundaryId, update } = useFilters()
  const mobile = useIsMobileMap()
  const boundaryQ = useGetBoundaryQuery({ id: boundaryId })
  const boundary = boundaryQ.currentData
  const areasQ = useGetGeojsonQuery({ id: boundaryId })
  const dashboardQ = useGetDashboardQuery(dashboardArgs(boundaryId, filters))
  const isLocal = boundary?.level === 'municipality'
  const markersQ = useGetActionsGeomarkersQuery(isLocal ? actionsGeomarkersArgs(boundaryId) : skipToken)
  const [pin, setPin] = useState<MarkerProperties | null>(null)
  const summary = dashboardQ.currentData?.collectiveAction

  const figures: AreaFigures[] = useMemo(() => {
    const counts = new Map((summary?.containedBoundaryData ?? []).map((a) => [a.boundaryId, a]))
    return (areasQ.currentData?.features ?? []).map((f) => {
      const p = f.properties
      const row = counts.get(p.boundaryId)
      const active = row?.total ?? 0
      return {
        boundaryId: p.boundaryId,
        description: p.description,
        boundaryTypeId: p.boundaryTypeId,
        level: p.level,
        peopleCount: p.peopleCount ?? null,
        total: active,
        rate: null,
        density: active,
        period: null,
        color: legendColour(ACTIONS_SCALE, active),
      }
    })
  }, [areasQ.currentData, summary])
  const markers = useMemo(
    () =>
      (markersQ.currentData?.features ?? []).filter((f) => markerVisible(f.properties, { ...filters, componentId: 4 })),
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
  const totals = new Map((summary?.containedBoundaryData ?? []).map((a) => [a.boundaryId, a.totalCollectiveActions]))
  const table: TableData = {
    title: strings.actions.legendTitle,
    area: areaName,
    period: '',
    source: 'End GBVF 100-Day Challenges (sources per challenge)',
    columns: [
      { label: strings.map.area },
      { label: strings.cards.active, numeric: true },
      { label: strings.actions.challenges, numeric: true },
    ],
    rows: figures.map((f) => ({
      display: [f.description, formatCount(f.total), formatCount(totals.get(f.boundaryId) ?? 0)],
      raw: [f.description, f.total, totals.get(f.boundaryId) ?? 0],
    })),
  }
  const loading = areasQ.isFetching || dashboardQ.isFetching
  const failed = areasQ.isError || dashboardQ.isError || boundaryQ.isError
  const canDrill = currentType <= MAX_DRILL_BOUNDARY_TYPE && !isLocal

  return (
    <div
      className={`crime-map ${compact ? 'crime-map--compact' : ''}`}
      data-testid="actions-map"
      data-boundary-id={boundaryId}
      data-ready={!loading && !!areasQ.currentData && !!dashboardQ.currentData}
      data-pins={markers.length}
    >
      <Card
        title={strings.map.label(areaName)}
        table={table}
        headingLevel={2}
        subtitle={strings.cards.collectiveActionsPerPillar}
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
                />
              </Suspense>
              {loading ? (
                <div className="crime-map__loading">
                  <Spinner />
                </div>
              ) : null}
            </div>
          </MapBoundary>
          <MapLegend scale={ACTIONS_SCALE} title={strings.actions.legendTitle} />
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
                    <span className="area-link__count">{formatCount(f.total)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {isLocal ? (
          markers.length > 0 ? (
            <ul className="area-links__pins" aria-label={strings.actions.pins}>
              {markers.map((m) => (
                <li key={String(m.id)}>
                  <button
                    type="button"
                    className="area-link"
                    data-testid="challenge-pin"
                    data-id={String(m.id)}
                    data-active={m.properties.active}
                    onClick={() => setPin(m.properties)}
                  >
                    <span
                      className="area-link__swatch"
                      style={{ background: m.properties.active ? '#E9622B' : '#BDBDBD' }}
                      aria-hidden="true"
                    />
                    {m.properties.name}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <NoData />
          )
        ) : null}
      </Card>
      {pin?.stakeholder ? (
        <Modal title={pin.name} onClose={() => setPin(null)}>
          <ChallengeCardBody stakeholderId={pin.stakeholder} />
        </Modal>
      ) : null}
    </div>
  )
}
