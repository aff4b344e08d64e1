// The Embed and Cite dialogs of a card (components/card.tsx): the iframe snippet of the view with a
// preview link, and the view's permalink (the view as of a date) with a citation, each with a
// Copy button. The addresses and texts are lib/share.ts's.
import { useEffect, useId, useRef, useState } from 'react'
import { Modal } from './modal'
import type { TableData } from './data-table'
import type { ShareScopeValue } from './share-context'
import { ExternalIcon } from './icons'
import { strings } from '../config/strings'
import { formatIsoDate } from '../lib/format'
import {
  EMBED_HEIGHTS,
  citationText,
  crimePeriodText,
  embedSnippet,
  embedUrl,
  followsAsOf,
  permalinkUrl,
  todayInSouthAfrica,
  type SeriesRef,
} from '../lib/share'

type Field = HTMLInputElement | HTMLTextAreaElement

/** Copies `text` to the clipboard; where the page may not (a frame on another site without the
 * clipboard permission), selects it in `field` and copies the selection. */
async function copyText(text: string, field: Field | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Refused: copy the selection instead.
  }
  if (!field) return false
  field.focus()
  field.select()
  try {
    // The older way: still the one a frame without the clipboard permission has.
    return document.execCommand('copy')
  } catch {
    return false
  }
}

/** A read-only field holding `value`, its label, and a Copy button that says whether it copied. */
function CopyField({
  label,
  value,
  copyLabel,
  multiline = false,
  prose = false,
  rows = 4,
  testId,
}: {
  label: string
  value: string
  copyLabel: string
  multiline?: boolean
  /** Text to read (a citation) rather than code. */
  prose?: boolean
  rows?: number
  testId: string
}) {
  const id = useId()
  const field = useRef<Field>(null)
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 4000)
    return () => clearTimeout(timer)
  }, [state])
  const select = (e: React.FocusEvent<Field>) => e.currentTarget.select()
  return (
    <div className="share-field">
      <label htmlFor={id} className="share-field__label">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          ref={field as React.RefObject<HTMLTextAreaElement>}
          className={`share-field__value ${prose ? 'share-field__value--prose' : ''}`}
          readOnly
          rows={rows}
          value={value}
          onFocus={select}
          data-testid={testId}
          spellCheck={false}
        />
      ) : (
        <input
          id={id}
          ref={field as React.RefObject<HTMLInputElement>}
          className="share-field__value"
          readOnly
          value={value}
          onFocus={select}
          data-testid={testId}
          spellCheck={false}
        />
      )}
      <div className="share-field__actions">
        <button
          type="button"
          className="button button--outline share-field__copy"
          aria-label={copyLabel}
          data-action={`copy-${testId}`}
          onClick={() => void copyText(value, field.current).then((ok) => setState(ok ? 'copied' : 'failed'))}
        >
          {strings.share.copy}
        </button>
        <span role="status" className="share-field__status">
          {state === 'copied' ? strings.share.copied : state === 'failed' ? strings.share.copyFailed : ''}
        </span>
      </div>
    </div>
  )
}

/** The embed code of the view `scope` shares, and a link to see it as another site will. */
export function EmbedDialog({ scope, onClose }: { scope: ShareScopeValue; onClose: () => void }) {
  const src = embedUrl(window.location.origin, scope.view, scope.filters)
  const title = strings.share.frameTitle(strings.appName, scope.heading.what, scope.heading.area || strings.appName)
  const snippet = embedSnippet({ src, title, height: EMBED_HEIGHTS[scope.view] })
  return (
    <Modal title={strings.share.embedTitle} onClose={onClose}>
      <div className="share-dialog" data-testid="embed-dialog">
        <p>
          {scope.filters.asOf
            ? strings.share.embedIntroAsOf(formatIsoDate(scope.filters.asOf))
            : strings.share.embedIntro}
        </p>
        <CopyField
          label={strings.share.embedCode}
          value={snippet}
          copyLabel={strings.share.copyEmbed}
          multiline
          rows={5}
          testId="embed-code"
        />
        <p>
          <a href={src} target="_blank" rel="noopener" data-testid="embed-preview">
            {strings.share.preview} <ExternalIcon />
            <span className="visually-hidden"> {strings.header.opensInNewTab}</span>
          </a>
        </p>
      </div>
    </Modal>
  )
}

/** The view's permalink (as of today, or of the permalink's own date) and the card's citation. */
export function CiteDialog({
  scope,
  table,
  series,
  onClose,
}: {
  scope: ShareScopeValue
  table: TableData
  series?: SeriesRef | null
  onClose: () => void
}) {
  const today = todayInSouthAfrica()
  const url = permalinkUrl(window.location.origin, scope.view, scope.filters, today)
  // Only crime figures follow the permalink's date; the others are always today's.
  const follows = series ? followsAsOf(series.componentId) : false
  const asOf = follows ? (scope.filters.asOf ?? today) : today
  const citation = citationText({
    title: table.title,
    area: table.area,
    period: follows ? crimePeriodText(table.period) : table.period,
    sources: table.source,
    asOf,
    accessed: today,
    url,
  })
  return (
    <Modal title={strings.share.citeTitle} onClose={onClose}>
      <div className="share-dialog" data-testid="cite-dialog">
        <CopyField
          label={strings.share.permalink}
          value={url}
          copyLabel={strings.share.copyPermalink}
          testId="permalink"
        />
        <p className="share-dialog__note" data-testid="permalink-note">
          {follows ? strings.share.permalinkNote(formatIsoDate(asOf)) : strings.share.permalinkNoteToday}
        </p>
        <CopyField
          label={strings.share.citation}
          value={citation}
          copyLabel={strings.share.copyCitation}
          multiline
          prose
          rows={7}
          testId="citation"
        />
      </div>
    </Modal>
  )
}
