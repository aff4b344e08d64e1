import { describe, expect, it } from 'vitest'
import { emptyFilters, type Filters } from './query-string'
import {
  categoryState,
  chooseAllOptions,
  chooseCategory,
  isOptionSelected,
  isSubOptionSelected,
  needsResetPrompt,
  resetToOption,
  toggleOption,
  toggleSubOption,
  viewAfterCategoryChoice,
} from './selection'

const base: Filters = { ...emptyFilters, boundaryId: 2, boundaryTypeId: 2 }

describe('category states and changes', () => {
  it('is default with no category, active when chosen, inactive when another is chosen', () => {
    expect(categoryState(base, 3)).toBe('default')
    const chosen = chooseCategory(base, 3)
    expect(categoryState(chosen, 3)).toBe('active')
    expect(categoryState(chosen, 1)).toBe('inactive')
  })

  it('changing category clears componentOptions and componentSubOptions and keeps geography', () => {
    const f: Filters = { ...base, componentId: 1, componentOptions: ['10'], componentSubOptions: ['10-101'] }
    const next = chooseCategory(f, 4)
    expect(next).toEqual({ ...base, componentId: 4, componentOptions: [], componentSubOptions: [] })
    expect(chooseCategory(f, null).componentId).toBeNull()
  })

  it('choosing the same category keeps the options', () => {
    const f: Filters = { ...base, componentId: 1, componentOptions: ['10'], componentSubOptions: [] }
    expect(chooseCategory(f, 1)).toBe(f)
  })

  it('choosing a category off map, grid and chart goes to chart', () => {
    expect(viewAfterCategoryChoice('home')).toBe('chart')
    expect(viewAfterCategoryChoice('contact')).toBe('chart')
    expect(viewAfterCategoryChoice('comparison')).toBe('chart')
    expect(viewAfterCategoryChoice('map')).toBe('map')
    expect(viewAfterCategoryChoice('grid')).toBe('grid')
    expect(viewAfterCategoryChoice('chart')).toBe('chart')
  })
})

describe('option selection', () => {
  const f: Filters = { ...base, componentId: 1 }

  it("'All' clears options and sub-options", () => {
    expect(chooseAllOptions({ ...f, componentOptions: ['10', '11'], componentSubOptions: ['10-101'] })).toMatchObject({
      componentOptions: [],
      componentSubOptions: [],
    })
  })

  it('ticking a parent toggles it', () => {
    const on = toggleOption(f, 10)
    expect(on.componentOptions).toEqual(['10'])
    expect(isOptionSelected(on, '10')).toBe(true)
    expect(toggleOption(on, '10').componentOptions).toEqual([])
  })

  it('unticking a parent removes its sub-options only', () => {
    const g: Filters = { ...f, componentOptions: ['10', '11'], componentSubOptions: ['10-101', '10-102', '11-111'] }
    const next = toggleOption(g, 10)
    expect(next.componentOptions).toEqual(['11'])
    expect(next.componentSubOptions).toEqual(['11-111'])
  })

  it('does not confuse ids sharing a prefix', () => {
    const g: Filters = { ...f, componentOptions: ['1', '10'], componentSubOptions: ['1-5', '10-101'] }
    expect(toggleOption(g, 1).componentSubOptions).toEqual(['10-101'])
  })

  it('ticking a sub-option adds its parent and toggles the sub-option', () => {
    const on = toggleSubOption(f, 10, 101)
    expect(on.componentOptions).toEqual(['10'])
    expect(on.componentSubOptions).toEqual(['10-101'])
    expect(isSubOptionSelected(on, 10, 101)).toBe(true)
    const off = toggleSubOption(on, 10, 101)
    expect(off.componentOptions).toEqual(['10'])
    expect(off.componentSubOptions).toEqual([])
    const two = toggleSubOption(on, 10, 102)
    expect(two.componentOptions).toEqual(['10'])
    expect(two.componentSubOptions).toEqual(['10-101', '10-102'])
  })

  it('compares crime ids as strings', () => {
    const crime: Filters = { ...base, componentId: 3, componentOptions: ['6'] }
    expect(isOptionSelected(crime, 6)).toBe(true)
    expect(toggleOption(crime, 6).componentOptions).toEqual([])
  })

  it('asks to reset when a second building block option is ticked on the chart view', () => {
    const one: Filters = { ...f, componentOptions: ['10'] }
    expect(needsResetPrompt(f, 'chart', 10)).toBe(false)
    expect(needsResetPrompt(one, 'chart', 10)).toBe(false)
    expect(needsResetPrompt(one, 'chart', 11)).toBe(true)
    expect(needsResetPrompt(one, 'map', 11)).toBe(false)
    expect(needsResetPrompt({ ...one, componentId: 3 }, 'chart', 11)).toBe(false)
    expect(resetToOption({ ...one, componentSubOptions: ['10-101'] }, 11)).toMatchObject({
      componentOptions: ['11'],
      componentSubOptions: [],
    })
  })
})
