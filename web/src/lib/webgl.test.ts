// The real WebGL2 probe (test/setup.ts replaces it for the other tests).
import { afterEach, describe, expect, it, vi } from 'vitest'

const { supportsWebGL2, markWebGL2Unavailable, resetWebGL2Check } =
  await vi.importActual<typeof import('./webgl')>('./webgl')

function stubContext(result: () => unknown) {
  vi.stubGlobal('WebGL2RenderingContext', class {})
  return vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(result as never)
}

describe('supportsWebGL2', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
    resetWebGL2Check()
  })

  it('is false where the browser has no WebGL2 at all (no WebGL2RenderingContext)', () => {
    vi.stubGlobal('WebGL2RenderingContext', undefined)
    expect(supportsWebGL2()).toBe(false)
  })

  it('is false when getContext("webgl2") returns null (WebGL disabled or no GPU fallback)', () => {
    const getContext = stubContext(() => null)
    expect(supportsWebGL2()).toBe(false)
    expect(getContext).toHaveBeenCalledWith('webgl2')
  })

  it('is false when getContext throws', () => {
    stubContext(() => {
      throw new Error('blocked')
    })
    expect(supportsWebGL2()).toBe(false)
  })

  it('is true with a context, which it gives back, and remembers the answer', () => {
    const loseContext = vi.fn()
    const getContext = stubContext(() => ({
      getExtension: (name: string) => (name === 'WEBGL_lose_context' ? { loseContext } : null),
    }))
    expect(supportsWebGL2()).toBe(true)
    expect(supportsWebGL2()).toBe(true)
    expect(getContext).toHaveBeenCalledTimes(1)
    expect(loseContext).toHaveBeenCalledTimes(1)
  })

  it('is false after a map reported that its context could not be created', () => {
    stubContext(() => ({ getExtension: () => null }))
    expect(supportsWebGL2()).toBe(true)
    markWebGL2Unavailable()
    expect(supportsWebGL2()).toBe(false)
  })
})
