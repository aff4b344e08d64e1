// Integration tests: the real routes, store and RTK Query against MSW mocks of the API.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { render } from '@testing-library/react'
import { renderApp } from '../test/render'
import { server } from '../test/mocks/server'
import { setViewportWidth } from '../test/setup'
import { attribution, strings } from '../config/strings'
import { links } from '../config/constants'
import { ErrorPage } from '../features/layout/error-page'
import { crimeStats } from '../test/mocks/fixtures'
import { formatCount, formatRate } from '../lib/format'

function search(router: ReturnType<typeof renderApp>['router']) {
  return new URLSearchParams(router.state.location.search)
}

describe('public routes', () => {
  it('redirects / to /home keeping the filters', async () => {
    const { router } = renderApp('/?boundaryId=2&boundaryTypeId=2')
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(search(router).get('boundaryId')).toBe('2')
  })

  it('sends unknown paths to the public index, then home', async () => {
    const { router } = renderApp('/no/such/page')
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
  })

  it('/home shows the national figures, rate, breakdown and attribution', async () => {
    renderApp('/home')
    const national = crimeStats(1)
    expect(await screen.findByTestId('total-crime')).toHaveTextContent(formatCount(national.total))
    expect(screen.getByTestId('previous-total')).toHaveTextContent(formatCount(national.previousTotal))
    expect(screen.getByTestId('crime-rate')).toHaveTextContent(formatRate(national.rate))
    expect(screen.getByRole('heading', { name: strings.summary.heading('South Africa') })).toBeInTheDocument()
    expect(screen.getByText(/SAPS financial year 2022\/23 \(1 April 2022 to 31 March 2023\)\./)).toBeInTheDocument()
    const footer = screen.getByTestId('attribution')
    for (const line of attribution) expect(footer).toHaveTextContent(line)
  })

  it('shows the loading overlay first and removes it after the linger', async () => {
    renderApp('/home')
    expect(await screen.findByTestId('loading-overlay')).toBeInTheDocument()
    await screen.findByTestId('total-crime')
    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument(), { timeout: 4000 })
  })

  it("/home/comparison says 'Coming soon'", async () => {
    renderApp('/home/comparison')
    expect(await screen.findByText(strings.messages.comingSoon)).toBeInTheDocument()
  })

  it('the contact directory shows its empty state until a province and a building block are chosen', async () => {
    renderApp('/home/contact')
    expect(await screen.findByText(strings.contact.emptyTitle)).toBeInTheDocument()
    expect(screen.getByText(strings.contact.emptyText)).toBeInTheDocument()
    expect(screen.getByPlaceholderText(strings.contact.searchPlaceholder)).toBeInTheDocument()
    expect(screen.getByText(strings.contact.selectBuildingBlocks)).toBeInTheDocument()
  })

  it("the error element reads 'Unexpected Application Error!'", async () => {
    function Boom(): never {
      throw new Error('boom')
    }
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <ErrorPage /> }])
    const original = console.error
    console.error = () => {}
    render(<RouterProvider router={router} />)
    expect(await screen.findByText(strings.messages.unexpectedError)).toBeInTheDocument()
    console.error = original
  })
})

