// CSV building and download for the data-table alternatives of charts and the map.

export type CsvCell = string | number | null | undefined

/** The first characters that make a spreadsheet evaluate a cell (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r\0]/
/** A plain decimal number (`-12`, `+3.50`): read as a number, never as a formula. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/

/**
 * A text cell a spreadsheet shows and never evaluates (OWASP "CSV Injection"): text beginning
 * with `=`, `+`, `-`, `@`, tab, carriage return or null gets a leading single quote; a plain decimal
 * number (`-12.50`, as `toFixed` writes one) stays as it is, so a negative figure stays a
 * figure. The server's CSV answers apply the same rule (`api/src/http/csv_export.rs`).
 */
export function neutraliseCsvText(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text
}

function cell(value: CsvCell): string {
  if (value == null) return ''
  // Numbers are written as numbers; text (names from the API, labels) is neutralised.
  const text = typeof value === 'number' ? String(value) : neutraliseCsvText(value)
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n'
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

export function downloadCsv(csv: string, fileName: string): void {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  downloadBlob(new Blob(['\uFEFF' + csv], { type: 'text/csv;charset=utf-8' }), fileName)
}

export function downloadDataUrl(dataUrl: string, fileName: string): void {
  const a = document.createElement('a')
  a.href = dataUrl
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
}
