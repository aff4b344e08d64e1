// Error boundaries: a card that throws says so in its own box and its neighbours keep working; the
// map frame shows the table alternative without WebGL2 or when the map throws.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import { strings } from '../config/strings'
import { supportsWebGL2 } from '../lib/webgl'
import { CardBoundary } from './boundary'
import { Card } from './card'
import type { TableData } from './data-table'
import { MapBoundary } from './map-boundary'

function Broken(): never {
  throw new Error('card broke')
}

const table: TableData = {
  title: strings.map.legendTitle,
  area: 'South Africa',
  period: '2022/23',
  source: 'SAPS',
  columns: [{ label: strings.map.area }, { label: strings.summary.total, numeric: true }],
  rows: [
    { display: ['Gauteng', '115,000'], raw: ['Gauteng', 115000] },
    { display: ['Western Cape', '56,000'], raw: ['Western Cape', 56000] },
  ],
}

// React logs the errors its boundaries catch; keep the test output readable.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('CardBoundary', () => {
  it('catches a throwing card in its own box and leaves the other cards alone', () => {
    render(
      <div>
        <CardBoundary title="Broken card">
          <Broken />
        </CardBoundary>
        <CardBoundary title="Working card">
          <Card title="Working card">
            <p>42 figures</p>
          </Card>
        </CardBoundary>
      </div>,
    )
    const failed = screen.getByTestId('card-error')
    expect(within(failed).getByRole('heading', { name: 'Broken card' })).toBeInTheDocument()
    expect(within(failed).getByRole('alert')).toHaveTextContent(strings.messages.generic)
    expect(screen.getByText('42 figures')).toBeInTheDocument()
    expect(screen.getAllByTestId('card-error')).toHaveLength(1)
  })

  it('tries again when its reset keys change', () => {
    let fail = true
    function Flaky() {
      if (fail) throw new Error('once')
      return <p>recovered</p>
    }
    const { rerender } = render(
      <CardBoundary title="Flaky" resetKeys={[1]}>
        <Flaky />
      </CardBoundary>,
    )
    expect(screen.getByTestId('card-error')).toBeInTheDocument()
    fail = false
    rerender(
      <CardBoundary title="Flaky" resetKeys={[2]}>
        <Flaky />
      </CardBoundary>,
    )
    expect(screen.getByText('recovered')).toBeInTheDocument()
  })
})

describe('MapBoundary', () => {
  it('without WebGL2 does not mount the map and shows the message and the figures instead', () => {
    vi.mocked(supportsWebGL2).mockReturnValue(false)
    const map = vi.fn(() => <div data-testid="the-map" />)
    const Map = map as unknown as () => React.ReactNode
    render(
      <MapBoundary table={table}>
        <Map />
      </MapBoundary>,
    )
    expect(map).not.toHaveBeenCalled()
    const fallback = screen.getByTestId('map-fallback')
    expect(fallback).toHaveAttribute('data-reason', 'webgl')
    expect(fallback).toHaveTextContent(strings.map.webglUnavailable)
    const rows = within(fallback).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual(['AreaTotal GBVF crime', 'Gauteng115,000', 'Western Cape56,000'])
  })

  it('with WebGL2 renders the map', () => {
    render(
      <MapBoundary table={table}>
        <div data-testid="the-map" />
      </MapBoundary>,
    )
    expect(screen.getByTestId('the-map')).toBeInTheDocument()
    expect(screen.queryByTestId('map-fallback')).not.toBeInTheDocument()
  })

  it("catches MapLibre's GPUInitializationError (context refused after the check) and explains it", () => {
    function GpuFails(): never {
      const error = new Error('WebGL2 is required to display this map.')
      error.name = 'GPUInitializationError'
      throw error
    }
    render(
      <MapBoundary table={table}>
        <GpuFails />
      </MapBoundary>,
    )
    const fallback = screen.getByTestId('map-fallback')
    expect(fallback).toHaveAttribute('data-reason', 'webgl')
    expect(within(fallback).getByRole('row', { name: /Gauteng/ })).toBeInTheDocument()
  })

  it('catches any other map failure with its own message, still with the figures', () => {
    render(
      <MapBoundary table={table}>
        <Broken />
      </MapBoundary>,
    )
    const fallback = screen.getByTestId('map-fallback')
    expect(fallback).toHaveAttribute('data-reason', 'error')
    expect(fallback).toHaveTextContent(strings.map.mapUnavailable)
    expect(within(fallback).getAllByRole('row')).toHaveLength(3)
  })

  it('shows the empty state when there are no figures', () => {
    vi.mocked(supportsWebGL2).mockReturnValue(false)
    render(
      <MapBoundary table={{ ...table, rows: [] }}>
        <div />
      </MapBoundary>,
    )
    expect(screen.getByTestId('map-fallback')).toHaveTextContent(strings.messages.noData)
  })
})
