// The open data page (/data) against the real server with the shipped data, at 1280 px and on a
// 390×844 phone: every dataset of the DCAT catalogue with its files (titles, sizes and SHA-256
// as the Data Package gives them), the columns once, the published key in the check of a
// download, and the schema.org markup in the head. A CSV downloaded through the page's Download
// link has the SHA-256 the page shows and the package states, and its signed manifest names the
// same. On the phone nothing is wider than the screen (64-digit hashes wrap). Screenshots:
// open-data-desktop.png, open-data-mobile.png (full page) and open-data-mobile-top.png.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { WAIT_MS, useBrowser } from './lib/browser.mjs'
import { BASE_URL, VIEWPORTS, api, assertReachable, newPage, open, screenshot } from './lib/app.mjs'

const browser = useBrowser(assertReachable)
const WIDTHS = { desktop: { width: 1280, height: 800 }, mobile: VIEWPORTS.mobile }

/** The DCAT catalogue the page reads (outside /api). */
async function catalogue() {
  const response = await fetch(`${BASE_URL}/data/catalog.jsonld`, { signal: AbortSignal.timeout(30_000) })
  assert.ok(response.ok, `GET /data/catalog.jsonld answered ${response.status}`)
  return response.json()
}

const list = (value) => (value == null ? [] : Array.isArray(value) ? value : [value])

/** Same as fileSize and the page's sizes (src/features/open-data/model.ts): decimal units, one decimal. */
function sizeText(bytes) {
  const one = (n) => n.toFixed(1).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  if (bytes < 1000) return `${bytes} bytes`
  if (bytes < 999_950) return `${one(bytes / 1e3)} kB`
  if (bytes < 999_950_000) return `${one(bytes / 1e6)} MB`
  return `${one(bytes / 1e9)} GB`
}

async function assertNoHorizontalOverflow(page, what) {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }))
  assert.ok(widths.doc <= widths.view, `${what}: page ${widths.doc}px wide at ${widths.view}px`)
}

