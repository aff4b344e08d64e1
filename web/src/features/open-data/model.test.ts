// The open data models: the DCAT catalogue and the Data Package as the server sends them (the
// fixtures are copies of its answers), read defensively, and the schema.org markup made of them.
import { describe, expect, it } from 'vitest'
import {
  columnGroups,
  fileSize,
  financialYears,
  jsonLdText,
  localHref,
  manifestFileName,
  parseCatalogue,
  parseDataPackage,
  sastDate,
  schemaOrgDatasets,
} from './model'
import { crimeDataPackage, crimeFiles, openDataCatalogue } from '../../test/mocks/open-data-fixtures'

const ORIGIN = 'https://gbvf.example.org'

describe('parseCatalogue', () => {
  it('reads every dataset with its period, licence, sources and files', () => {
    const catalogue = parseCatalogue(openDataCatalogue(ORIGIN))
    expect(catalogue).not.toBeNull()
    expect(catalogue!.title).toBe('GBVF dashboard open data')
    expect(catalogue!.publisher).toEqual({ name: 'GBVF dashboard', homepage: ORIGIN })
    expect(catalogue!.datasets).toHaveLength(1)
    const [dataset] = catalogue!.datasets
    expect(dataset.id).toBe('gbvf-crime')
    expect(dataset.url).toBe(`${ORIGIN}/api/data/gbvf-crime`)
    expect(dataset.title).toBe('GBVF-related crime recorded by SAPS, per area and financial year')
    expect(dataset.description).toMatch(/^Crimes of the gender-based-violence-related SAPS categories/)
    expect(dataset.period).toEqual({ start: '2003-04-01', end: '2023-03-31' })
    expect(dataset.modified).toBe('2026-11-29T06:53:25Z')
    expect(dataset.licenseUrl).toBe('https://opendefinition.org/licenses/other-pd/')
    expect(dataset.landingPage).toBe(`${ORIGIN}/data`)
    expect(dataset.spatial).toBe('South Africa')
    expect(dataset.sources.map((s) => s.url)).toEqual([
      'https://www.saps.gov.za/services/crimestats.php',
      'https://www.statssa.gov.za/',
      'https://www.demarcation.org.za/',
    ])
    expect(dataset.sources[1].title).toBe('Statistics South Africa, Census 2022 and Census 2011')
    // The package is no file of the list; it has its own link, on this server.
    expect(dataset.packageUrl).toBe(`${ORIGIN}/api/data/gbvf-crime/datapackage.json`)
    expect(dataset.packageHref).toBe('/api/data/gbvf-crime/datapackage.json')
    expect(dataset.files).toHaveLength(5)
    expect(dataset.files.map((f) => [f.fileName, f.title, f.bytes, f.sha256])).toEqual(crimeFiles)
    expect(dataset.files[1]).toMatchObject({
      downloadUrl: `${ORIGIN}/api/data/gbvf-crime/crime-provinces.csv`,
      href: '/api/data/gbvf-crime/crime-provinces.csv',
      manifestHref: '/api/data/gbvf-crime/manifest/crime-provinces.csv',
      manifestFileName: 'crime-provinces.manifest.json',
      mediaType: 'text/csv',
    })
  })

  it('is null for an answer that is no catalogue, and empty for a catalogue without datasets', () => {
    expect(parseCatalogue(null)).toBeNull()
    expect(parseCatalogue([])).toBeNull()
    expect(parseCatalogue('catalogue')).toBeNull()
    expect(parseCatalogue({ '@type': 'dcat:Catalog' })?.datasets).toEqual([])
  })

  it('reads JSON-LD in its other compact forms and leaves out what it cannot read', () => {
    const catalogue = parseCatalogue({
      // One dataset, not in a list; values as value objects, IRIs as node references.
      'dcat:dataset': {
        '@id': `${ORIGIN}/api/data/other`,
        'dct:title': { '@value': 'Other' },
        'dct:license': { '@id': 'https://example.org/licence' },
        'dct:temporal': { 'dcat:startDate': '2024-01-01', 'dcat:endDate': { '@value': '2024-12-31' } },
        'dcat:distribution': [
          {
            'dcat:downloadURL': { '@id': 'https://files.example.org/other/a.csv' },
            'dcat:mediaType': 'text/csv',
            'dcat:byteSize': { '@value': '1200', '@type': 'xsd:nonNegativeInteger' },
            'spdx:checksum': { 'spdx:checksumValue': 'not-a-sha' },
          },
          // No address: left out.
          { 'dcat:mediaType': 'text/csv', 'dct:title': 'Lost' },
          // Not a CSV: left out.
          { 'dcat:downloadURL': `${ORIGIN}/api/data/other/map.geojson`, 'dcat:mediaType': 'application/geo+json' },
        ],
      },
    })
    expect(catalogue?.datasets).toHaveLength(1)
    const [dataset] = catalogue!.datasets
    // No dct:identifier: the last segment of its address.
    expect(dataset.id).toBe('other')
    expect(dataset.title).toBe('Other')
    expect(dataset.licenseUrl).toBe('https://example.org/licence')
    expect(dataset.period).toEqual({ start: '2024-01-01', end: '2024-12-31' })
    expect(dataset.sources).toEqual([])
    expect(dataset.packageHref).toBe('/api/data/other/datapackage.json')
    expect(dataset.files).toEqual([
      {
        fileName: 'a.csv',
        title: 'a.csv',
        downloadUrl: 'https://files.example.org/other/a.csv',
        // Not one of this server's files: linked where the catalogue says.
        href: 'https://files.example.org/other/a.csv',
        manifestHref: '/api/data/other/manifest/a.csv',
        manifestFileName: 'a.manifest.json',
        mediaType: 'text/csv',
        bytes: 1200,
        sha256: null,
      },
    ])
  })

  it('skips a dataset without a title', () => {
    const catalogue = parseCatalogue({ 'dcat:dataset': [{ 'dct:identifier': 'x' }, 42, null] })
    expect(catalogue?.datasets).toEqual([])
  })
})

