// The collective-action map (component 4): areas coloured by their number of active
// collective actions on the spec's orange scale (0 Active grey, 1 light orange, 2 or more
// orange), drill-down while the boundary type is 3 or below, collective-action pins at local level
// (from actionsGeomarker, filtered by 'pillarId-typeId'), and a pin opens the collective-action
// card with the active and completed collective actions as collapsible lists, each with its
// source link.
import { useMemo, useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import {
  actionsGeomarkersArgs,
  useGetActionsByBoundaryQuery,
  useGetActionsGeomarkersQuery,
  useGetCollectiveActionCardQuery,
} from '../../api/collective-action-api'
import { dashboardArgs, useGetDashboardQuery } from '../../api/public-api'
import type { CollectiveAction, MarkerFeature, MarkerProperties } from '../../api/generated'
import type { TableData } from '../../components/data-table'
import { Modal } from '../../components/modal'
import { ErrorMessage, NoData, Spinner } from '../../components/status'
import { ComponentId } from '../../config/constants'
import { collectiveActionAttribution, strings } from '../../config/strings'
import { formatCount } from '../../lib/format'
import { legendColour } from '../../lib/legend'
import { MapLegend } from './map-legend'
import { ACTIONS_SCALE, ALL_ACTIONS_SCALE, markerVisible, type AreaFigures } from './map-data'
import { MapStage, PinButton, useMapArea } from './map-stage'
import { areaName as nameOf } from '../../lib/area-name'

function CollectiveActionItem({ action }: { action: CollectiveAction }) {
  const dates = action.validFrom
    ? `${action.validFrom} – ${action.validTo ?? action.completedOn ?? ''}`
    : strings.actions.datesNotStated
  return (
    <li className="collective-action" data-testid="collective-action-item" data-id={action.collectiveActionId}>
      <h4 className="collective-action__name">{action.name}</h4>
      <dl className="collective-action__facts">
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
                <a key={url} href={url} target="_blank" rel="noopener noreferrer" className="collective-action__source">
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

/** The collective-action card of a pin: the active and completed ones as collapsible lists. */
export function CollectiveActionCardBody({ stakeholderId }: { stakeholderId: string }) {
  const q = useGetCollectiveActionCardQuery({ stakeholderId: Number(stakeholderId) })
  if (q.isLoading) return <Spinner />
  if (q.isError || !q.data) return <ErrorMessage />
  const { activeCollectiveActions: active, inactiveCollectiveActions: past } = q.data
  return (
    <div className="collective-action-card" data-testid="collective-action-card">
      <details open data-testid="collective-actions-active">
        <summary>
          {strings.actions.activeChallenges} ({formatCount(active.length)})
        </summary>
        {active.length === 0 ? (
          <NoData message={strings.messages.noActiveChallenges} />
        ) : (
          <ul className="collective-action-list">
            {active.map((a) => (
              <CollectiveActionItem key={a.collectiveActionId} action={a} />
            ))}
          </ul>
        )}
      </details>
      <details open={active.length === 0} data-testid="collective-actions-completed">
        <summary>
          {strings.actions.completedChallenges} ({formatCount(past.length)})
        </summary>
        {past.length === 0 ? (
          <NoData message={strings.messages.noInactiveChallenges} />
        ) : (
          <ul className="collective-action-list">
            {past.map((a) => (
              <CollectiveActionItem key={a.collectiveActionId} action={a} />
            ))}
          </ul>
        )}
      </details>
    </div>
  )
}

/** What the map counts: the specification's active collective actions, or every collective action. */
type Mode = 'active' | 'all'

/** The reader's choice between the active collective actions (the spec's bands) and all of them. */
function ModeSwitch({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const t = strings.actions
  return (
    <fieldset className="map-mode" data-testid="actions-mode">
      <legend>{t.show}</legend>
      {(
        [
          ['active', t.showActive],
          ['all', t.showAll],
        ] as const
      ).map(([value, label]) => (
        <label key={value} className="map-mode__option">
          <input
            type="radio"
            name="actions-mode"
            value={value}
            checked={mode === value}
            onChange={() => onChange(value)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  )
}

/**
 * With all collective actions shown: those placed in a municipality or district as pin buttons
 * (the same as the pins on the map), and those named only by province or nationally as a list.
 */
function AllCollectiveActionsLists({
  boundaryId,
  markers,
  onOpen,
}: {
  boundaryId: number
  markers: MarkerFeature[]
  onOpen: (pin: MarkerProperties) => void
}) {
  const t = strings.actions
  const listQ = useGetActionsByBoundaryQuery({ boundaryId })
  const unplaced = (listQ.currentData ?? []).filter((a) => a.boundaryId == null)
  return (
    <div className="actions-lists">
      <details data-testid="placed-collective-actions">
        <summary>{t.placedPins(formatCount(markers.length))}</summary>
        <ul className="area-links__pins">
          {markers.map((m) => (
            <li key={String(m.id)}>
              <PinButton testId="collective-action-pin" marker={m} onOpen={onOpen} active={m.properties.active}>
                <span
                  className="area-link__swatch"
                  style={{ background: m.properties.active ? '#E9622B' : '#BDBDBD' }}
                  aria-hidden="true"
                />
                {m.properties.name}
                <span className="area-link__count">
                  {m.properties.localMunicipalityName ?? ''} · {m.properties.active ? t.activeState : t.completedState}
                </span>
              </PinButton>
            </li>
          ))}
        </ul>
      </details>
      {listQ.isError ? (
        <ErrorMessage />
      ) : unplaced.length > 0 ? (
        <details data-testid="unplaced-collective-actions">
          <summary>{t.unplaced(formatCount(unplaced.length))}</summary>
          <p className="crime-map__note">{t.unplacedNote}</p>
          <ul className="collective-action-list">
            {unplaced.map((a) => (
              <CollectiveActionItem key={a.collectiveActionId} action={a} />
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  )
}

export default function ActionsMap({ compact = false }: { compact?: boolean }) {
  const area = useMapArea()
  const { filters, boundaryId, boundary, areasQ, isLocal } = area
  const [mode, setMode] = useState<Mode>('active')
  const all = mode === 'all'
  const dashboardQ = useGetDashboardQuery(dashboardArgs(boundaryId, filters))
  // Pins at local level, and everywhere once all collective actions are shown.
  const markersQ = useGetActionsGeomarkersQuery(isLocal || all ? actionsGeomarkersArgs(boundaryId) : skipToken)
  const [pin, setPin] = useState<MarkerProperties | null>(null)
  const summary = dashboardQ.currentData?.collectiveAction
  const scale = all ? ALL_ACTIONS_SCALE : ACTIONS_SCALE

  const figures: AreaFigures[] = useMemo(() => {
    const counts = new Map((summary?.containedBoundaryData ?? []).map((a) => [a.boundaryId, a]))
    return (areasQ.currentData?.features ?? []).map((f) => {
      const p = f.properties
      const row = counts.get(p.boundaryId)
      const active = (all ? row?.totalCollectiveActions : row?.total) ?? 0
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
        color: legendColour(scale, active),
      }
    })
  }, [areasQ.currentData, summary, all, scale])
  const markers = useMemo(
    () =>
      isLocal || all
        ? (markersQ.currentData?.features ?? []).filter((f) =>
            markerVisible(f.properties, { ...filters, componentId: 4 }),
          )
        : [],
    [markersQ.currentData, filters, isLocal, all],
  )

  const areaName = nameOf(boundary ?? dashboardQ.currentData?.boundary)
  const totals = new Map((summary?.containedBoundaryData ?? []).map((a) => [a.boundaryId, a.totalCollectiveActions]))
  const table: TableData = {
    title: all ? strings.actions.allLegendTitle : strings.actions.legendTitle,
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

  return (
    <MapStage
      testId="actions-map"
      series={{ componentId: ComponentId.CollectiveAction }}
      area={area}
      figuresQuery={dashboardQ}
      compact={compact}
      title={strings.map.label(areaName)}
      subtitle={strings.cards.collectiveActionsPerPillar}
      table={table}
      figures={figures}
      markers={markers}
      onMarkerClick={setPin}
      credits={collectiveActionAttribution}
      legend={<MapLegend scale={scale} title={all ? strings.actions.allLegendTitle : strings.actions.legendTitle} />}
      controls={compact ? undefined : <ModeSwitch mode={mode} onChange={setMode} />}
      areaCount={(f) => formatCount(f.total)}
      markAreaColour
      modals={
        pin?.stakeholder ? (
          <Modal title={pin.name} onClose={() => setPin(null)}>
            <CollectiveActionCardBody stakeholderId={pin.stakeholder} />
          </Modal>
        ) : null
      }
      children={
        all && !isLocal ? (
          <AllCollectiveActionsLists boundaryId={boundaryId} markers={markers} onOpen={setPin} />
        ) : undefined
      }
      localPins={
        <ul className="area-links__pins" aria-label={strings.actions.pins}>
          {markers.map((m) => (
            <li key={String(m.id)}>
              <PinButton testId="collective-action-pin" marker={m} onOpen={setPin} active={m.properties.active}>
                <span
                  className="area-link__swatch"
                  style={{ background: m.properties.active ? '#E9622B' : '#BDBDBD' }}
                  aria-hidden="true"
                />
                {m.properties.name}
              </PinButton>
            </li>
          ))}
        </ul>
      }
    />
  )
}
