// The words of the open data page (/data, decisions 0164 and 0165): the datasets of the DCAT
// catalogue with their files, columns and sources, and how to check a downloaded file with its
// signed manifest. Names follow the product's terms: dataset, file, Data Package, manifest. The
// datasets' own titles, descriptions, sources and column definitions are the server's (data).
import { message, registerStrings } from '../i18n/runtime'

export const openDataStrings = registerStrings('openData', {
  title: 'Open data',
  intro:
    'The figures of this dashboard as files you can download and reuse: each dataset with its CSV files, what every column means, where the figures come from, and a signed manifest to check each file.',
  loading: 'Loading the datasets',
  noDatasets: 'No datasets are published yet.',
  identifier: 'Dataset',
  period: 'Period covered',
  /** The period of a dataset in SAPS financial years, with its first and last day. */
  financialYears: message<[string, string, string, string]>(
    'SAPS financial years {from} to {to} ({start} to {end})',
    'from',
    'to',
    'start',
    'end',
  ),
  /** A period that is not whole financial years, first and last day included. */
  periodDates: message<[string, string]>('{start} to {end}', 'start', 'end'),
  lastChanged: 'Last changed',
  licence: 'Licence',
  sources: 'Sources',
  files: 'Files',
  fileName: 'File',
  size: 'Size',
  sizeBytes: message<[string]>('{size} bytes', 'size'),
  sizeKilobytes: message<[string]>('{size} kB', 'size'),
  sizeMegabytes: message<[string]>('{size} MB', 'size'),
  sizeGigabytes: message<[string]>('{size} GB', 'size'),
  sha256: 'SHA-256',
  download: 'Download CSV',
  manifest: 'Signed manifest',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy',
  /** The copy button's spoken name (it starts with the visible word). */
  copyHash: message<[string]>('Copy the SHA-256 of {file}', 'file'),
  copyKey: 'Copy the public key',
  /** The links that describe the dataset for software. */
  forSoftware: 'Descriptions for software',
  dataPackage: 'Data Package (datapackage.json)',
  catalogue: 'DCAT catalogue',
  columns: 'Columns',
  columnsOf: message<[string]>('Columns of {files}', 'files'),
  columnsNote: 'Every file of this dataset has these columns, in this order, with a header row first.',
  emptyCell: 'An empty cell means the value is not known.',
  column: 'Column',
  type: 'Type',
  definition: 'Definition',
  required: 'always filled in',
  /** Table Schema's types in words, beside the type's name. */
  types: {
    integer: 'whole number',
    number: 'number',
    string: 'text',
    boolean: 'true or false',
    date: 'date',
    datetime: 'date and time',
    year: 'year',
  },
  checkTitle: 'Check a download',
  checkText:
    'Each file has a manifest signed with the dashboard’s audit key: it gives the file’s size and SHA-256 and ties them to the dashboard’s signed record of changes. To check a file, download its signed manifest beside it and run the dashboard’s command-line tool, gbvf, which needs no network connection:',
  checkHashOnly:
    'To check only that a download is complete, compare its SHA-256 with the one shown above (sha256sum on Linux, shasum -a 256 on macOS, certutil -hashfile on Windows).',
  publicKey: 'Published public key',
  publicKeyUnavailable: 'The public key could not be loaded. Please try again later.',
})
