// The open data page through the real routes and store against MSW copies of the server's
// answers: every dataset with its facts, files, columns and the check of a download; the
// schema.org markup while the page is shown; the links to it from the header and the crime section.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { renderApp } from '../../test/render'
import { server } from '../../test/mocks/server'
import { auditPublicKey, crimeFiles } from '../../test/mocks/open-data-fixtures'
import { openDataStrings as s } from '../../config/open-data-strings'
import { strings } from '../../config/strings'

const TITLE = 'GBVF-related crime recorded by SAPS, per area and financial year'

function schemaScripts() {
  return [...document.head.querySelectorAll('script[type="application/ld+json"]')]
}

describe('/data', () => {
  it('lists the dataset with its period, last change, licence, sources and files', async () => {
    renderApp('/data')
    expect(await screen.findByRole('heading', { level: 1, name: s.title })).toBeInTheDocument()
    const section = (await screen.findByRole('heading', { level: 2, name: TITLE })).closest('section')!
    const dataset = within(section)
    expect(dataset.getByTestId('dataset-period')).toHaveTextContent(
      'SAPS financial years 2003/04 to 2022/23 (1 April 2003 to 31 March 2023)',
    )
    expect(dataset.getByText('29 November 2026')).toHaveAttribute('datetime', '2026-11-29T06:53:25Z')
    // The licence in the package's words, linked to its definition.
    expect(await dataset.findByRole('link', { name: /^Public information: SAPS/ })).toHaveAttribute(
      'href',
      'https://opendefinition.org/licenses/other-pd/',
    )
    expect(dataset.getByRole('link', { name: /^Statistics South Africa, Census 2022/ })).toHaveAttribute(
      'href',
      'https://www.statssa.gov.za/',
    )

    const files = dataset.getAllByRole('listitem').filter((li) => li.dataset.file)
    expect(files.map((li) => li.dataset.file)).toEqual(crimeFiles.map(([file]) => file))
    for (const [i, [file, title, , sha256]] of crimeFiles.entries()) {
      const item = within(files[i])
      expect(item.getByRole('heading', { level: 4, name: title })).toBeInTheDocument()
      expect(item.getByTestId('file-sha256')).toHaveTextContent(sha256)
      expect(item.getByRole('link', { name: `${s.download}: ${title}` })).toHaveAttribute(
        'href',
        `/api/data/gbvf-crime/${file}`,
      )
      const manifest = item.getByRole('link', { name: `${s.manifest}: ${title}` })
      expect(manifest).toHaveAttribute('href', `/api/data/gbvf-crime/manifest/${file}`)
      expect(manifest).toHaveAttribute('download', file.replace(/\.csv$/, '.manifest.json'))
    }
    expect(within(files[0]).getByTestId('file-size')).toHaveTextContent('28.2 kB')
    expect(within(files[4]).getByTestId('file-size')).toHaveTextContent('15.7 MB')
    expect(dataset.getByRole('link', { name: s.dataPackage })).toHaveAttribute(
      'href',
      '/api/data/gbvf-crime/datapackage.json',
    )
    expect(dataset.getByRole('link', { name: s.catalogue })).toHaveAttribute('href', '/data/catalog.jsonld')
  })

  it('shows the columns once, from the Data Package', async () => {
    renderApp('/data')
    const table = await screen.findByTestId('dataset-columns')
    expect(screen.getAllByTestId('dataset-columns')).toHaveLength(1)
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([s.column, s.type, s.definition])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(13)
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('boundary_id')
    expect(rows[0]).toHaveTextContent(`integer${s.types.integer}${s.required}`)
    expect(rows[11]).toHaveTextContent(/rate_per_100000number.*crimes_recorded \/ population x 100,000/)
    expect(screen.getByText(s.emptyCell)).toBeInTheDocument()
    expect(screen.getByRole('region', { name: s.columns })).toBe(table.parentElement)
  })

  it('explains how to check a download with the published key', async () => {
    renderApp('/data')
    const check = await screen.findByTestId('check-download')
    expect(within(check).getByRole('heading', { level: 2, name: s.checkTitle })).toBeInTheDocument()
    expect(await within(check).findByTestId('public-key')).toHaveTextContent(auditPublicKey.publicKey)
    expect(within(check).getByTestId('verify-command')).toHaveTextContent(
      `gbvf data verify crime-nation.csv crime-nation.manifest.json --public-key ${auditPublicKey.publicKey}`,
    )
  })

  it('says so when the key cannot be loaded, and keeps the rest', async () => {
    server.use(http.get('*/api/audit/public-key', () => HttpResponse.json({}, { status: 500 })))
    renderApp('/data')
    expect(await screen.findByText(s.publicKeyUnavailable)).toBeInTheDocument()
    expect(screen.getAllByTestId('file-download')).toHaveLength(5)
  })

  it('says so when the catalogue cannot be loaded', async () => {
    server.use(http.get('*/data/catalog.jsonld', () => HttpResponse.json({}, { status: 500 })))
    renderApp('/data')
    expect(await screen.findByText(strings.messages.generic)).toBeInTheDocument()
    expect(screen.queryByTestId('check-download')).not.toBeInTheDocument()
  })

  it('carries the schema.org markup while shown, and removes it after', async () => {
    const { router, unmount } = renderApp('/data')
    await waitFor(() => expect(schemaScripts()).toHaveLength(1))
    const markup = JSON.parse(schemaScripts()[0].textContent) as { '@graph': Record<string, unknown>[] }
    expect(markup['@graph'].map((d) => [d['@type'], d.name])).toEqual([['Dataset', TITLE]])
    await router.navigate('/home')
    await waitFor(() => expect(schemaScripts()).toHaveLength(0))
    unmount()
  })

  it('is in the public frame without the filter bar, and the header marks its link', async () => {
    renderApp('/data')
    await screen.findByRole('heading', { level: 1, name: s.title })
    expect(screen.getByRole('button', { name: /Quick exit/i })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: strings.filters.label })).not.toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: strings.header.mainNavigation })
    expect(within(nav).getByRole('link', { name: strings.header.openData })).toHaveAttribute('aria-current', 'page')
    await waitFor(() => expect(document.title).toBe(`${strings.header.openData} – ${strings.appName}`))
  })

  it('is linked from the crime section of the chart view, keeping the area', async () => {
    const { router } = renderApp('/home/chart?boundaryId=2&boundaryTypeId=2')
    const link = await screen.findByTestId('crime-open-data')
    expect(link).toHaveTextContent(strings.cards.openDataLink)
    link.click()
    await waitFor(() => expect(router.state.location.pathname).toBe('/data'))
    expect(new URLSearchParams(router.state.location.search).get('boundaryId')).toBe('2')
  })
})
