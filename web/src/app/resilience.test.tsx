// The dashboard keeps working when a part of it cannot: without WebGL2 the map's place explains
// why and lists the figures, and a card that throws fails alone in its own box.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '../test/render'
import { strings } from '../config/strings'
import { crimeStats } from '../test/mocks/fixtures'
import { formatCount } from '../lib/format'
import { supportsWebGL2 } from '../lib/webgl'

const broken = vi.hoisted(() => ({ totalCrimeCard: false, gridView: false }))
vi.mock('../features/grid/grid-view', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../features/grid/grid-view')>()
  return {
    default: () => {
      if (broken.gridView) throw new Error('GridView broke')
      return actual.default()
    },
  }
})
vi.mock('../features/dashboard/crime-cards', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../features/dashboard/crime-cards')>()
  return {
    ...actual,
    TotalCrimeCard: (props: Parameters<typeof actual.TotalCrimeCard>[0]) => {
      if (broken.totalCrimeCard) throw new Error('TotalCrimeCard broke')
      return actual.TotalCrimeCard(props)
    },
  }
})

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  broken.totalCrimeCard = false
  broken.gridView = false
  vi.restoreAllMocks()
})

/** The rows of the fallback table as text, header first. */
async function fallbackRows() {
  const fallback = await screen.findByTestId('map-fallback')
  expect(fallback).toHaveAttribute('data-reason', 'webgl')
  expect(fallback).toHaveTextContent(strings.map.webglUnavailable)
  await waitFor(() => expect(within(fallback).getAllByRole('row').length).toBeGreaterThan(1))
  return within(fallback)
    .getAllByRole('row')
    .map((r) => r.textContent)
}

describe('without WebGL2', () => {
  beforeEach(() => {
    vi.mocked(supportsWebGL2).mockReturnValue(false)
  })

  it('/home keeps its figures, filters, area list and cards, and shows the map figures as a table', async () => {
    renderApp('/home')
    expect(await screen.findByTestId('total-crime')).toHaveTextContent(formatCount(crimeStats(1).total))
    const rows = await fallbackRows()
    expect(rows).toEqual([
      'AreaPopulation that yearTotal GBVF crimeRate per 100,000 peopleCrimes per 1,000 people',
      'Gauteng15,099,4221,000100.005.00',
      'Western Cape7,433,0192,000200.0020.00',
    ])
    expect(screen.queryByTestId('map-canvas')).not.toBeInTheDocument()
    // The filters and the area list under the map are still there and still work.
    expect(screen.getByLabelText(strings.filters.national)).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: strings.map.drillHint })).toBeInTheDocument()
    expect(await screen.findByTestId('card-crime-breakdown')).toBeInTheDocument()
    expect(screen.queryByText(strings.messages.unexpectedError)).not.toBeInTheDocument()
  })

  it("/home/map shows the explanation and the figures in the map's place, drilling down still works", async () => {
    const { router } = renderApp('/home/map')
    expect((await fallbackRows())[1]).toMatch(/^Gauteng/)
    screen.getByRole('button', { name: /Gauteng/ }).click()
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('boundaryId')).toBe('2'))
    await waitFor(async () =>
      expect((await fallbackRows()).slice(1).map((r) => r?.split(/\d/)[0])).toEqual([
        'City of Johannesburg',
        'Sedibeng',
      ]),
    )
    expect(screen.queryByText(strings.messages.unexpectedError)).not.toBeInTheDocument()
  })
})

describe('a card that throws', () => {
  it('fails in its own box on /home/chart; the other cards keep their figures', async () => {
    broken.totalCrimeCard = true
    renderApp('/home/chart')
    const failed = await screen.findByTestId('card-error')
    expect(within(failed).getByRole('heading', { name: strings.cards.totalCrime })).toBeInTheDocument()
    expect(within(failed).getByRole('alert')).toHaveTextContent(strings.messages.generic)
    expect(screen.getAllByTestId('card-error')).toHaveLength(1)
    expect(screen.getByTestId('card-crime-breakdown')).toBeInTheDocument()
    expect(screen.getByTestId('card-crime-trend')).toBeInTheDocument()
    expect(screen.getByLabelText(strings.filters.national)).toBeInTheDocument()
    expect(screen.queryByText(strings.messages.unexpectedError)).not.toBeInTheDocument()
  })

  it('on /home leaves the summary and the map working', async () => {
    broken.totalCrimeCard = true
    renderApp('/home')
    expect(await screen.findByTestId('total-crime')).toBeInTheDocument()
    expect(await screen.findByTestId('card-error')).toHaveTextContent(strings.cards.totalCrime)
    expect(await screen.findByTestId('map-canvas')).toBeInTheDocument()
  })
})

describe('a view that throws', () => {
  it('fails inside the page: header and filters stay, and the next view works', async () => {
    broken.gridView = true
    const { router } = renderApp('/home/grid')
    expect(await screen.findByTestId('view-error')).toHaveTextContent(strings.messages.generic)
    expect(screen.getByLabelText(strings.filters.national)).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: strings.views.label })).toBeInTheDocument()
    expect(screen.queryByText(strings.messages.unexpectedError)).not.toBeInTheDocument()
    await router.navigate('/home')
    expect(await screen.findByTestId('total-crime')).toBeInTheDocument()
    expect(screen.queryByTestId('view-error')).not.toBeInTheDocument()
  })
})
