// Whether a closure waits for the province, from a provider's history (oldest first).
import { describe, expect, it } from 'vitest'
import { closurePending } from './building-block-closure'

const event = (eventType: string) => ({ eventType })

describe('closurePending', () => {
  it('is true after a proposal, false before one and after a decline, true again after a new one', () => {
    expect(closurePending([event('ProviderImported')])).toBe(false)
    expect(closurePending([event('ProviderImported'), event('ProviderClosureProposed')])).toBe(true)
    expect(
      closurePending([event('ProviderImported'), event('ProviderClosureProposed'), event('ProviderClosureDeclined')]),
    ).toBe(false)
    expect(
      closurePending([
        event('ProviderClosureProposed'),
        event('ProviderClosureDeclined'),
        event('BuildingBlockDetailsSubmitted'),
        event('ProviderClosureProposed'),
      ]),
    ).toBe(true)
  })
})
