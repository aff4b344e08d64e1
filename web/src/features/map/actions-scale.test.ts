import { describe, expect, it } from 'vitest'
import { legendColour } from '../../lib/legend'
import { ACTIONS_SCALE, markerVisible } from './map-data'
import type { MarkerProperties } from '../../api/generated'

describe('collective-action map (spec section 3 scale, section 5 pin rule)', () => {
  it('colours 0 active grey, 1 light orange, 2 or more orange', () => {
    expect(legendColour(ACTIONS_SCALE, 0)).toBe('#BDBDBD')
    expect(legendColour(ACTIONS_SCALE, 1)).toBe('#F6C0AA')
    expect(legendColour(ACTIONS_SCALE, 2)).toBe('#E9622B')
    expect(legendColour(ACTIONS_SCALE, 17)).toBe('#E9622B')
  })

  it('shows a collective-action pin only for its pillar and, with pairs, its pillarId-typeId', () => {
    const pin = { pillarId: 3, collectiveActionTypeId: 2 } as MarkerProperties
    const base = { componentId: 4, componentSubOptions: [] as string[] }
    expect(markerVisible(pin, { ...base, componentOptions: [] } as never)).toBe(true)
    expect(markerVisible(pin, { ...base, componentOptions: ['3'] } as never)).toBe(true)
    expect(markerVisible(pin, { ...base, componentOptions: ['1'] } as never)).toBe(false)
    expect(markerVisible(pin, { ...base, componentOptions: ['3'], componentSubOptions: ['3-2'] } as never)).toBe(true)
    expect(markerVisible(pin, { ...base, componentOptions: ['3'], componentSubOptions: ['3-1'] } as never)).toBe(false)
  })
})
