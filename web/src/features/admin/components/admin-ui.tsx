// Building blocks of the admin screens: the page header with its back arrow, the list toolbar
// (filter, sort, search), tables of four cells per row (section 9), details lists, and the
// failure shown in place of the content (section 4).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { adminStrings } from '../../../config/admin-strings'
import { BackArrowIcon } from '../../../components/icons'
import { chunk } from '../admin-format'
import { adminFailureOf } from '../admin-errors'
import { CELLS_PER_ROW, SEARCH_DEBOUNCE_MS } from '../admin-constants'
import type { SortOrder } from '../admin-types'

const c = adminStrings.common

/** The screen's title with a back arrow (an icon link with a spoken name) and optional actions. */
export function PageHeader({
  title,
  back,
  backLabel,
  actions,
  children,
}: {
  title: string
  back?: string
  backLabel?: string
  actions?: ReactNode
  children?: ReactNode
}) {
  return (
    <header className="admin-page__header">
      <div className="admin-page__title-row">
        {back ? (
          <Link to={back} className="admin-back" aria-label={backLabel} title={backLabel}>
            <BackArrowIcon />
          </Link>
        ) : null}
        <h1 id="admin-title" className="admin-page__title">
          {title}
        </h1>
        {actions ? <div className="admin-page__actions">{actions}</div> : null}
      </div>
      {children}
    </header>
  )
}

/** A single choice shown as a row of toggle buttons (radio buttons underneath). */
export function SegmentedChoice<T extends string | number>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string
  name: string
  value: T
  options: { value: T; label: string }[]
  onChange: (value: T) => void
}) {
  return (
    <fieldset className="segmented">
      <legend className="segmented__legend">{legend}</legend>
      <div className="segmented__options">
        {options.map((o) => (
          <label
            key={String(o.value)}
            className={`segmented__option ${o.value === value ? 'segmented__option--on' : ''}`}
          >
            <input
              type="radio"
              name={name}
              value={String(o.value)}
              checked={o.value === value}
              onChange={() => onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

export function SortSelect({ value, onChange }: { value: SortOrder; onChange: (value: SortOrder) => void }) {
  const id = useId()
  return (
    <div className="admin-field admin-field--inline">
      <label htmlFor={id}>{c.sort}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value === 'desc' ? 'desc' : 'asc')}>
        <option value="asc">{c.sortAsc}</option>
        <option value="desc">{c.sortDesc}</option>
      </select>
    </div>
  )
}

/**
 * A search box that reports what was typed after a short pause (and at once on Enter). It follows
 * `value` when that changes from outside (the back button, a filter switch).
 */
export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
}: {
  value: string
  onSearch: (value: string) => void
  label: string
  placeholder: string
}) {
  const id = useId()
  const [text, setText] = useState(value)
  const latest = useRef(onSearch)
  latest.current = onSearch
  useEffect(() => setText(value), [value])
  useEffect(() => {
    if (text === value) return
    const timer = setTimeout(() => latest.current(text), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, value])
  return (
    <form
      role="search"
      className="admin-search"
      onSubmit={(e) => {
        e.preventDefault()
        onSearch(text)
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <svg
        className="admin-search__icon"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="11" cy="11" r="7" />
        <path d="M20 20l-4-4" />
      </svg>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
      />
    </form>
  )
}

/** Items in a table of four cells per row (section 9); on narrow screens the rows wrap in two. */
export function CellsOfFour<T>({
  items,
  render,
  keyOf,
  testId,
}: {
  items: readonly T[]
  render: (item: T) => ReactNode
  keyOf: (item: T) => string | number
  testId?: string
}) {
  return (
    <table className="cells-of-four" role="presentation" data-testid={testId}>
      <tbody>
        {chunk(items, CELLS_PER_ROW).map((row) => (
          <tr key={keyOf(row[0])}>
            {row.map((item) => (
              <td key={keyOf(item)}>{render(item)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function Details({ items, testId }: { items: { label: string; value: ReactNode }[]; testId?: string }) {
  return (
    <dl className="admin-details" data-testid={testId}>
      {items.map((item) => (
        <div key={item.label} className="admin-details__item">
          <dt>{item.label}</dt>
          <dd>
            {item.value === '' || item.value == null ? (
              <span className="admin-muted">{c.notProvided}</span>
            ) : (
              item.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** Section 4: a failed load shows an error in place of the content (the server's message when it sent one). */
export function LoadFailure({ error }: { error: unknown }) {
  const failure = adminFailureOf(error)
  const message = failure.status != null && failure.status < 500 ? failure.message : adminStrings.messages.generic
  return (
    <p className="message message--error" role="alert" data-testid="admin-load-failure">
      {message}
    </p>
  )
}

export function NoRecords() {
  return (
    <p className="message message--empty" data-testid="no-records">
      {c.noRecords}
    </p>
  )
}

/** A figure that includes example data says so. */
export function ExampleData({ note }: { note: string }) {
  return (
    <p className="admin-example" role="note" data-testid="example-data">
      <strong>{adminStrings.dashboard.exampleData}</strong> {note}
    </p>
  )
}
