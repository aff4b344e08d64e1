// The stage every choropleth stands on (crime, building-block and collective-action maps): the
// boundary and its child areas loaded from the filters, the card with its data table, the
// WebGL2/error boundary with the table as fallback, the lazily loaded MapLibre canvas, the loading
// spinner, the legend and the drill-down links. Each map brings only its own figures, pins, legend
// scale and modals.
import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react'
import type { MarkerFeature, MarkerProperties } from '../../api/generated'
import { useGetBoundaryQuery, useGetGeojsonQuery } from '../../api/public-api'
import { Card } from '../../components/card'
import type { TableData } from '../../components/data-table'
import type { SeriesRef } from '../../lib/share'
import { MapBoundary } from '../../components/map-boundary'
import { ErrorMessage, NoData, Spinner } from '../../components/status'
import { MAX_DRILL_BOUNDARY_TYPE } from '../../config/constants'
import { attribution, strings } from '../../config/strings'
import { Credits } from '../../components/credits'
import { publicBoundaryType } from '../../filters/geography'
import { useFilters } from '../../filters/use-filters'
import { useIsMobileMap } from '../../lib/use-media-query'
import type { AreaFigures } from './map-data'

const MapCanvas = lazy(() => import('./map-canvas').then((m) => ({ default: m.MapCanvas })))

type CanvasProps = ComponentProps<typeof MapCanvas>

/**
 * The filters and the area a map shows: the chosen boundary, its child areas (GeoJSON), whether it
 * is a local municipality (pins instead of drill-down) and how to drill into a child area.
 */
export function useMapArea() {
  const { filters, boundaryId, update } = useFilters()
  const mobile = useIsMobileMap()
  const boundaryQ = useGetBoundaryQuery({ id: boundaryId })
  const boundary = boundaryQ.currentData
  const areasQ = useGetGeojsonQuery({ id: boundaryId })
  const isLocal = boundary?.level === 'municipality'
  const currentType = filters.boundaryTypeId ?? (boundary ? publicBoundaryType(boundary) : 1)
  const canDrill = currentType <= MAX_DRILL_BOUNDARY_TYPE && !isLocal

  /** Opens a child area (while the boundary type allows drilling down). */
  const drill = (figures: AreaFigures[], id: number) => {
    if (currentType > MAX_DRILL_BOUNDARY_TYPE || id === boundaryId) return
    const target = figures.find((f) => f.boundaryId === id)
    if (!target) return
    update({
      ...filters,
      boundaryId: id,
      boundaryTypeId: publicBoundaryType({ level: target.level, boundaryTypeId: target.boundaryTypeId }),
    })
  }

  return { filters, boundaryId, mobile, boundaryQ, boundary, areasQ, isLocal, canDrill, drill }
}

