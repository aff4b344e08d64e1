// A card's actions in a shared view (the chart, map and grid views): the CSV of what is shown, the
// full series, and the Embed and Cite dialogs with their focus handling; outside a shared view
// (the landing) the table, CSV and PNG alone.
import { describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'react-redux'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { makeStore } from '../app/store'
import { strings } from '../config/strings'
import { DataActions } from './card'
import type { TableData } from './data-table'
import { ShareScope } from './share-context'

const table: TableData = {
  title: 'Total GBVF crime',
  area: 'City of Cape Town',
  period: '2022/23',
  source: 'Crime statistics: SAPS; Boundaries: Municipal Demarcation Board',
  columns: [{ label: 'Crime type' }, { label: 'Count', numeric: true }],
  rows: [{ display: ['Rape', '1,234'], raw: ['Rape', 1234] }],
}

function renderActions(url: string, shared: boolean) {
  const actions = <DataActions table={table} series={{ componentId: 3, level: 'district' }} />
  const router = createMemoryRouter(
    [{ path: '/home/chart', element: shared ? <ShareScope view="chart">{actions}</ShareScope> : actions }],
    { initialEntries: [url] },
  )
  return render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  )
}

describe('card actions', () => {
  it('outside a shared view: the table, the CSV, nothing to embed or cite', () => {
    renderActions('/home/chart?boundaryId=101', false)
    expect(screen.getByRole('button', { name: /Download CSV/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Embed/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /Cite/ })).toBeNull()
    expect(screen.queryByRole('link', { name: /Full series/ })).toBeNull()
  })

  it('in a shared view: what is shown, the full series file, Embed with the snippet of the view', async () => {
    const user = userEvent.setup()
    renderActions('/home/chart?boundaryId=101&boundaryTypeId=2&componentId=3&utm=x', true)
    expect(screen.getByRole('button', { name: /Download what is shown/ })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Full series \(CSV\)/ })).toHaveAttribute(
      'href',
      '/api/data/gbvf-crime/crime-districts.csv',
    )
    const embed = screen.getByRole('button', { name: /Embed/ })
    await user.click(embed)
    const dialog = screen.getByRole('dialog', { name: strings.share.embedTitle })
    expect(dialog).toHaveFocus()
    const code = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: strings.share.embedCode })
    expect(code).toHaveAttribute('readonly')
    expect(code.value).toMatch(
      /^<iframe src="http:\/\/localhost(:\d+)?\/embed\/chart\?boundaryId=101&amp;boundaryTypeId=2&amp;componentId=3" title="GBVF Dashboard: [^"]+" width="100%" height="900" loading="lazy" style="border:0"><\/iframe>$/,
    )
    expect(within(dialog).getByRole('link', { name: /Preview the embedded view/ })).toHaveAttribute('target', '_blank')
    expect(within(dialog).getByRole('button', { name: strings.share.copyEmbed })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(embed).toHaveFocus()
  })

  it('Cite: the permalink as of the view’s date, and the citation with the card’s own sources', async () => {
    const user = userEvent.setup()
    renderActions('/home/chart?boundaryId=101&boundaryTypeId=2&componentId=3&asOf=2025-04-01', true)
    await user.click(screen.getByRole('button', { name: /Cite/ }))
    const dialog = screen.getByRole('dialog', { name: strings.share.citeTitle })
    const permalink = within(dialog).getByRole<HTMLInputElement>('textbox', { name: strings.share.permalink })
    expect(permalink.value).toMatch(/\/home\/chart\?boundaryId=101&boundaryTypeId=2&componentId=3&asOf=2025-04-01$/)
    const citation = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: strings.share.citation }).value
    expect(citation).toMatch(
      /^GBVF Dashboard \(2025\)\. Total GBVF crime, City of Cape Town, SAPS financial year 2022\/23\. Figures as of 1 April 2025\. Sources: Crime statistics: SAPS; Boundaries: Municipal Demarcation Board\. http:\/\/localhost(:\d+)?\/home\/chart\?\S+&asOf=2025-04-01\. Accessed \d{1,2} [A-Z][a-z]+ \d{4}\.$/,
    )
    expect(within(dialog).getByText(/as recorded by the end of 1 April 2025, South African time/)).toBeInTheDocument()
  })
})
