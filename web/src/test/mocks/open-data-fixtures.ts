// The open data answers of the server with the shipped data (GET /data/catalog.jsonld and
// GET /api/data/gbvf-crime/datapackage.json, decision 0164), copied from a running server: the
// catalogue's addresses are made on the page's origin, as the server makes them on its own.

export const OPEN_DATA_MODIFIED = '2026-11-29T06:53:25Z'

/** The files of the crime dataset: name, title, bytes, SHA-256. */
export const crimeFiles: [string, string, number, string][] = [
  ['crime-nation.csv', 'South Africa', 28243, '0d9c36f50e5a6dabfdd16f66a5f2aa0ea0237d4f50e5a68fef0960d41a37ecb7'],
  ['crime-provinces.csv', 'Provinces', 265141, '2c478ff2607c8ed480c562a46ed5bdf6d98eb0dc223b08ea498832c6853ca5f8'],
  [
    'crime-districts.csv',
    'Districts and metropolitan municipalities',
    861049,
    'f9fd0ef2f3e1573d338af75d1bad8b3f14d4081d9e2f3c91f7d2b8ed06de1d70',
  ],
  [
    'crime-municipalities.csv',
    'Local municipalities',
    3910439,
    'a50bef99bbe3be0c5453b8e81edda5696bcc3dc33731354936b1e14053cd9189',
  ],
  [
    'crime-police-precincts.csv',
    'SAPS police precincts',
    15735135,
    'a89dddcb8d275220cce1f7f0e9cba7ca581f4c5dff6ec27f4d0d5dc487afffb7',
  ],
]

/** The Table Schema fields every file of the crime dataset has. */
export const crimeFields = [
  {
    constraints: { required: true },
    description: "The dashboard's id of the area (its address: /home?boundaryId=<id>).",
    name: 'boundary_id',
    type: 'integer',
  },
  {
    constraints: { required: true },
    description:
      "The area's code at its source: the Municipal Demarcation Board code for a province, district or municipality (2020 demarcation), the SAPS station code for a police precinct, ZA for the nation.",
    name: 'boundary_code',
    type: 'string',
  },
  { constraints: { required: true }, description: "The area's name.", name: 'boundary_name', type: 'string' },
  {
    constraints: { required: true },
    description: 'national, province, district, municipality or saps_precinct (the area served by one police station).',
    name: 'level',
    type: 'string',
  },
  { description: 'The province the area lies in (empty for the nation).', name: 'province', type: 'string' },
  {
    constraints: { required: true },
    description: 'The SAPS financial year, 1 April to 31 March, as SAPS writes it: 2022/23.',
    name: 'financial_year',
    type: 'string',
  },
  {
    constraints: { required: true },
    description: "The dashboard's id of the SAPS crime category.",
    name: 'crime_type_id',
    type: 'integer',
  },
  { constraints: { required: true }, description: 'The SAPS crime category.', name: 'crime_type', type: 'string' },
  {
    constraints: { required: true },
    description: "Whether the dashboard's 'Total GBVF crime' sums this category by default.",
    name: 'in_total_gbvf_crime',
    type: 'boolean',
  },
  {
    constraints: { required: true },
    description:
      'Crimes of the category recorded by SAPS in the area in the financial year: the figure SAPS published for the area, else the sum of the figures of the police stations inside it.',
    name: 'crimes_recorded',
    type: 'integer',
  },
  {
    description:
      "People living in the area in the middle of the financial year (1 October): its Census 2022 population carried at its province's yearly growth between Census 2011 and Census 2022 (Statistics South Africa). Empty: not known.",
    name: 'population',
    type: 'integer',
  },
  {
    description:
      "crimes_recorded / population x 100,000, rounded to 2 decimals: the rate of the financial year, divided by that year's population. Empty: the population is not known, or the area is a police precinct (the dashboard gives precincts counts, not rates: a precinct's population is the census count of the area its station serves, which does not follow the census's own areas).",
    name: 'rate_per_100000',
    type: 'number',
  },
  {
    description: 'Where the figure comes from (the SAPS release, or the sum of the station figures of a release).',
    name: 'source',
    type: 'string',
  },
]

const LICENSE = 'https://opendefinition.org/licenses/other-pd/'
const DESCRIPTION =
  "Crimes of the gender-based-violence-related SAPS categories recorded per area (the nation, provinces, districts, local municipalities and police precincts), crime category and SAPS financial year (April to March), with the population of each area in that year and the rate per 100,000 people, as the GBVF dashboard shows them. Financial years 2003/04 to 2022/23. Station figures cover 2003/04 to 2015/16; provincial and national figures published by SAPS cover 2013/14 to 2022/23; an area without a published figure shows the sum of its police stations' figures."
const TITLE = 'GBVF-related crime recorded by SAPS, per area and financial year'
const KEYWORDS = ['gender-based violence', 'femicide', 'crime statistics', 'SAPS', 'South Africa', 'sexual offences']
const SOURCES = [
  [
    'https://www.saps.gov.za/services/crimestats.php',
    'South African Police Service, crime statistics (station series 2003/04-2015/16; provincial and national series 2013/14-2022/23)',
  ],
  ['https://www.statssa.gov.za/', 'Statistics South Africa, Census 2022 and Census 2011'],
  ['https://www.demarcation.org.za/', 'Municipal Demarcation Board, 2020 boundaries'],
]

