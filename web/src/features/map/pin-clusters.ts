// Pins that would cover one another become one numbered cluster (MapLibre's own clustering
// library, supercluster) until the map is close enough to tell them apart; from
// [`CLUSTER_MAX_ZOOM`] on, pins still close (one address) are spread apart (pin-spread.ts). So no
// pin covers another at any zoom, and a click opens the provider under the pointer or zooms in.
// (Spreading small groups at every zoom was tried: a ring could land on a neighbour outside it.)

import Supercluster, { type ClusterProperties } from 'supercluster'
import type { MarkerCollection, MarkerProperties } from '../../api/generated'
import { MARKER_HEIGHT } from '../../config/constants'

/** Pins closer than this, in CSS pixels at a whole zoom level, are grouped: a pin's height and a
 * little more, so that a pin left alone never covers another's head. */
export const CLUSTER_RADIUS_PX = MARKER_HEIGHT + 3

/** From this zoom on nothing is clustered (pins at one address are spread instead). */
export const CLUSTER_MAX_ZOOM = 17

/** The index of one map's pins. */
export type PinIndex = Supercluster<MarkerProperties>

/** What the map draws at a zoom level: a pin, or a cluster of `count` pins that zooms to
 * `expansionZoom` when chosen and names the first [`CLUSTER_NAMES`] of its places. `at` is
 * `[longitude, latitude]`. */
export type DrawnPin =
  | { kind: 'pin'; at: [number, number]; properties: MarkerProperties }
  | { kind: 'cluster'; at: [number, number]; count: number; expansionZoom: number; names: string[] }

/** How many of a cluster's places it names (its button's label and tooltip). */
export const CLUSTER_NAMES = 3

/** Indexes `markers` (points, WGS84) for [`pinsAt`]; MapLibre's 512-pixel tiles, so the radius
 * is in CSS pixels. */
export function pinIndex(markers: MarkerCollection['features']): PinIndex {
  return new Supercluster<MarkerProperties>({
    radius: CLUSTER_RADIUS_PX,
    extent: 512,
    maxZoom: CLUSTER_MAX_ZOOM - 1,
  }).load(
    markers.map((m) => ({
      type: 'Feature' as const,
      properties: m.properties,
      geometry: { type: 'Point' as const, coordinates: [m.geometry.coordinates[0], m.geometry.coordinates[1]] },
    })),
  )
}

/** The pins and clusters to draw at map zoom `zoom`: supercluster's clusters at the whole zoom
 * level below it (none from [`CLUSTER_MAX_ZOOM`] on). Every marker is in exactly one of them. */
export function pinsAt(index: PinIndex, zoom: number): DrawnPin[] {
  return index.getClusters([-180, -85, 180, 85], Math.floor(zoom)).map((feature) => {
    const at: [number, number] = [feature.geometry.coordinates[0], feature.geometry.coordinates[1]]
    const p = feature.properties as MarkerProperties | ClusterProperties
    return 'cluster' in p && p.cluster
      ? {
          kind: 'cluster',
          at,
          count: p.point_count,
          expansionZoom: index.getClusterExpansionZoom(p.cluster_id),
          names: index.getLeaves(p.cluster_id, CLUSTER_NAMES).map((leaf) => leaf.properties.name),
        }
      : { kind: 'pin', at, properties: p as MarkerProperties }
  })
}

/** A drawn pin's or cluster's box on screen, CSS pixels: top-left corner and size. */
export interface ScreenBox {
  x: number
  y: number
  width: number
  height: number
}

/** Least space, CSS pixels, kept between two boxes on screen. */
export const BOX_GAP_PX = 2

/** The width of a cluster's button in CSS pixels for `count` (styles.css `.pin-cluster`: at
 * least 34, wider with more digits). */
export function clusterWidth(count: number): number {
  return Math.max(34, 18 + 9 * String(count).length)
}

/**
 * Folds pins and clusters whose boxes on screen (`boxes[i]` of `drawn[i]`) would touch into
 * one cluster: supercluster groups around weighted centres, so two of its clusters (or a
 * cluster and a pin) can still meet. Largest first, each item that touches one already kept
 * joins it (the kept one stays where it is, now a cluster of both counts that zooms one whole
 * level in, at most to the deeper of their expansion zooms). Returns what to draw.
 */
export function foldTouching(drawn: DrawnPin[], boxes: ScreenBox[], zoom: number): DrawnPin[] {
  const count = (d: DrawnPin) => (d.kind === 'cluster' ? d.count : 1)
  const order = drawn.map((_, i) => i).sort((a, b) => count(drawn[b]) - count(drawn[a]))
  const kept: { drawn: DrawnPin; box: ScreenBox }[] = []
  const touch = (a: ScreenBox, b: ScreenBox) =>
    a.x < b.x + b.width + BOX_GAP_PX &&
    b.x < a.x + a.width + BOX_GAP_PX &&
    a.y < b.y + b.height + BOX_GAP_PX &&
    b.y < a.y + a.height + BOX_GAP_PX
  for (const i of order) {
    const into = kept.find((k) => touch(k.box, boxes[i]))
    if (!into) {
      kept.push({ drawn: drawn[i], box: boxes[i] })
      continue
    }
    const deeper = Math.floor(zoom) + 1
    const names = (d: DrawnPin) => (d.kind === 'cluster' ? d.names : [d.properties.name])
    into.drawn = {
      names: [...names(into.drawn), ...names(drawn[i])].slice(0, CLUSTER_NAMES),
      kind: 'cluster',
      at: into.drawn.at,
      count: count(into.drawn) + count(drawn[i]),
      expansionZoom: Math.max(
        deeper,
        Math.min(
          into.drawn.kind === 'cluster' ? into.drawn.expansionZoom : deeper,
          drawn[i].kind === 'cluster' ? drawn[i].expansionZoom : deeper,
        ),
      ),
    }
  }
  return kept.map((k) => k.drawn)
}