for (const [name, viewport] of Object.entries(WIDTHS)) {
  test(`/data (${name}): every dataset with its files, columns, key and schema.org markup`, async () => {
    const dcat = await catalogue()
    const datasets = list(dcat['dcat:dataset'])
    assert.ok(datasets.length > 0, 'the catalogue has a dataset')
    const crime = datasets.find((d) => d['dct:identifier'] === 'gbvf-crime')
    assert.ok(crime, 'the catalogue has the crime dataset')
    const pkg = await api('/data/gbvf-crime/datapackage.json')
    assert.equal(pkg.resources.length, 5, 'the crime dataset has five files')
    const { publicKey } = await api('/audit/public-key')

    const { context, page, errors } = await newPage(browser(), viewport)
    try {
      await open(page, '/data')
      await page.getByRole('heading', { level: 1, name: 'Open data' }).waitFor()
      // Each dataset of the catalogue, by its title.
      for (const dataset of datasets)
        await page.getByRole('heading', { level: 2, name: dataset['dct:title'], exact: true }).waitFor()
      const section = page.locator('section[data-dataset="gbvf-crime"]')
      assert.match(
        await section.getByTestId('dataset-period').textContent(),
        /^SAPS financial years 2003\/04 to 2022\/23/,
      )

      // The five files, in the package's order, with its titles, sizes and hashes.
      const files = section.locator('li[data-file]')
      assert.deepEqual(
        await files.evaluateAll((lis) => lis.map((li) => li.dataset.file)),
        pkg.resources.map((r) => r.path),
      )
      for (const [i, resource] of pkg.resources.entries()) {
        const item = files.nth(i)
        assert.equal((await item.locator('h4').textContent()).trim(), resource.title)
        assert.equal((await item.getByTestId('file-size').textContent()).trim(), sizeText(resource.bytes))
        assert.equal(`sha256:${(await item.getByTestId('file-sha256').textContent()).trim()}`, resource.hash)
      }

      // The columns, once, as the package defines them.
      await section.getByTestId('dataset-columns').waitFor()
      assert.equal(await section.getByTestId('dataset-columns').count(), 1, 'the columns once per dataset')
      const columns = await section
        .getByTestId('dataset-columns')
        .locator('tbody th')
        .evaluateAll((ths) => ths.map((th) => th.textContent.trim()))
      assert.deepEqual(
        columns,
        pkg.resources[0].schema.fields.map((f) => f.name),
      )

      // The check of a download names the published key.
      await page.getByTestId('public-key').waitFor()
      assert.equal((await page.getByTestId('public-key').textContent()).trim(), publicKey)
      assert.ok((await page.getByTestId('verify-command').textContent()).endsWith(`--public-key ${publicKey}`))

      // schema.org: one Dataset per dataset of the catalogue, with its CSV downloads.
      const markup = await page.evaluate(() =>
        [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent),
      )
      assert.equal(markup.length, 1, 'one JSON-LD script in the head')
      const jsonLd = JSON.parse(markup[0])
      assert.equal(jsonLd['@context'], 'https://schema.org')
      assert.deepEqual(
        jsonLd['@graph'].map((d) => [d['@type'], d.name]),
        datasets.map((d) => ['Dataset', d['dct:title']]),
      )
      const crimeMarkup = jsonLd['@graph'].find((d) => d.identifier === 'gbvf-crime')
      assert.equal(crimeMarkup.temporalCoverage, '2003-04-01/2023-03-31')
      assert.deepEqual(
        crimeMarkup.distribution.map((d) => [d['@type'], d.encodingFormat, d.contentUrl]),
        list(crime['dcat:distribution'])
          .filter((d) => d['dcat:mediaType'] === 'text/csv')
          .map((d) => ['DataDownload', 'text/csv', d['dcat:downloadURL']]),
      )

      if (name === 'mobile') {
        await assertNoHorizontalOverflow(page, '/data')
        await screenshot(page, 'open-data-mobile-top')
      }
      await screenshot(page, `open-data-${name}`, { fullPage: true })
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  })
}

test('a CSV downloaded from /data has the SHA-256 the page shows, the package states and its manifest signs', async () => {
  const pkg = await api('/data/gbvf-crime/datapackage.json')
  const resource = pkg.resources.find((r) => r.path === 'crime-provinces.csv')
  assert.ok(resource, 'the package lists crime-provinces.csv')
  const { context, page, errors } = await newPage(browser(), WIDTHS.desktop)
  try {
    await open(page, '/data')
    const item = page.locator('li[data-file="crime-provinces.csv"]')
    const shown = (await item.getByTestId('file-sha256').textContent()).trim()

    const [csv] = await Promise.all([page.waitForEvent('download'), item.getByTestId('file-download').click()])
    assert.equal(csv.suggestedFilename(), 'crime-provinces.csv')
    const bytes = await readFile(await csv.path())
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    assert.equal(bytes.length, resource.bytes, 'the size the package states')
    assert.equal(sha256, shown, 'the SHA-256 the page shows')
    assert.equal(`sha256:${sha256}`, resource.hash, 'the SHA-256 the package states')
    assert.match(bytes.toString('utf8', 0, 200), /^boundary_id,boundary_code,boundary_name,/)

    // Its signed manifest, saved beside it under its own name, names the same bytes.
    const [manifestFile] = await Promise.all([page.waitForEvent('download'), item.getByTestId('file-manifest').click()])
    assert.equal(manifestFile.suggestedFilename(), 'crime-provinces.manifest.json')
    const manifest = JSON.parse(await readFile(await manifestFile.path(), 'utf8'))
    assert.equal(manifest.format, 'gbvf-data-manifest-v1')
    assert.deepEqual(
      [manifest.dataset, manifest.file, manifest.bytes, manifest.sha256],
      ['gbvf-crime', 'crime-provinces.csv', resource.bytes, sha256],
    )
    const { publicKey } = await api('/audit/public-key')
    assert.equal(manifest.public_key, publicKey, 'signed with the published key')
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('the header and the crime section link to /data', async () => {
  const { context, page, errors } = await newPage(browser(), WIDTHS.desktop)
  try {
    await open(page, '/home/chart?boundaryId=1&boundaryTypeId=1&componentId=3')
    await page.getByTestId('crime-open-data').click()
    await page.waitForURL((url) => url.pathname === '/data')
    await page.getByRole('heading', { level: 1, name: 'Open data' }).waitFor()
    const nav = page.getByRole('navigation', { name: 'Main' })
    assert.equal(await nav.getByRole('link', { name: 'Open data' }).getAttribute('aria-current'), 'page')
    // Leaving the page takes its schema.org markup away.
    await page.getByRole('link', { name: 'GBVF Dashboard home' }).click()
    await page.waitForURL((url) => url.pathname === '/home')
    // The markup goes when the page's effect is cleaned up, after the address changes: wait for
    // it (on a busy machine the check ran before the clean-up).
    await page.waitForFunction(
      () => document.querySelectorAll('script[type="application/ld+json"]').length === 0,
      null,
      {
        timeout: WAIT_MS,
      },
    )
    assert.equal(await page.locator('script[type="application/ld+json"]').count(), 0)
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})
