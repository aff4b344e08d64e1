// The MapLibre map itself: blank style, our own polygons coloured per area, a count label per
// area, station pins, throttled hover tooltips. No outside requests (no tiles, no glyphs).
import { useEffect, useRef } from 'react'
import {
  Map as MapLibreMap,
  Marker,
  NavigationControl,
  Popup,
  setWorkerUrl,
  type MapLayerMouseEvent,
} from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url'
import 'maplibre-gl/dist/maplibre-gl.css'
import type { AreaCollection, MarkerCollection, MarkerProperties } from '../../api/generated'
import { MAP_HOVER_THROTTLE_MS, MARKER_HEIGHT, MARKER_WIDTH } from '../../config/constants'
import { attribution, strings } from '../../config/strings'
import { formatCount, formatRate } from '../../lib/format'
import { throttle } from '../../lib/throttle'
import { areaSize, boundsOf, labelPoint } from './geometry'
import { NO_DATA_COLOUR, type AreaFigures } from './map-data'
import { spreadOffsets } from './pin-spread'
import {
  CLUSTER_MAX_ZOOM,
  clusterWidth,
  foldTouching,
  pinIndex,
  pinsAt,
  type DrawnPin,
  type PinIndex,
  type ScreenBox,
} from './pin-clusters'
import { escapeHtml } from '../../lib/escape-html'

const NOT_VERIFIED_PATTERN = 'not-verified-hatch'
const NO_DATA_PATTERN = 'no-data-dots'

/** Dark grey dots on the no-data grey: an area without a figure differs by pattern from the
 * palest class of a scale (the legend's dotted swatch). */
function dotImage(): { width: number; height: number; data: Uint8Array } {
  const size = 6
  const data = new Uint8Array(size * size * 4)
  for (const [x, y] of [
    [1, 1],
    [2, 1],
    [1, 2],
    [2, 2],
  ]) {
    data.set([80, 80, 80, 230], (y * size + x) * 4)
  }
  return { width: size, height: size, data }
}

/** An 8×8 transparent tile with one diagonal stroke: repeated, the hatch of 'Not yet verified'. */
function hatchImage(): { width: number; height: number; data: Uint8Array } {
  const size = 8
  const data = new Uint8Array(size * size * 4)
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if ((x + y) % size === 0 || (x + y + 1) % size === 0) {
        const i = (y * size + x) * 4
        data.set([138, 118, 64, 200], i)
      }
    }
  }
  return { width: size, height: size, data }
}

setWorkerUrl(workerUrl)

const BLANK_STYLE = {
  version: 8 as const,
  sources: {},
  layers: [{ id: 'background', type: 'background' as const, paint: { 'background-color': '#eef2f7' } }],
}

const SOUTH_AFRICA: [[number, number], [number, number]] = [
  [16.3, -35.0],
  [33.0, -22.1],
]

function pinElement(props: MarkerProperties, onOpen: (p: MarkerProperties) => void): HTMLElement {
  const button = document.createElement('button')
  button.type = 'button'
  button.className = 'station-pin'
  button.style.width = `${MARKER_WIDTH}px`
  button.style.height = `${MARKER_HEIGHT}px`
  // A building-block pin names its building block; a crime pin is a police station.
  button.setAttribute('aria-label', `${props.buildingBlock ?? strings.map.station}: ${props.name}`)
  if (props.buildingBlockCategoryId != null) button.dataset.category = String(props.buildingBlockCategoryId)
  button.title = props.name
  button.innerHTML =
    `<svg width="${MARKER_WIDTH}" height="${MARKER_HEIGHT}" viewBox="0 0 25 41" aria-hidden="true" focusable="false">` +
    '<path d="M12.5 0C5.6 0 0 5.6 0 12.5 0 21.9 12.5 41 12.5 41S25 21.9 25 12.5C25 5.6 19.4 0 12.5 0z" fill="#2E539D" stroke="#fff" stroke-width="1.5"/>' +
    '<circle cx="12.5" cy="12.5" r="5" fill="#fff"/></svg>'
  button.addEventListener('click', (event) => {
    event.stopPropagation()
    onOpen(props)
  })
  return button
}

/** A cluster of `count` pins, the first of them `names`: a round button with the count that
 * zooms in to it, named by its places. */
function clusterElement(count: number, names: string[], onExpand: () => void): HTMLElement {
  const button = document.createElement('button')
  button.type = 'button'
  button.className = 'pin-cluster'
  button.dataset.count = String(count)
  button.textContent = formatCount(count)
  const more = count - names.length
  const listed = more > 0 ? [...names, strings.map.clusterMore(formatCount(more))] : names
  const label = strings.map.cluster(formatCount(count), listed.join(', '))
  button.setAttribute('aria-label', label)
  button.title = label
  button.addEventListener('click', (event) => {
    event.stopPropagation()
    onExpand()
  })
  return button
}