describe('parseDataPackage', () => {
  it('reads the files with their hashes and columns', () => {
    const pkg = parseDataPackage(crimeDataPackage(ORIGIN))
    expect(pkg).not.toBeNull()
    expect(pkg!.name).toBe('gbvf-crime')
    expect(pkg!.licences).toEqual([
      {
        name: 'other-pd',
        title:
          'Public information: SAPS, Statistics South Africa and the Municipal Demarcation Board state no terms of use; credit them as sources',
        url: 'https://opendefinition.org/licenses/other-pd/',
      },
    ])
    expect(pkg!.sources).toHaveLength(3)
    expect(pkg!.files.map((f) => [f.path, f.title, f.bytes, f.sha256])).toEqual(crimeFiles)
    const columns = pkg!.files[0].columns
    expect(columns.map((c) => c.name)).toEqual([
      'boundary_id',
      'boundary_code',
      'boundary_name',
      'level',
      'province',
      'financial_year',
      'crime_type_id',
      'crime_type',
      'in_total_gbvf_crime',
      'crimes_recorded',
      'population',
      'rate_per_100000',
      'source',
    ])
    expect(columns[0]).toMatchObject({ type: 'integer', required: true })
    expect(columns.find((c) => c.name === 'population')).toMatchObject({ type: 'integer', required: false })
    expect(columns.find((c) => c.name === 'rate_per_100000')?.description).toMatch(/^crimes_recorded \/ population/)
    expect(pkg!.files[0].missingValues).toEqual([''])
  })

  it('shows the columns once when every file has the same', () => {
    const groups = columnGroups(parseDataPackage(crimeDataPackage(ORIGIN))!)
    expect(groups).toHaveLength(1)
    expect(groups[0].files).toEqual(crimeFiles.map(([file]) => file))
    expect(groups[0].columns).toHaveLength(13)
  })

  it('groups files by their columns when they differ', () => {
    const pkg = parseDataPackage({
      resources: [
        { path: 'a.csv', schema: { fields: [{ name: 'x', type: 'integer' }] } },
        { path: 'b.csv', schema: { fields: [{ name: 'y' }] } },
        { path: 'c.csv', schema: { fields: [{ name: 'x', type: 'integer' }] } },
        { path: 'd.csv' },
      ],
    })!
    expect(columnGroups(pkg).map((g) => [g.files, g.columns.map((c) => `${c.name}:${c.type}`)])).toEqual([
      [['a.csv', 'c.csv'], ['x:integer']],
      // Table Schema's default type is string.
      [['b.csv'], ['y:string']],
    ])
  })

  it('takes only a SHA-256 as one (a hash without prefix is MD5)', () => {
    const pkg = parseDataPackage({
      resources: [
        { path: 'a.csv', hash: 'd41d8cd98f00b204e9800998ecf8427e' },
        { path: 'b.csv', hash: 'SHA256:' + 'AB'.repeat(32) },
        { path: 'c.csv', hash: 'sha256:short' },
      ],
    })!
    expect(pkg.files.map((f) => f.sha256)).toEqual([null, 'ab'.repeat(32), null])
  })

  it('is null for an answer that is no package', () => {
    expect(parseDataPackage(null)).toBeNull()
    expect(parseDataPackage({ name: 'x' })).toBeNull()
  })
})

