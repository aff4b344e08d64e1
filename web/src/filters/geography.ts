// The three cascading geography dropdowns (National, District, Local) and their rules (section 4).
// National lists provinces; District lists the districts of the chosen province; Local lists the
// municipalities of the chosen district.
import { BoundaryType } from '../config/constants'
import type { Boundary } from '../api/generated'

export interface Cascade {
  national: number | null
  district: number | null
  local: number | null
}

export interface GeographyFilter {
  boundaryId: number | null
  boundaryTypeId: number | null
}

export interface CascadeChange {
  cascade: Cascade
  filter: GeographyFilter
}

/**
 * The list call may return every boundary of the type below the parent (provinces and districts
 * share public type 2), so keep only the parent's direct children of the right level.
 */
export function directChildren(
  items: Boundary[] | undefined,
  parentId: number | null,
  level: Boundary['level'],
): Boundary[] | undefined {
  if (!items) return undefined
  return items.filter((b) => b.level === level && (b.parentBoundaryId === parentId || parentId == null))
}

export const emptyCascade: Cascade = { national: null, district: null, local: null }

/** Picking National (a province) loads District choices and clears deeper levels. */
export function pickNational(provinceId: number): CascadeChange {
  return {
    cascade: { national: provinceId, district: null, local: null },
    filter: { boundaryId: provinceId, boundaryTypeId: BoundaryType.District },
  }
}

/** Picking District loads Local choices and clears Local. */
export function pickDistrict(cascade: Cascade, districtId: number): CascadeChange {
  return {
    cascade: { national: cascade.national, district: districtId, local: null },
    filter: { boundaryId: districtId, boundaryTypeId: BoundaryType.District },
  }
}

/** Picking Local sets its parents from the item's district and national ids. */
export function pickLocal(
  item: Pick<Boundary, 'boundaryId' | 'districtBoundaryId' | 'nationalBoundaryId'>,
): CascadeChange {
  return {
    cascade: { national: item.nationalBoundaryId, district: item.districtBoundaryId, local: item.boundaryId },
    filter: { boundaryId: item.boundaryId, boundaryTypeId: BoundaryType.Local },
  }
}

/**
 * Clearing level n (1 National, 2 District, 3 Local) resets deeper levels and sets the filter to
 * the parent; clearing level 1 nulls both boundaryId and boundaryTypeId.
 */
export function clearLevel(cascade: Cascade, level: 1 | 2 | 3): CascadeChange {
  if (level === 1) return { cascade: emptyCascade, filter: { boundaryId: null, boundaryTypeId: null } }
  if (level === 2) {
    return {
      cascade: { national: cascade.national, district: null, local: null },
      filter:
        cascade.national != null
          ? { boundaryId: cascade.national, boundaryTypeId: BoundaryType.District }
          : { boundaryId: null, boundaryTypeId: null },
    }
  }
  const next: Cascade = { ...cascade, local: null }
  if (cascade.district != null)
    return { cascade: next, filter: { boundaryId: cascade.district, boundaryTypeId: BoundaryType.District } }
  if (cascade.national != null)
    return { cascade: next, filter: { boundaryId: cascade.national, boundaryTypeId: BoundaryType.District } }
  return { cascade: next, filter: { boundaryId: null, boundaryTypeId: null } }
}

/** The dropdown values that show a given selected boundary. */
export function cascadeFromBoundary(boundary: Boundary | null | undefined): Cascade {
  if (!boundary) return emptyCascade
  switch (boundary.level) {
    case 'province':
      return { national: boundary.boundaryId, district: null, local: null }
    case 'district':
      return {
        national: boundary.nationalBoundaryId ?? boundary.parentBoundaryId,
        district: boundary.boundaryId,
        local: null,
      }
    case 'municipality':
      return {
        national: boundary.nationalBoundaryId,
        district: boundary.districtBoundaryId ?? boundary.parentBoundaryId,
        local: boundary.boundaryId,
      }
    default:
      return emptyCascade
  }
}

/** The boundary type to store with a boundary (public numbering). */
export function publicBoundaryType(boundary: Pick<Boundary, 'level' | 'boundaryTypeId'>): number {
  switch (boundary.level) {
    case 'national':
      return BoundaryType.National
    case 'province':
    case 'district':
      return BoundaryType.District
    case 'municipality':
      return BoundaryType.Local
    default:
      // A precinct (5); a level the server gives no public number (a ward) is drawn as one.
      return boundary.boundaryTypeId ?? BoundaryType.Precinct
  }
}
