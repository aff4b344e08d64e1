// Grid view: one card per area inside the selected boundary. Cards can be moved to the top or
// bottom, up or down (keyboard), dragged on desktop, and expanded. The order is kept per boundary.
import { useMemo, useRef } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import {
  crimeStatsArgs,
  dashboardArgs,
  useGetComponentsQuery,
  useGetCrimeStatsQuery,
  useGetDashboardQuery,
} from '../../api/public-api'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { selectGridOrder, setGridOrder } from '../../app/ui-slice'
import { Boundary } from '../../components/boundary'
import { ErrorMessage, NoData, Spinner } from '../../components/status'
import { ComponentId } from '../../config/constants'
import { strings } from '../../config/strings'
import { crimeOptionsFrom } from '../../lib/crime'
import { useIsMobileDashboard } from '../../lib/use-media-query'
import { categoryState, chooseCategory } from '../../filters/selection'
import { useFilters } from '../../filters/use-filters'
import { GridCard } from './grid-card'
import { Credits } from '../../components/credits'
import { componentCredits } from '../../lib/credits'
import { moveBy, moveTo, moveToBottom, moveToTop, reconcileOrder } from './grid-model'
import { areaName as nameOf } from '../../lib/area-name'
import { noCrimeFiguresMessage, TodayFiguresNote } from '../../components/as-of-notice'

export default function GridView() {
  const { filters, boundaryId, update } = useFilters()
  const mobile = useIsMobileDashboard()
  const dispatch = useAppDispatch()
  const components = useGetComponentsQuery()
  const crimeOptions = crimeOptionsFrom(filters)
  // The children of the selected boundary come with its crime figures.
  const stats = useGetCrimeStatsQuery(crimeStatsArgs(boundaryId, crimeOptions, filters.asOf))
  const key = String(boundaryId)
  const saved = useAppSelector((state) => selectGridOrder(state, key))
  const dragged = useRef<number | null>(null)

  const children = useMemo(
    () =>
      [...(stats.currentData?.containedBoundaryData ?? [])].sort((a, b) => a.description.localeCompare(b.description)),
    [stats.currentData],
  )
  const order = reconcileOrder(
    saved,
    children.map((c) => c.boundaryId),
  )
  const byId = new Map(children.map((c) => [c.boundaryId, c]))
  const componentId = filters.componentId ?? ComponentId.Crime
  const areaName = nameOf(stats.currentData?.boundary)
  // Whether the health-check figures include example data (the footer says so).
  const dashboard = useGetDashboardQuery(
    componentId === ComponentId.HealthCheck ? dashboardArgs(boundaryId, filters) : skipToken,
  )
  const example = dashboard.currentData?.healthCheck?.example === true

  // Mobile with no category chosen: category cards first.
  if (mobile && filters.componentId == null) {
    const list = [...(components.data ?? [])].sort((a, b) => a.seq - b.seq)
    return (
      <div className="grid-view">
        <h1 className="grid-view__title">{strings.grid.chooseCategory}</h1>
        <ul className="category-cards">
          {list.map((c) => (
            <li key={c.componentId}>
              <button
                type="button"
                className={`category-card category-card--${categoryState(filters, c.componentId)}`}
                onClick={() => update(chooseCategory(filters, c.componentId))}
              >
                <strong>{c.name}</strong>
                {c.description ? <span>{c.description}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      </div>
    )
  }

  const save = (next: number[]) => dispatch(setGridOrder({ key, order: next }))
  const onMove = (id: number, action: 'top' | 'bottom' | 'up' | 'down') => {
    if (action === 'top') save(moveToTop(order, id))
    else if (action === 'bottom') save(moveToBottom(order, id))
    else save(moveBy(order, id, action === 'up' ? -1 : 1))
  }
  const onDropOn = (targetId: number) => {
    const source = dragged.current
    dragged.current = null
    if (source == null || source === targetId) return
    save(moveTo(order, source, order.indexOf(targetId)))
  }

  const component = components.data?.find((c) => c.componentId === componentId)
  return (
    <div className="grid-view">
      <Credits lines={componentCredits(componentId, example)} />
      <div className="grid-view__header">
        <h1 className="grid-view__title">
          {component?.name ?? ''}
          {areaName ? ` – ${areaName}` : ''}
        </h1>
      </div>
      <TodayFiguresNote componentId={componentId} />
      {componentId === ComponentId.Crime && filters.asOf && stats.currentData && stats.currentData.total == null ? (
        <NoData message={noCrimeFiguresMessage(filters.asOf)} />
      ) : null}
      {stats.isFetching && !stats.currentData ? (
        <Spinner />
      ) : stats.isError ? (
        <ErrorMessage />
      ) : order.length === 0 ? (
        <NoData />
      ) : (
        <ol className="grid-cards" aria-label={strings.grid.cardsLabel}>
          {order.map((id, index) => {
            const child = byId.get(id)
            if (!child) return null
            // Each card behind its own boundary: a failing card keeps its place and says so.
            return (
              <Boundary
                key={id}
                resetKeys={[filters]}
                fallback={
                  <li className="grid-card" data-boundary-id={id} data-testid="card-error">
                    <div className="grid-card__toolbar">
                      <h2 className="grid-card__title">{child.description}</h2>
                    </div>
                    <div className="grid-card__body">
                      <ErrorMessage />
                    </div>
                  </li>
                }
              >
                <GridCard
                  boundaryId={id}
                  name={child.description}
                  componentId={componentId}
                  crimeOptions={crimeOptions}
                  index={index}
                  count={order.length}
                  draggable={!mobile}
                  onMove={onMove}
                  onDragStart={(source) => {
                    dragged.current = source
                  }}
                  onDropOn={onDropOn}
                />
              </Boundary>
            )
          })}
        </ol>
      )}
    </div>
  )
}
