// Category and option selection rules (section 4). Pure functions over Filters.
import type { Filters } from './query-string'

export type CategoryState = 'default' | 'active' | 'inactive'

/** default: no category chosen; active: this one is chosen; inactive: another one is. */
export function categoryState(filters: Filters, componentId: number): CategoryState {
  if (filters.componentId == null) return 'default'
  return filters.componentId === componentId ? 'active' : 'inactive'
}

/** Changing category clears componentOptions and componentSubOptions. */
export function chooseCategory(filters: Filters, componentId: number | null): Filters {
  if (filters.componentId === componentId) return filters
  return { ...filters, componentId, componentOptions: [], componentSubOptions: [] }
}

/** Choosing 'All' clears options and sub-options. */
export function chooseAllOptions(filters: Filters): Filters {
  return { ...filters, componentOptions: [], componentSubOptions: [] }
}

export function subOptionKey(parentId: string | number, childId: string | number): string {
  return `${parentId}-${childId}`
}

function parentOf(pair: string): string {
  return pair.slice(0, pair.indexOf('-'))
}

export function isOptionSelected(filters: Filters, optionId: string | number): boolean {
  return filters.componentOptions.includes(String(optionId))
}

export function isSubOptionSelected(filters: Filters, parentId: string | number, childId: string | number): boolean {
  return filters.componentSubOptions.includes(subOptionKey(parentId, childId))
}

/** Ticking a parent toggles it; unticking it also removes its sub-options. */
export function toggleOption(filters: Filters, optionId: string | number): Filters {
  const id = String(optionId)
  if (filters.componentOptions.includes(id)) {
    return {
      ...filters,
      componentOptions: filters.componentOptions.filter((o) => o !== id),
      componentSubOptions: filters.componentSubOptions.filter((pair) => parentOf(pair) !== id),
    }
  }
  return { ...filters, componentOptions: [...filters.componentOptions, id] }
}

/** Ticking a sub-option adds its parent (if missing) and toggles the sub-option. */
export function toggleSubOption(filters: Filters, parentId: string | number, childId: string | number): Filters {
  const parent = String(parentId)
  const key = subOptionKey(parent, childId)
  const componentOptions = filters.componentOptions.includes(parent)
    ? filters.componentOptions
    : [...filters.componentOptions, parent]
  const componentSubOptions = filters.componentSubOptions.includes(key)
    ? filters.componentSubOptions.filter((pair) => pair !== key)
    : [...filters.componentSubOptions, key]
  return { ...filters, componentOptions, componentSubOptions }
}

/**
 * On the chart view for building blocks (category 1) only one option may be chosen: once one is,
 * ticking a different one asks to reset. Returns true when the prompt must be shown.
 */
export function needsResetPrompt(filters: Filters, view: string, optionId: string | number): boolean {
  return (
    view === 'chart' &&
    filters.componentId === 1 &&
    filters.componentOptions.length > 0 &&
    !filters.componentOptions.includes(String(optionId))
  )
}

/** After the reset prompt is confirmed the selection is just the ticked option. */
export function resetToOption(filters: Filters, optionId: string | number): Filters {
  return { ...filters, componentOptions: [String(optionId)], componentSubOptions: [] }
}

/** Choosing a category while not on map, grid or chart navigates to chart. */
export function viewAfterCategoryChoice(currentView: string): string {
  return currentView === 'map' || currentView === 'grid' || currentView === 'chart' ? currentView : 'chart'
}