/** GET /data/catalog.jsonld of a server at `origin`. */
export function openDataCatalogue(origin: string) {
  const base = `${origin}/api/data/gbvf-crime`
  return {
    '@context': {
      dcat: 'http://www.w3.org/ns/dcat#',
      'dcat:accessURL': { '@type': '@id' },
      'dcat:byteSize': { '@type': 'xsd:nonNegativeInteger' },
      'dcat:downloadURL': { '@type': '@id' },
      'dcat:landingPage': { '@type': '@id' },
      dct: 'http://purl.org/dc/terms/',
      'dct:issued': { '@type': 'xsd:dateTime' },
      'dct:license': { '@type': '@id' },
      'dct:modified': { '@type': 'xsd:dateTime' },
      foaf: 'http://xmlns.com/foaf/0.1/',
      'foaf:homepage': { '@type': '@id' },
      spdx: 'http://spdx.org/rdf/terms#',
      xsd: 'http://www.w3.org/2001/XMLSchema#',
    },
    '@id': `${origin}/data/catalog.jsonld`,
    '@type': 'dcat:Catalog',
    'dcat:dataset': [
      {
        '@id': base,
        '@type': 'dcat:Dataset',
        'dcat:distribution': [
          ...crimeFiles.map(([file, title, bytes, sha256]) => ({
            '@type': 'dcat:Distribution',
            'dcat:accessURL': `${base}/${file}`,
            'dcat:byteSize': bytes,
            'dcat:downloadURL': `${base}/${file}`,
            'dcat:mediaType': 'text/csv',
            'dct:format': 'CSV',
            'dct:license': LICENSE,
            'dct:modified': OPEN_DATA_MODIFIED,
            'dct:title': title,
            'spdx:checksum': {
              '@type': 'spdx:Checksum',
              'spdx:algorithm': { '@id': 'spdx:checksumAlgorithm_sha256' },
              'spdx:checksumValue': sha256,
            },
          })),
          {
            '@type': 'dcat:Distribution',
            'dcat:accessURL': `${base}/datapackage.json`,
            'dcat:downloadURL': `${base}/datapackage.json`,
            'dcat:mediaType': 'application/json',
            'dct:conformsTo': { '@id': 'https://specs.frictionlessdata.io/tabular-data-package/' },
            'dct:format': 'Frictionless Data Package',
            'dct:license': LICENSE,
            'dct:title': 'Frictionless Data Package (every file with its Table Schema)',
          },
        ],
        'dcat:keyword': KEYWORDS,
        'dcat:landingPage': `${origin}/data`,
        'dct:description': DESCRIPTION,
        'dct:identifier': 'gbvf-crime',
        'dct:license': LICENSE,
        'dct:modified': OPEN_DATA_MODIFIED,
        'dct:source': SOURCES.map(([id, title]) => ({ '@id': id, 'dct:title': title })),
        'dct:spatial': 'South Africa',
        'dct:temporal': {
          '@type': 'dct:PeriodOfTime',
          'dcat:endDate': { '@type': 'xsd:date', '@value': '2023-03-31' },
          'dcat:startDate': { '@type': 'xsd:date', '@value': '2003-04-01' },
        },
        'dct:title': TITLE,
      },
    ],
    'dct:description':
      "The public figures of South Africa's national GBVF dashboard as downloadable files with their definitions.",
    'dct:language': 'en',
    'dct:publisher': { '@type': 'foaf:Agent', 'foaf:homepage': origin, 'foaf:name': 'GBVF dashboard' },
    'dct:title': 'GBVF dashboard open data',
    'foaf:homepage': `${origin}/data`,
  }
}

/** GET /api/data/gbvf-crime/datapackage.json of a server at `origin`. */
export function crimeDataPackage(origin: string) {
  return {
    created: OPEN_DATA_MODIFIED,
    description: DESCRIPTION,
    homepage: `${origin}/data`,
    keywords: KEYWORDS,
    licenses: [
      {
        name: 'other-pd',
        path: 'https://opendefinition.org/licenses/other-pd/',
        title:
          'Public information: SAPS, Statistics South Africa and the Municipal Demarcation Board state no terms of use; credit them as sources',
      },
    ],
    name: 'gbvf-crime',
    profile: 'tabular-data-package',
    resources: crimeFiles.map(([file, title, bytes, sha256]) => ({
      bytes,
      encoding: 'utf-8',
      format: 'csv',
      hash: `sha256:${sha256}`,
      mediatype: 'text/csv',
      name: file.replace(/\.csv$/, ''),
      path: file,
      profile: 'tabular-data-resource',
      schema: { fields: crimeFields, missingValues: [''] },
      title,
    })),
    sources: SOURCES.map(([path, title]) => ({ path, title })),
    title: TITLE,
  }
}

/** GET /api/audit/public-key. */
export const auditPublicKey = {
  algorithm: 'Ed25519',
  publicKey: '5b375f088c77f29d9d0d28b9ae97674b8a2c2fc2f841ab59922ec9bbfa1fa215',
  sealedUpTo: '2026-11-29T06:38:48.045277Z',
  sealedEvents: 115487,
}