describe('header', () => {
  it('hides Login while enableLogin is false and shows it when true', async () => {
    const first = renderApp('/home')
    await screen.findByTestId('total-crime')
    expect(screen.queryByRole('link', { name: strings.header.login })).not.toBeInTheDocument()
    first.unmount()
    server.use(http.get('*/api/config/feature-flags', () => HttpResponse.json({ enableLogin: true })))
    renderApp('/home')
    expect(await screen.findByRole('link', { name: strings.header.login })).toBeInTheDocument()
  })

  it('opens About Us in a new tab; hides Help and feedback without a target', async () => {
    renderApp('/home')
    const about = await screen.findByRole('link', { name: new RegExp(strings.header.aboutUs) })
    expect(about).toHaveAttribute('target', '_blank')
    expect(about).toHaveAttribute('href', links.aboutUs)
    expect(links.aboutUs).toMatch(/^https:\/\/theworldofimpact\.org\//)
    // No build setting in the tests: no stand-in targets (docs/decisions/0093-external-links.md).
    expect(links.help).toBe('')
    expect(screen.queryByRole('link', { name: new RegExp(strings.header.help) })).toBeNull()
    expect(screen.queryByRole('link', { name: strings.beta.feedback })).toBeNull()
  })

  it('the logo returns home and clears the component filters but keeps the geography', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/home/map?boundaryId=2&boundaryTypeId=2&componentId=3&componentOptions=6')
    await user.click(await screen.findByRole('link', { name: strings.header.logoLabel }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(router.state.location.search).toBe('?boundaryId=2&boundaryTypeId=2')
  })
})

describe('filters', () => {
  it('cascades National -> District -> Local and clears back up', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/home')
    const national = await screen.findByLabelText(strings.filters.national)
    await waitFor(() => expect(national).toBeEnabled())
    expect(screen.getByLabelText(strings.filters.district)).toBeDisabled()

    await user.selectOptions(national, 'Gauteng')
    await waitFor(() => expect(search(router).get('boundaryId')).toBe('2'))
    expect(search(router).get('boundaryTypeId')).toBe('2')
    const district = screen.getByLabelText(strings.filters.district)
    await waitFor(() => expect(within(district).getByRole('option', { name: 'Sedibeng' })).toBeInTheDocument())

    await user.selectOptions(district, 'Sedibeng')
    await waitFor(() => expect(search(router).get('boundaryId')).toBe('11'))
    const local = screen.getByLabelText(strings.filters.local)
    await waitFor(() => expect(within(local).getByRole('option', { name: 'Emfuleni' })).toBeInTheDocument())

    await user.selectOptions(local, 'Emfuleni')
    await waitFor(() => expect(search(router).get('boundaryId')).toBe('100'))
    expect(search(router).get('boundaryTypeId')).toBe('3')
    expect(await screen.findByRole('heading', { name: strings.summary.heading('Emfuleni') })).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText(strings.filters.district), strings.filters.allDistricts)
    await waitFor(() => expect(search(router).get('boundaryId')).toBe('2'))
    await waitFor(() => expect(screen.getByLabelText(strings.filters.local)).toBeDisabled())

    await user.selectOptions(screen.getByLabelText(strings.filters.national), strings.filters.allProvinces)
    await waitFor(() => expect(search(router).get('boundaryId')).toBeNull())
    expect(search(router).get('boundaryTypeId')).toBeNull()
  })

  it('choosing a category on home goes to chart; options follow the section 4 rules', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/home')
    await screen.findByTestId('total-crime')
    const group = screen.getByRole('group', { name: strings.filters.categories })
    await user.click(within(group).getByRole('button', { name: 'Building blocks' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/chart'))
    expect(search(router).get('componentId')).toBe('1')
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: strings.filters.categories })).getByRole('button', {
          name: 'Building blocks',
        }),
      ).toHaveAttribute('aria-pressed', 'true'),
    )

    await user.click(screen.getByRole('button', { name: new RegExp(strings.filters.filterBy) }))
    await user.click(screen.getByRole('checkbox', { name: 'Clinics' }))
    expect(search(router).get('componentOptions')).toBe('10')
    expect(search(router).get('componentSubOptions')).toBe('10-101')

    // A second building block on the chart view asks to reset first.
    await user.click(screen.getByRole('checkbox', { name: 'Justice' }))
    const dialog = await screen.findByRole('dialog', { name: strings.filters.resetPromptTitle })
    await user.click(within(dialog).getByRole('button', { name: strings.filters.resetConfirm }))
    await waitFor(() => expect(search(router).get('componentOptions')).toBe('11'))
    expect(search(router).get('componentSubOptions')).toBeNull()

    await user.click(screen.getByRole('checkbox', { name: strings.filters.all }))
    expect(search(router).get('componentOptions')).toBeNull()

    // Changing category clears the options.
    await user.click(screen.getByRole('checkbox', { name: 'Health' }))
    expect(search(router).get('componentOptions')).toBe('10')
    await user.click(within(group).getByRole('button', { name: 'Crime' }))
    await waitFor(() => expect(search(router).get('componentId')).toBe('3'))
    expect(search(router).get('componentOptions')).toBeNull()
  })
})

describe('chart view', () => {
  it('shows every component ordered by seq on wide screens', async () => {
    setViewportWidth(1366)
    renderApp('/home/chart')
    const cards = await screen.findByTestId('dashboard-cards')
    await waitFor(() =>
      expect(
        within(cards)
          .getAllByRole('heading', { level: 2 })
          .map((h) => h.textContent),
      ).toEqual(['Crime', 'Building blocks', 'Health check', 'Collective actions']),
    )
    expect(within(cards).getAllByText(strings.messages.noData).length).toBeGreaterThan(0)
    expect(await within(cards).findByTestId('card-total-crime')).toHaveTextContent(
      strings.cards.totalCrimeCompares('2021/22', '2022/23'),
    )
  })

  it('shows only the chosen component at 991 px or less', async () => {
    setViewportWidth(991)
    renderApp('/home/chart?componentId=4')
    const cards = await screen.findByTestId('dashboard-cards')
    await waitFor(() =>
      expect(
        within(cards)
          .getAllByRole('heading', { level: 2 })
          .map((h) => h.textContent),
      ).toEqual(['Collective actions']),
    )
    setViewportWidth(1366)
  })

  it('the crime breakdown table and CSV carry the API numbers', async () => {
    const user = userEvent.setup()
    renderApp('/home/chart')
    const card = await screen.findByTestId('card-crime-breakdown')
    await user.click(within(card).getByRole('button', { name: strings.dataTable.show }))
    const table = within(card).getByRole('table')
    for (const d of crimeStats(1).distribution) {
      expect(within(table).getByRole('rowheader', { name: d.description }).closest('tr')).toHaveTextContent(
        formatCount(d.value),
      )
    }
  })
})

describe('grid view', () => {
  it('shows one card per area and moves cards to the bottom and top', async () => {
    const user = userEvent.setup()
    renderApp('/home/grid?boundaryId=2&boundaryTypeId=2')
    const list = await screen.findByRole('list', { name: strings.grid.cardsLabel })
    const names = () =>
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent)
    await waitFor(() => expect(names()).toEqual(['City of Johannesburg', 'Sedibeng']))
    await user.click(within(list).getByRole('button', { name: `${strings.grid.moveToBottom}: City of Johannesburg` }))
    expect(names()).toEqual(['Sedibeng', 'City of Johannesburg'])
    await user.click(within(list).getByRole('button', { name: `${strings.grid.moveToTop}: City of Johannesburg` }))
    expect(names()).toEqual(['City of Johannesburg', 'Sedibeng'])
  })
})
