// One grid card: an area's distribution (sortable), move to top/bottom/up/down, drag handle on
// desktop, expand to a full-width card with the data table.
import { useId, useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import { crimeStatsArgs, dashboardArgs, useGetCrimeStatsQuery, useGetDashboardQuery } from '../../api/public-api'
import { useFilters } from '../../filters/use-filters'
import { DataActions } from '../../components/card'
import type { TableData } from '../../components/data-table'
import {
  ArrowDownIcon,
  ArrowUpIcon,
  CollapseIcon,
  DragIcon,
  ExpandIcon,
  SortIcon,
  ToBottomIcon,
  ToTopIcon,
} from '../../components/icons'
import { NoData, Spinner, ErrorMessage } from '../../components/status'
import { ComponentId } from '../../config/constants'
import { strings } from '../../config/strings'
import { crimeSource } from '../../lib/crime'
import { componentCredits } from '../../lib/credits'
import { formatCount, formatPercentage } from '../../lib/format'
import { describeAvailability } from '../../lib/availability'
import { pillarSlices, reachSlices } from '../../lib/component-models'
import { sortDistribution, toggleDirection, type DistributionEntry, type SortDirection } from './grid-model'

export interface GridCardProps {
  boundaryId: number
  name: string
  componentId: number
  crimeOptions: string[]
  index: number
  count: number
  draggable: boolean
  onMove: (boundaryId: number, action: 'top' | 'bottom' | 'up' | 'down') => void
  onDragStart: (boundaryId: number) => void
  onDropOn: (boundaryId: number) => void
}

function useDistribution(componentId: number, boundaryId: number, crimeOptions: string[]) {
  const isCrime = componentId === ComponentId.Crime
  const { filters } = useFilters()
  const crime = useGetCrimeStatsQuery(isCrime ? crimeStatsArgs(boundaryId, crimeOptions, filters.asOf) : skipToken)
  const dashboard = useGetDashboardQuery(isCrime ? skipToken : dashboardArgs(boundaryId, filters))
  let items: DistributionEntry[] = []
  let period = ''
  let source = ''
  let total: number | null = null
  let percentLabel: string = strings.summary.percentage
  if (isCrime && crime.currentData) {
    items = crime.currentData.distribution.map((d) => ({
      id: d.crimeTypeId,
      label: d.description,
      value: d.value,
      percentage: d.percentage,
    }))
    period = crime.currentData.period ?? ''
    source = crimeSource(crime.currentData)
    total = crime.currentData.total
  } else if (!isCrime && dashboard.currentData) {
    const d = dashboard.currentData
    source = componentCredits(componentId, d.healthCheck?.example === true).join('; ')
    if (componentId === ComponentId.BuildingBlock) {
      percentLabel = strings.cards.availability
      // A category whose providers are not yet verified sorts below every figure.
      items = d.buildingBlock.buildingBlockCategoryStats.map((c) => ({
        id: String(c.buildingBlockCategoryId),
        label: c.description,
        value: c.availability == null ? -1 : c.availability * 100,
        percentage: c.availability == null ? null : c.availability * 100,
        text: describeAvailability(c.availability, c.providerCount),
      }))
      period = d.buildingBlock.lastQuarter ?? ''
    } else if (componentId === ComponentId.HealthCheck) {
      items = reachSlices(d.healthCheck).map((s) => ({
        id: s.id,
        label: s.label,
        value: s.value,
        percentage: s.percentage,
      }))
    } else if (componentId === ComponentId.CollectiveAction) {
      items = pillarSlices(d.collectiveAction).map((s) => ({
        id: s.id,
        label: s.label,
        value: s.value,
        percentage: s.percentage,
      }))
    }
  }
  const q = isCrime ? crime : dashboard
  const level = (isCrime ? crime.currentData?.boundary : dashboard.currentData?.boundary)?.level ?? null
  return {
    items,
    period,
    source,
    total,
    percentLabel,
    level,
    isLoading: q.isFetching && !q.currentData,
    isError: q.isError,
  }
}

/** The data table's first column: what its rows are, per component. */
function firstColumn(componentId: number): string {
  switch (componentId) {
    case ComponentId.BuildingBlock:
      return strings.cards.category
    case ComponentId.HealthCheck:
      return strings.grid.reachColumn
    case ComponentId.CollectiveAction:
      return strings.grid.pillarColumn
    default:
      return strings.summary.crimeType
  }
}

function gridTitle(componentId: number): string {
  switch (componentId) {
    case ComponentId.BuildingBlock:
      return strings.cards.availability
    case ComponentId.HealthCheck:
      return strings.cards.reach
    case ComponentId.CollectiveAction:
      return strings.cards.collectiveActionsPerPillar
    default:
      return strings.cards.crimeBreakdown
  }
}

export function GridCard(props: GridCardProps) {
  const { boundaryId, name, componentId, crimeOptions, index, count, draggable, onMove, onDragStart, onDropOn } = props
  const [direction, setDirection] = useState<SortDirection>('desc')
  const [expanded, setExpanded] = useState(false)
  const [dragOver, setDragOver] = useState(false)
  const headingId = useId()
  const data = useDistribution(componentId, boundaryId, crimeOptions)
  const sorted = sortDistribution(data.items, direction)
  const shown = expanded ? sorted : sorted.slice(0, 5)
  const max = Math.max(1, ...sorted.map((i) => i.value))
  const isAvailability = componentId === ComponentId.BuildingBlock

  const table: TableData = {
    title: gridTitle(componentId),
    area: name,
    period: data.period,
    source: data.source,
    // Availability is one figure per category (or 'Not yet verified'); the others are counts with
    // their share.
    columns: isAvailability
      ? [{ label: firstColumn(componentId) }, { label: strings.cards.availability, numeric: true }]
      : [
          { label: firstColumn(componentId) },
          { label: strings.summary.count, numeric: true },
          { label: data.percentLabel, numeric: true },
        ],
    rows: sorted.map((i) =>
      isAvailability
        ? {
            display: [i.label, i.text ?? '–'],
            raw: [i.label, i.percentage == null ? (i.text ?? null) : i.percentage.toFixed(2)],
          }
        : {
            display: [i.label, formatCount(i.value), formatPercentage(i.percentage)],
            raw: [i.label, i.value, i.percentage?.toFixed(2)],
          },
    ),
  }

  return (
    <li
      className={`grid-card ${expanded ? 'grid-card--expanded' : ''} ${dragOver ? 'grid-card--drag-over' : ''}`}
      data-boundary-id={boundaryId}
      aria-labelledby={headingId}
      onDragOver={
        draggable
          ? (e) => {
              e.preventDefault()
              setDragOver(true)
            }
          : undefined
      }
      onDragLeave={draggable ? () => setDragOver(false) : undefined}
      onDrop={
        draggable
          ? (e) => {
              e.preventDefault()
              setDragOver(false)
              onDropOn(boundaryId)
            }
          : undefined
      }
    >
      <div className="grid-card__toolbar">
        {draggable ? (
          <span
            className="drag-handle"
            draggable
            aria-hidden="true"
            title={strings.grid.dragHandle(name)}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move'
              e.dataTransfer.setData('text/plain', String(boundaryId))
              onDragStart(boundaryId)
            }}
          >
            <DragIcon size={18} />
          </span>
        ) : null}
        <h2 className="grid-card__title" id={headingId}>
          {name}
        </h2>
        <div className="grid-card__buttons">
          <button
            type="button"
            className="icon-button"
            onClick={() => setDirection(toggleDirection)}
            data-action="sort"
            aria-label={`${strings.grid.sort}: ${direction === 'desc' ? strings.grid.highestToLowest : strings.grid.lowestToHighest}`}
            title={direction === 'desc' ? strings.grid.highestToLowest : strings.grid.lowestToHighest}
          >
            <SortIcon size={18} />
          </button>
          <button
            type="button"
            className="icon-button"
            disabled={index === 0}
            onClick={() => onMove(boundaryId, 'up')}
            aria-label={`${strings.grid.moveUp}: ${name}`}
            title={strings.grid.moveUp}
          >
            <ArrowUpIcon size={18} />
          </button>
          <button
            type="button"
            className="icon-button"
            disabled={index === count - 1}
            onClick={() => onMove(boundaryId, 'down')}
            aria-label={`${strings.grid.moveDown}: ${name}`}
            title={strings.grid.moveDown}
          >
            <ArrowDownIcon size={18} />
          </button>
          <button
            type="button"
            className="icon-button"
            disabled={index === 0}
            onClick={() => onMove(boundaryId, 'top')}
            aria-label={`${strings.grid.moveToTop}: ${name}`}
            title={strings.grid.moveToTop}
            data-action="top"
          >
            <ToTopIcon size={18} />
          </button>
          <button
            type="button"
            className="icon-button"
            disabled={index === count - 1}
            onClick={() => onMove(boundaryId, 'bottom')}
            aria-label={`${strings.grid.moveToBottom}: ${name}`}
            title={strings.grid.moveToBottom}
            data-action="bottom"
          >
            <ToBottomIcon size={18} />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-expanded={expanded}
            onClick={() => setExpanded((v) => !v)}
            aria-label={`${expanded ? strings.grid.collapse : strings.grid.expand}: ${name}`}
            title={expanded ? strings.grid.collapse : strings.grid.expand}
            data-action="expand"
          >
            {expanded ? <CollapseIcon size={18} /> : <ExpandIcon size={18} />}
          </button>
        </div>
      </div>
      <div className="grid-card__body">
        {data.total != null ? (
          <p className="grid-card__total">
            {strings.summary.total}: <strong>{formatCount(data.total)}</strong>
            {data.period ? ` (${data.period})` : ''}
          </p>
        ) : null}
        {data.isLoading ? (
          <Spinner />
        ) : data.isError ? (
          <ErrorMessage />
        ) : shown.length === 0 ? (
          <NoData />
        ) : (
          <ul
            className="bar-list"
            aria-label={`${name}: ${direction === 'desc' ? strings.grid.highestToLowest : strings.grid.lowestToHighest}`}
          >
            {shown.map((item) => (
              <li key={item.id} className="bar-list__item">
                <span className="bar-list__label">{item.label}</span>
                <span className="bar-list__value">
                  {isAvailability ? item.text : formatCount(item.value)}
                  {!isAvailability && item.percentage != null ? (
                    <span className="bar-list__pct"> ({formatPercentage(item.percentage)})</span>
                  ) : null}
                </span>
                <span className="bar-list__bar" aria-hidden="true">
                  <span style={{ width: `${(Math.max(0, item.value) / max) * 100}%` }} />
                </span>
              </li>
            ))}
          </ul>
        )}
        {expanded ? <DataActions table={table} series={{ componentId, level: data.level }} /> : null}
      </div>
    </li>
  )
}
