// The component (category) choice: toggle buttons on wide screens, a dropdown on mobile.
// Changing category clears the options; choosing one off the map, grid and chart views goes to chart.
import { useId } from 'react'
import { useGetComponentsQuery } from '../../api/public-api'
import { strings } from '../../config/strings'
import { categoryState, chooseCategory, viewAfterCategoryChoice } from '../../filters/selection'
import { useFilters } from '../../filters/use-filters'
import type { View } from '../../filters/paths'

export function useCategoryChoice() {
  const { filters, view, update } = useFilters()
  return (componentId: number | null) => {
    const next = chooseCategory(filters, componentId)
    const target = componentId == null ? view : (viewAfterCategoryChoice(view) as View)
    update(next, { view: target })
  }
}

export function CategoryButtons() {
  const { data: components } = useGetComponentsQuery()
  const { filters } = useFilters()
  const choose = useCategoryChoice()
  if (!components?.length) return null
  const sorted = [...components].sort((a, b) => a.seq - b.seq)
  return (
    <div className="category-buttons" role="group" aria-label={strings.filters.categories}>
      {sorted.map((component) => {
        const state = categoryState(filters, component.componentId)
        return (
          <button
            key={component.componentId}
            type="button"
            className={`category-button category-button--${state}`}
            aria-pressed={state === 'active'}
            data-component-id={component.componentId}
            onClick={() => choose(state === 'active' ? null : component.componentId)}
          >
            {component.name}
          </button>
        )
      })}
    </div>
  )
}

export function CategorySelect() {
  const id = useId()
  const { data: components } = useGetComponentsQuery()
  const { filters } = useFilters()
  const choose = useCategoryChoice()
  const sorted = [...(components ?? [])].sort((a, b) => a.seq - b.seq)
  return (
    <div className="field category-select">
      <label htmlFor={id}>{strings.filters.category}</label>
      <select
        id={id}
        value={filters.componentId ?? ''}
        onChange={(e) => choose(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{strings.filters.allCategories}</option>
        {sorted.map((c) => (
          <option key={c.componentId} value={c.componentId}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  )
}
