// 'Quick exit' on every public page, as survivor-support sites have: one click, or the Escape
// key pressed twice within a second, leaves for a neutral site and replaces the current history
// entry, so the Back button does not return here.
import { useEffect } from 'react'
import { links } from '../config/constants'
import { quickExitStrings } from '../config/quick-exit-strings'
import './quick-exit.css'

/** Most time allowed between the two Escape presses, ms. */
export const ESCAPE_WINDOW_MS = 1000

export function quickExit(): void {
  window.location.replace(links.quickExit)
}

export function QuickExit() {
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
    <button type="button" className="quick-exit" onClick={quickExit} title={quickExitStrings.hint}>
      {quickExitStrings.label}
    </button>
  )
}
