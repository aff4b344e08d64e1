// Three cascading geography dropdowns: National (provinces), District, Local (section 4 rules).
import { useId, useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import { useGetBoundaryQuery, useListBoundariesInQuery } from '../../api/public-api'
import { BoundaryType, NATIONAL_BOUNDARY_ID } from '../../config/constants'
import { strings } from '../../config/strings'
import {
  cascadeFromBoundary,
  clearLevel,
  directChildren,
  emptyCascade,
  pickDistrict,
  pickLocal,
  pickNational,
  type Cascade,
  type CascadeChange,
} from '../../filters/geography'
import { useFilters } from '../../filters/use-filters'
import type { Boundary } from '../../api/generated'

function byName(a: Boundary, b: Boundary) {
  return a.description.localeCompare(b.description)
}

function GeoSelect({
  label,
  allLabel,
  value,
  items,
  disabled,
  onPick,
  level,
}: {
  label: string
  allLabel: string
  value: number | null
  items: Boundary[] | undefined
  disabled: boolean
  onPick: (item: Boundary | null) => void
  level: string
}) {
  const id = useId()
  const sorted = [...(items ?? [])].sort(byName)
  return (
    <div className="field geo-select">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        data-level={level}
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => onPick(sorted.find((b) => String(b.boundaryId) === e.target.value) ?? null)}
      >
        <option value="">{allLabel}</option>
        {value != null && !sorted.some((b) => b.boundaryId === value) ? <option value={value}>…</option> : null}
        {sorted.map((b) => (
          <option key={b.boundaryId} value={b.boundaryId}>
            {b.description}
          </option>
        ))}
      </select>
    </div>
  )
}

export function GeographyCascade() {
  const { filters, update } = useFilters()
  const selectedId =
    filters.boundaryId != null && filters.boundaryId !== NATIONAL_BOUNDARY_ID ? filters.boundaryId : null
  const { currentData: boundary } = useGetBoundaryQuery(selectedId != null ? { id: selectedId } : skipToken)
  // Shows the user's pick at once, before the chosen boundary has loaded.
  const [pending, setPending] = useState<{ id: number | null; cascade: Cascade } | null>(null)

  let cascade: Cascade = emptyCascade
  if (selectedId == null) cascade = emptyCascade
  else if (boundary && boundary.boundaryId === selectedId) cascade = cascadeFromBoundary(boundary)
  else if (pending && pending.id === selectedId) cascade = pending.cascade

  const provinces = useListBoundariesInQuery({
    boundaryTypeId: BoundaryType.District,
    parentBoundaryId: NATIONAL_BOUNDARY_ID,
  })
  const districts = useListBoundariesInQuery(
    cascade.national != null
      ? { boundaryTypeId: BoundaryType.District, parentBoundaryId: cascade.national }
      : skipToken,
  )
  const locals = useListBoundariesInQuery(
    cascade.district != null ? { boundaryTypeId: BoundaryType.Local, parentBoundaryId: cascade.district } : skipToken,
  )

  // The list call may return every boundary of the type below the parent (provinces and
  // districts share public type 2), so keep only the parent's direct children of the right level.
  const provinceItems = directChildren(provinces.data, NATIONAL_BOUNDARY_ID, 'province')
  const districtItems = directChildren(districts.data, cascade.national, 'district')
  const localItems = directChildren(locals.data, cascade.district, 'municipality')

  const apply = (change: CascadeChange) => {
    setPending({ id: change.filter.boundaryId, cascade: change.cascade })
    update({ ...filters, boundaryId: change.filter.boundaryId, boundaryTypeId: change.filter.boundaryTypeId })
  }

  return (
    <div className="geography-cascade" role="group" aria-label={strings.filters.geography}>
      <GeoSelect
        level="national"
        label={strings.filters.national}
        allLabel={strings.filters.allProvinces}
        value={cascade.national}
        items={provinceItems}
        disabled={!provinces.data}
        onPick={(item) => apply(item ? pickNational(item.boundaryId) : clearLevel(cascade, 1))}
      />
      <GeoSelect
        level="district"
        label={strings.filters.district}
        allLabel={strings.filters.allDistricts}
        value={cascade.district}
        items={districtItems}
        disabled={cascade.national == null || !districts.data}
        onPick={(item) => apply(item ? pickDistrict(cascade, item.boundaryId) : clearLevel(cascade, 2))}
      />
      <GeoSelect
        level="local"
        label={strings.filters.local}
        allLabel={strings.filters.allLocals}
        value={cascade.local}
        items={localItems}
        disabled={cascade.district == null || !locals.data}
        onPick={(item) => apply(item ? pickLocal(item) : clearLevel(cascade, 3))}
      />
    </div>
  )
}
