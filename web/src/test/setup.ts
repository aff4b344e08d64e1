// Vitest setup: jest-dom matchers, MSW, and the browser APIs jsdom lacks.
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { server } from './mocks/server'
import { setEnglish } from '../i18n/runtime'
import english from '../locales/compiled/en.json'

// The app starts in English with its compiled catalog (main.tsx); so do the tests.
setEnglish(english)

// Lazy route modules compile on first use; on a cold run that can take longer than findBy's 1 s.
configure({ asyncUtilTimeout: 4000 })

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
})
afterAll(() => server.close())

let width = 1366
export function setViewportWidth(next: number) {
  width = next
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query)
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      onchange: null,
      dispatchEvent: () => false,
    }
  },
})

// jsdom has no WebGL2: unless a test says otherwise, report it present so the (replaced) map renders.
// Tests of the no-WebGL path set vi.mocked(supportsWebGL2).mockReturnValue(false).
vi.mock('../lib/webgl', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/webgl')>()),
  supportsWebGL2: vi.fn(() => true),
}))
afterEach(async () => {
  const { supportsWebGL2 } = await import('../lib/webgl')
  vi.mocked(supportsWebGL2).mockReset().mockReturnValue(true)
})
// The map needs WebGL; unit tests replace it (the browser tests exercise the real one).
vi.mock('../features/map/map-canvas', async () => {
  const { createElement } = await import('react')
  return {
    MapCanvas: ({ label }: { label: string }) =>
      createElement('div', { 'data-testid': 'map-canvas', 'aria-label': label }),
  }
})
// ApexCharts draws nothing in jsdom; render a placeholder with the accessible label.
vi.mock('../components/chart/apex-chart', async () => {
  const { createElement } = await import('react')
  return {
    ApexChart: ({ label, id }: { label: string; id: string }) =>
      createElement('div', { role: 'img', 'aria-label': label, 'data-chart-id': id }),
    saveChartPng: async () => {},
  }
})
