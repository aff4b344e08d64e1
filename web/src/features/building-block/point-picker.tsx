// A map to place a proposed provider: the municipality's outline on a blank style (no outside
// requests, as the dashboard's map), a click sets the point and its marker. Keyboard users type
// the coordinates in the form's fields instead; the marker follows them.
import { useEffect, useRef } from 'react'
import { Map as MapLibreMap, Marker, NavigationControl, setWorkerUrl } from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url'
import 'maplibre-gl/dist/maplibre-gl.css'
import type { AreaCollection } from '../../api/generated'
import { areaBounds } from './area-bounds'

setWorkerUrl(workerUrl)

const SOUTH_AFRICA: [[number, number], [number, number]] = [
  [16.3, -35.0],
  [33.0, -22.1],
]

export function PointPicker({
  area,
  point,
  label,
  onPick,
}: {
  area: AreaCollection | undefined
  point: [number, number] | null
  label: string
  onPick: (p: [number, number]) => void
}) {
  const container = useRef<HTMLDivElement>(null)
  const map = useRef<MapLibreMap | null>(null)
  const marker = useRef<Marker | null>(null)
  const pick = useRef(onPick)
  pick.current = onPick

  useEffect(() => {
    if (!container.current) return
    const m = new MapLibreMap({
      container: container.current,
      style: {
        version: 8,
        sources: {},
        layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef2f7' } }],
      },
      bounds: SOUTH_AFRICA,
      attributionControl: false,
      dragRotate: false,
    })
    m.addControl(new NavigationControl({ showCompass: false }))
    m.on('load', () => {
      m.addSource('area', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } })
      m.addLayer({ id: 'area-fill', type: 'fill', source: 'area', paint: { 'fill-color': '#cfe3d4' } })
      m.addLayer({ id: 'area-line', type: 'line', source: 'area', paint: { 'line-color': '#36854A', 'line-width': 2 } })
    })
    m.on('click', (e) => pick.current([Number(e.lngLat.lng.toFixed(6)), Number(e.lngLat.lat.toFixed(6))]))
    map.current = m
    return () => {
      m.remove()
      map.current = null
      marker.current = null
    }
  }, [])

  useEffect(() => {
    const m = map.current
    if (!m || !area) return
    const show = () => {
      const source = m.getSource('area') as { setData?: (d: unknown) => void } | undefined
      source?.setData?.(area)
      const bounds = areaBounds(area)
      if (bounds) m.fitBounds(bounds, { padding: 16, duration: 0 })
    }
    if (m.isStyleLoaded() && m.getSource('area')) show()
    else m.once('load', show)
  }, [area])

  useEffect(() => {
    const m = map.current
    if (!m) return
    if (!point) {
      marker.current?.remove()
      marker.current = null
      return
    }
    if (!marker.current) marker.current = new Marker({ color: '#2E539D' }).setLngLat(point).addTo(m)
    else marker.current.setLngLat(point)
  }, [point])

  return (
    <div ref={container} className="point-picker" role="application" aria-label={label} data-testid="point-picker" />
  )
}