/** Where `drawn` stands on `map`'s screen: a pin above its point (anchor bottom), a cluster
 * centred on it. */
function screenBox(map: MapLibreMap, drawn: DrawnPin): ScreenBox {
  const p = map.project(drawn.at)
  if (drawn.kind === 'pin')
    return { x: p.x - MARKER_WIDTH / 2, y: p.y - MARKER_HEIGHT, width: MARKER_WIDTH, height: MARKER_HEIGHT }
  const width = clusterWidth(drawn.count)
  return { x: p.x - width / 2, y: p.y - 17, width, height: 34 }
}

/** Spreads the pins that would cover one another at the map's current zoom ([`spreadOffsets`],
 * a pin's height apart, so that no pin's tail covers another's head): each stays visible and
 * clickable. Run after the pins change and after every zoom. */
function spreadPins(map: MapLibreMap, pins: readonly Marker[]): void {
  const offsets = spreadOffsets(
    pins.map((m) => map.project(m.getLngLat())),
    MARKER_HEIGHT + 1,
  )
  pins.forEach((m, i) => m.setOffset(offsets[i]))
}

function tooltipHtml(area: AreaFigures | undefined, name: string): string {
  const title = `<strong>${escapeHtml(name)}</strong>`
  if (!area || area.total == null) return `${title}<br>${strings.map.noData}`
  return (
    `${title}<br>${strings.summary.total}: ${formatCount(area.total)}` +
    (area.rate != null ? `<br>${strings.summary.rate}: ${formatRate(area.rate)}` : '') +
    (area.period ? `<br>${escapeHtml(area.period)}` : '')
  )
}

/**
 * Labels are placed largest area first; a label that would overlap one already shown drops its
 * name and keeps its count, and hides entirely if even the count would overlap.
 */
export function declutterLabels(elements: HTMLElement[]): void {
  const shown: DOMRect[] = []
  const overlaps = (r: DOMRect) =>
    shown.some((o) => r.left < o.right && r.right > o.left && r.top < o.bottom && r.bottom > o.top)
  for (const el of elements) el.classList.remove('area-label--compact', 'area-label--hidden')
  for (const el of elements) {
    let rect = el.getBoundingClientRect()
    if (overlaps(rect)) {
      el.classList.add('area-label--compact')
      rect = el.getBoundingClientRect()
      if (overlaps(rect)) {
        el.classList.add('area-label--hidden')
        continue
      }
    }
    shown.push(rect)
  }
}

