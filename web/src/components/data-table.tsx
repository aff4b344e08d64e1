// The data-table alternative for a chart or the map, and its CSV form. The CSV carries exactly the
// numbers the table shows (unformatted), with the area, period and source on every row.
import { useId } from 'react'
import { toCsv, type CsvCell } from '../lib/csv'
import { strings } from '../config/strings'

export interface TableColumn {
  label: string
  numeric?: boolean
}

export interface TableRow {
  /** What the table shows (formatted). */
  display: React.ReactNode[]
  /** The same values unformatted for the CSV. */
  raw: CsvCell[]
}

export interface TableData {
  title: string
  columns: TableColumn[]
  rows: TableRow[]
  area: string
  period: string
  source: string
}

export function tableCsv(data: TableData): string {
  const header = [
    strings.dataTable.area,
    strings.dataTable.period,
    ...data.columns.map((c) => c.label),
    strings.dataTable.source,
  ]
  const rows = data.rows.map((row) => [data.area, data.period, ...row.raw, data.source])
  return toCsv(header, rows)
}

export function DataTable({ data, id }: { data: TableData; id?: string }) {
  const captionId = useId()
  // A wide table scrolls sideways on narrow screens: the scrolling box is a labelled region that
  // keyboard users can focus and scroll.
  return (
    <div className="data-table" id={id} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId}>
          {data.title} – {data.area}, {data.period}
        </caption>
        <thead>
          <tr>
            {data.columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? 'numeric' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row, r) => (
            <tr key={r}>
              {row.display.map((value, c) =>
                c === 0 ? (
                  <th key={c} scope="row">
                    {value}
                  </th>
                ) : (
                  <td key={c} className={data.columns[c]?.numeric ? 'numeric' : undefined}>
                    {value}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="data-table__source">
        {strings.dataTable.source}: {data.source}
      </p>
    </div>
  )
}