/** The drill-down alternative to clicking the map: one button per child area. */
function AreaLinks({
  figures,
  onOpen,
  count,
  markColour,
}: {
  figures: AreaFigures[]
  onOpen: (boundaryId: number) => void
  count: (area: AreaFigures) => ReactNode
  markColour: boolean
}) {
  return (
    <nav className="area-links" aria-label={strings.map.drillHint}>
      <p className="area-links__hint">{strings.map.drillHint}</p>
      <ul>
        {figures.map((f) => (
          <li key={f.boundaryId}>
            <button
              type="button"
              className="area-link"
              onClick={() => onOpen(f.boundaryId)}
              data-boundary-id={f.boundaryId}
              data-colour={markColour ? f.color : undefined}
            >
              <span className="area-link__swatch" style={{ background: f.color }} aria-hidden="true" />
              {f.description}
              <span className="area-link__count">{count(f)}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** One pin of a local municipality's pin list; opens the same modal as the pin on the map. */
export function PinButton({
  testId,
  marker,
  onOpen,
  active,
  children,
}: {
  testId: string
  marker: MarkerFeature
  onOpen: (pin: MarkerProperties) => void
  /** Whether the pin's collective action is active (`data-active`). */
  active?: boolean
  children: ReactNode
}) {
  return (
    <button
      type="button"
      className="area-link"
      data-testid={testId}
      data-id={String(marker.id)}
      data-active={active}
      onClick={() => onOpen(marker.properties)}
    >
      {children}
    </button>
  )
}

/** The answer a map's figures come from (crime statistics or the dashboard), as RTK Query gives it. */
interface FiguresQuery {
  isError: boolean
  isFetching: boolean
  currentData?: unknown
}

/**
 * One map in its card: the canvas (or the table fallback), the legend, the drill-down links, and
 * the map's own notes, pin lists and modals around them. Loading, failure and readiness come from
 * the area's GeoJSON together with the map's own figures query.
 */
export function MapStage({
  area,
  figuresQuery,
  testId,
  compact,
  title,
  subtitle,
  table,
  figures,
  markers,
  onMarkerClick,
  tooltip,
  credits,
  legend,
  controls,
  areaCount,
  markAreaColour = false,
  note,
  localPins,
  children,
  modals,
  series,
}: {
  area: ReturnType<typeof useMapArea>
  figuresQuery: FiguresQuery
  /** The map's test id (`crime-map`, `bb-map`, `actions-map`). */
  testId: string
  compact: boolean
  /** The card's title, also the map's accessible name. */
  title: string
  subtitle?: string
  table: TableData
  /** What an area's drill-down link shows after its name. */
  areaCount: (area: AreaFigures) => ReactNode
  /** Mark each drill-down link with its area's colour (`data-colour`). */
  markAreaColour?: boolean
  legend: ReactNode
  /** Shown above the map (the map's own choices). */
  controls?: ReactNode
  /** Shown between the map and the drill-down links. */
  note?: ReactNode
  /** The pin list of a local municipality (shown only there, "No data" when it has no pins);
   * a map with a pin list also states its number of pins (`data-pins`). */
  localPins?: ReactNode
  /** Shown after the drill-down links (notes). */
  children?: ReactNode
  /** Shown after the card (the pin and count modals). */
  modals?: ReactNode
  /** What the map's figures are part of (the full series a shared view links). */
  series?: SeriesRef | null
} & Pick<CanvasProps, 'figures' | 'markers' | 'onMarkerClick' | 'tooltip' | 'credits'>) {
  const { boundaryId, boundaryQ, areasQ, mobile, canDrill, drill, isLocal } = area
  const loading = areasQ.isFetching || figuresQuery.isFetching
  const failed = areasQ.isError || figuresQuery.isError || boundaryQ.isError
  const ready = !loading && !!areasQ.currentData && !!figuresQuery.currentData
  const open = (id: number) => drill(figures, id)
  return (
    <div
      className={`crime-map ${compact ? 'crime-map--compact' : ''}`}
      data-testid={testId}
      data-boundary-id={boundaryId}
      data-ready={ready}
      data-pins={localPins !== undefined ? markers.length : undefined}
    >
      <Card title={title} table={table} headingLevel={2} subtitle={subtitle} series={series}>
        {failed ? <ErrorMessage message={strings.messages.mapFailure} /> : null}
        {controls}
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
                  label={title}
                  onAreaClick={open}
                  onMarkerClick={onMarkerClick}
                  tooltip={tooltip}
                  credits={credits}
                />
              </Suspense>
              {loading ? (
                <div className="crime-map__loading">
                  <Spinner />
                </div>
              ) : null}
            </div>
          </MapBoundary>
          {legend}
        </div>
        {note}
        {canDrill && figures.length > 0 ? (
          <AreaLinks figures={figures} onOpen={open} count={areaCount} markColour={markAreaColour} />
        ) : null}
        {isLocal && localPins !== undefined ? markers.length > 0 ? localPins : <NoData /> : null}
        {children}
      </Card>
      {modals}
      <Credits lines={credits ?? attribution} />
    </div>
  )
}
