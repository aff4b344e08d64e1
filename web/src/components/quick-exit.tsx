// 'Quick exit' on every public page, the account screens and the survey, as survivor-support
// sites have it (GOV.UK's "Exit this page"): a bar of its own at the top of the page, at every
// width, so it covers nothing; one click, or the Escape key pressed twice within a second, hides
// the page at once and leaves for a neutral site, replacing the current history entry. The
// public views keep one entry in the history (app/history-policy.ts), so Back does not return.
// Beside it, a link to "Cover your tracks" (private browsing, clearing the history). In an embed
// (a view framed by another site, embed.html) the whole page leaves, not only the frame, and
// "Cover your tracks" opens in a tab of its own.
import { useEffect } from 'react'
import { links } from '../config/constants'
import { quickExitStrings } from '../config/quick-exit-strings'
import './quick-exit.css'

/** Most time allowed between the two Escape presses, ms. */
export const ESCAPE_WINDOW_MS = 1000

/** Hides the page at once (the neutral site may take a moment to load), then leaves for it. */
export function quickExit(): void {
  document.documentElement.style.visibility = 'hidden'
  document.title = ''
  // Framed by another site: the page around the frame leaves too. A browser lets a frame do so
  // after a click (not after the Escape key) and when the site allows it; if it refuses, the
  // frame itself leaves.
  if (window.top && window.top !== window.self) {
    try {
      window.top.location.replace(links.quickExit)
    } catch {
      // Refused: the frame leaves below.
    }
  }
  window.location.replace(links.quickExit)
}

export function QuickExit({ embedded = false }: { embedded?: boolean }) {
  useEffect(() => {
    let last = 0
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      const now = Date.now()
      if (now - last <= ESCAPE_WINDOW_MS) quickExit()
      last = now
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return (
    <div className="quick-exit-bar" data-testid="quick-exit-bar">
      <p className="quick-exit-bar__hint" id="quick-exit-hint">
        <span className="quick-exit-bar__keys">{quickExitStrings.hint} </span>
        {embedded ? (
          <a href={links.coverYourTracks} target="_blank" rel="noopener">
            {quickExitStrings.coverYourTracks}
          </a>
        ) : (
          <a href={links.coverYourTracks}>{quickExitStrings.coverYourTracks}</a>
        )}
      </p>
      <button type="button" className="quick-exit" onClick={quickExit} aria-describedby="quick-exit-hint">
        {quickExitStrings.label}
      </button>
    </div>
  )
}
