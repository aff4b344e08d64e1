import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WhenVisible } from './when-visible'

describe('WhenVisible', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('mounts at once where IntersectionObserver does not exist', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(
      <WhenVisible minHeight="10px">
        <p>map</p>
      </WhenVisible>,
    )
    expect(screen.getByText('map')).toBeTruthy()
  })

  it('waits until its place comes near the viewport, then stops observing', () => {
    let notify: ((entries: { isIntersecting: boolean }[]) => void) | undefined
    const disconnect = vi.fn()
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
          notify = cb
        }
        observe() {}
        disconnect() {
          disconnect()
        }
      },
    )
    render(
      <WhenVisible minHeight="10px" testId="slot">
        <p>map</p>
      </WhenVisible>,
    )
    expect(screen.queryByText('map')).toBeNull()
    expect(screen.getByTestId('slot').style.minHeight).toBe('10px')
    act(() => notify?.([{ isIntersecting: false }]))
    expect(screen.queryByText('map')).toBeNull()
    act(() => notify?.([{ isIntersecting: true }]))
    expect(screen.getByText('map')).toBeTruthy()
    expect(disconnect).toHaveBeenCalled()
  })
})