export function MapCanvas({
  areas,
  figures,
  markers,
  mobile,
  interactive = true,
  label,
  onAreaClick,
  onMarkerClick,
  onReady,
  tooltip = tooltipHtml,
  credits = attribution,
}: {
  areas: AreaCollection | undefined
  figures: AreaFigures[]
  markers: MarkerCollection['features']
  mobile: boolean
  interactive?: boolean
  label: string
  onAreaClick: (boundaryId: number) => void
  onMarkerClick: (props: MarkerProperties) => void
  onReady?: () => void
  /** The hover text of an area (HTML; escape names with `escapeHtml`). */
  tooltip?: (area: AreaFigures | undefined, name: string) => string
  /** The map's attribution lines (read once, when the map is created). */
  credits?: readonly string[]
}) {
  const container = useRef<HTMLDivElement>(null)
  const mapRef = useRef<MapLibreMap | null>(null)
  const loaded = useRef(false)
  const figuresRef = useRef(figures)
  figuresRef.current = figures
  const clickRef = useRef(onAreaClick)
  clickRef.current = onAreaClick
  const tooltipRef = useRef(tooltip)
  tooltipRef.current = tooltip
  const markerClickRef = useRef(onMarkerClick)
  markerClickRef.current = onMarkerClick
  const htmlMarkers = useRef<Marker[]>([])
  const pins = useRef<PinIndex | null>(null)
  // Draws the pins and clusters for the map's current zoom (pin-clusters.ts), then spreads the
  // pins that are still close (pin-spread.ts). Run after the pins change and after every zoom.
  const drawPins = useRef(() => {})
  drawPins.current = () => {
    const map = mapRef.current
    const index = pins.current
    if (!map) return
    htmlMarkers.current.forEach((m) => m.remove())
    htmlMarkers.current = []
    if (!index) return
    const zoom = map.getZoom()
    let toDraw = pinsAt(index, zoom)
    // Below the closest zoom, what would still touch on screen is folded into one cluster.
    if (zoom < CLUSTER_MAX_ZOOM) {
      for (let pass = 0; pass < 5; pass++) {
        const folded = foldTouching(
          toDraw,
          toDraw.map((d) => screenBox(map, d)),
          zoom,
        )
        if (folded.length === toDraw.length) break
        toDraw = folded
      }
    }
    const single: Marker[] = []
    for (const drawn of toDraw) {
      if (drawn.kind === 'pin') {
        const pin = new Marker({
          element: pinElement(drawn.properties, (p) => markerClickRef.current(p)),
          anchor: 'bottom',
        })
          .setLngLat(drawn.at)
          .addTo(map)
        single.push(pin)
        htmlMarkers.current.push(pin)
      } else {
        const expand = () => {
          map.easeTo({ center: drawn.at, zoom: Math.max(drawn.expansionZoom, map.getZoom() + 1) })
          // The cluster's button is redrawn as pins: keyboard users continue from the map.
          map.getCanvas().focus()
        }
        htmlMarkers.current.push(
          new Marker({ element: clusterElement(drawn.count, drawn.names, expand), anchor: 'center' })
            .setLngLat(drawn.at)
            .addTo(map),
        )
      }
    }
    spreadPins(map, single)
  }
  const labelMarkers = useRef<Marker[]>([])
  const pending = useRef<(() => void) | null>(null)
  const mobileRef = useRef(mobile)
  mobileRef.current = mobile

  // Create the map once.
  useEffect(() => {
    if (!container.current) return
    const map = new MapLibreMap({
      container: container.current,
      style: BLANK_STYLE,
      bounds: SOUTH_AFRICA,
      fitBoundsOptions: { padding: 16 },
      attributionControl: { compact: true, customAttribution: credits.join(' | ') },
      doubleClickZoom: false,
      keyboard: false,
      boxZoom: false,
      dragRotate: false,
      pitchWithRotate: false,
      touchPitch: false,
      dragPan: !mobile,
      scrollZoom: interactive,
      renderWorldCopies: false,
      maxZoom: 14,
      minZoom: 3,
      locale: {
        'NavigationControl.ZoomIn': strings.mapControls.zoomIn,
        'NavigationControl.ZoomOut': strings.mapControls.zoomOut,
        'NavigationControl.ResetBearing': strings.mapControls.resetBearing,
        'AttributionControl.ToggleAttribution': strings.mapControls.toggleAttribution,
        'Map.Title': strings.mapControls.mapTitle,
      },
    })
    map.touchZoomRotate.disableRotation()
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right')
    map.getCanvas().setAttribute('aria-label', label)
    mapRef.current = map

    const popup = new Popup({ closeButton: false, closeOnClick: false, maxWidth: '260px', className: 'map-tooltip' })
    let hoveredId: number | null = null
    const setHover = (id: number | null) => {
      if (hoveredId === id) return
      if (hoveredId != null) map.setFeatureState({ source: 'areas', id: hoveredId }, { hover: false })
      hoveredId = id
      if (id != null) map.setFeatureState({ source: 'areas', id }, { hover: true })
    }
    const onMove = throttle((event: MapLayerMouseEvent) => {
      const feature = event.features?.[0]
      if (!feature) return
      const id = Number(feature.properties?.boundaryId)
      setHover(id)
      const area = figuresRef.current.find((f) => f.boundaryId === id)
      popup
        .setLngLat(event.lngLat)
        .setHTML(tooltipRef.current(area, String(feature.properties?.description ?? '')))
        .addTo(map)
      map.getCanvas().style.cursor = 'pointer'
    }, MAP_HOVER_THROTTLE_MS)

    map.on('load', () => {
      map.addSource('areas', {
        type: 'geojson',
        data: { type: 'FeatureCollection', features: [] },
        promoteId: 'boundaryId',
      })
      map.addLayer({
        id: 'areas-fill',
        type: 'fill',
        source: 'areas',
        paint: {
          'fill-color': ['coalesce', ['get', 'color'], NO_DATA_COLOUR],
          'fill-opacity': ['case', ['boolean', ['feature-state', 'hover'], false], 0.95, 0.8],
        },
      })
      // Areas waiting for verification: a hatch over their colour (the legend's hatched swatch).
      map.addImage(NOT_VERIFIED_PATTERN, hatchImage())
      map.addLayer({
        id: 'areas-pattern',
        type: 'fill',
        source: 'areas',
        filter: ['==', ['get', 'pattern'], 'not-verified'],
        paint: { 'fill-pattern': NOT_VERIFIED_PATTERN },
      })
      map.addImage(NO_DATA_PATTERN, dotImage())
      map.addLayer({
        id: 'areas-no-data',
        type: 'fill',
        source: 'areas',
        filter: ['==', ['get', 'pattern'], 'no-data'],
        paint: { 'fill-pattern': NO_DATA_PATTERN },
      })
      map.addLayer({
        id: 'areas-line',
        type: 'line',
        source: 'areas',
        paint: { 'line-color': '#ffffff', 'line-width': 1.2 },
      })
      map.addLayer({
        id: 'areas-hover',
        type: 'line',
        source: 'areas',
        paint: {
          'line-color': '#1b1b1b',
          'line-width': ['case', ['boolean', ['feature-state', 'hover'], false], 2.5, 0],
        },
      })
      map.on('mousemove', 'areas-fill', onMove)
      const leave = () => {
        onMove.cancel()
        setHover(null)
        popup.remove()
        map.getCanvas().style.cursor = ''
      }
      map.on('mouseleave', 'areas-fill', leave)
      // Leaving the map itself (to the page, or onto a pin) fires no layer event: without this
      // the tooltip stayed over the pins. The container's own mouseleave also covers a pointer
      // that left from a pin or cluster just redrawn under it.
      map.on('mouseout', leave)
      map.getContainer().addEventListener('mouseleave', leave)
      map.on('click', 'areas-fill', (event) => {
        const id = Number(event.features?.[0]?.properties?.boundaryId)
        if (Number.isFinite(id)) clickRef.current(id)
      })
      loaded.current = true
      pending.current?.()
      pending.current = null
    })
    map.on('idle', () => onReady?.())
    map.on('zoomend', () => {
      declutterLabels(labelMarkers.current.map((m) => m.getElement()))
      drawPins.current()
    })

    return () => {
      onMove.cancel()
      popup.remove()
      map.remove()
      mapRef.current = null
      loaded.current = false
    }
    // The map is created once; later prop changes are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once on mount (see above)
  }, [])

  // Dragging is off on mobile widths.
  useEffect(() => {
    const map = mapRef.current
    if (!map) return
    if (mobile) map.dragPan.disable()
    else map.dragPan.enable()
  }, [mobile])

  // Polygons, colours and count labels.
  useEffect(() => {
    const apply = () => {
      const map = mapRef.current
      if (!map || !areas) return
      const byId = new Map(figures.map((f) => [f.boundaryId, f]))
      const data = {
        type: 'FeatureCollection' as const,
        features: areas.features.map((feature) => ({
          ...feature,
          properties: {
            ...feature.properties,
            color: byId.get(feature.properties.boundaryId)?.color ?? NO_DATA_COLOUR,
            pattern: byId.has(feature.properties.boundaryId)
              ? (byId.get(feature.properties.boundaryId)?.pattern ?? null)
              : 'no-data',
          },
        })),
      }
      const source = map.getSource('areas') as { setData(d: unknown): void } | undefined
      source?.setData(data)

      labelMarkers.current.forEach((m) => m.remove())
      labelMarkers.current = []
      const largestFirst = [...areas.features].sort((a, b) => areaSize(b.geometry) - areaSize(a.geometry))
      for (const feature of largestFirst) {
        const at = labelPoint(feature.geometry)
        const area = byId.get(feature.properties.boundaryId)
        if (!at) continue
        const el = document.createElement('div')
        el.className = 'area-label'
        el.setAttribute('aria-hidden', 'true')
        el.innerHTML =
          `<span class="area-label__count">${area?.total != null ? formatCount(area.total) : '–'}</span>` +
          `<span class="area-label__name">${escapeHtml(feature.properties.description ?? '')}</span>`
        labelMarkers.current.push(new Marker({ element: el, anchor: 'center' }).setLngLat([at[0], at[1]]).addTo(map))
      }
      const bounds = boundsOf(areas.features.map((f) => f.geometry))
      // On wide screens the legend sits over the map's top-left corner; keep the areas clear of it.
      if (bounds)
        map.fitBounds(bounds, {
          padding: mobileRef.current ? 16 : { top: 24, bottom: 36, left: 200, right: 56 },
          animate: false,
        })
      declutterLabels(labelMarkers.current.map((m) => m.getElement()))
    }
    if (loaded.current) apply()
    else pending.current = apply
  }, [areas, figures])

  // Station pins (25x41) and clusters of crowded pins, each a keyboard-reachable button.
  useEffect(() => {
    pins.current = markers.length > 0 ? pinIndex(markers) : null
    drawPins.current()
  }, [markers])

  return <div ref={container} className="map-canvas" data-testid="map-canvas" />
}