describe('periods, sizes and dates', () => {
  it('names whole SAPS financial years, and nothing else, as financial years', () => {
    expect(financialYears({ start: '2003-04-01', end: '2023-03-31' })).toEqual({ from: '2003/04', to: '2022/23' })
    expect(financialYears({ start: '2022-04-01', end: '2023-03-31' })).toEqual({ from: '2022/23', to: '2022/23' })
    expect(financialYears({ start: '2024-01-01', end: '2024-12-31' })).toBeNull()
    expect(financialYears({ start: '2023-04-01', end: '2023-03-31' })).toBeNull()
  })

  it('gives sizes in decimal units', () => {
    expect(fileSize(512)).toEqual({ value: 512, unit: 'bytes' })
    expect(fileSize(28243)).toEqual({ value: 28.243, unit: 'kB' })
    expect(fileSize(15735135)).toEqual({ value: 15.735135, unit: 'MB' })
    // 999.96 kB would read 1000.0 kB: it is 1.0 MB.
    expect(fileSize(999_960).unit).toBe('MB')
    expect(fileSize(2_500_000_000)).toEqual({ value: 2.5, unit: 'GB' })
  })

  it('dates an instant in South African time', () => {
    expect(sastDate('2026-11-29T06:53:25Z')).toBe('2026-11-29')
    expect(sastDate('2026-11-29T22:30:00Z')).toBe('2026-11-30')
    expect(sastDate('2026-11-29')).toBe('2026-11-29')
    expect(sastDate('yesterday')).toBeNull()
    expect(sastDate(null)).toBeNull()
  })

  it('links this server’s files by their path and names their manifests', () => {
    expect(localHref(`${ORIGIN}/api/data/gbvf-crime/crime-nation.csv`)).toBe('/api/data/gbvf-crime/crime-nation.csv')
    expect(localHref('https://elsewhere.example.org/a.csv')).toBe('https://elsewhere.example.org/a.csv')
    expect(localHref('relative.csv')).toBe('relative.csv')
    expect(manifestFileName('crime-police-precincts.csv')).toBe('crime-police-precincts.manifest.json')
  })
})

describe('schema.org markup', () => {
  it('describes each dataset as a schema.org Dataset with its CSV downloads', () => {
    const catalogue = parseCatalogue(openDataCatalogue(ORIGIN))!
    const markup = schemaOrgDatasets(catalogue, `${ORIGIN}/data`)
    expect(markup['@context']).toBe('https://schema.org')
    const graph = markup['@graph'] as Record<string, unknown>[]
    expect(graph).toHaveLength(1)
    const organisation = { '@type': 'Organization', name: 'GBVF dashboard', url: ORIGIN }
    expect(graph[0]).toMatchObject({
      '@type': 'Dataset',
      name: 'GBVF-related crime recorded by SAPS, per area and financial year',
      url: `${ORIGIN}/data`,
      identifier: 'gbvf-crime',
      license: 'https://opendefinition.org/licenses/other-pd/',
      isAccessibleForFree: true,
      temporalCoverage: '2003-04-01/2023-03-31',
      spatialCoverage: { '@type': 'Place', name: 'South Africa' },
      dateModified: '2026-11-29T06:53:25Z',
      creator: organisation,
      publisher: organisation,
      includedInDataCatalog: { '@type': 'DataCatalog', name: 'GBVF dashboard open data', url: `${ORIGIN}/data` },
    })
    expect((graph[0].description as string).length).toBeGreaterThan(50)
    expect(graph[0].isBasedOn).toHaveLength(3)
    expect(graph[0].distribution).toEqual(
      crimeFiles.map(([file, title, , sha256]) => ({
        '@type': 'DataDownload',
        name: title,
        encodingFormat: 'text/csv',
        contentUrl: `${ORIGIN}/api/data/gbvf-crime/${file}`,
        sha256,
      })),
    )
  })

  it('writes JSON that cannot close its script element', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>' })
    expect(text).not.toContain('<')
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' })
  })
})
