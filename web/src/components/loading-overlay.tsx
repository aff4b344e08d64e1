// Full-screen overlay with the logo and a loader while the dashboard first loads; it lingers
// OVERLAY_LINGER_MS (2,000 ms) after the components have loaded (section 9).
import { useEffect, useState } from 'react'
import { LogoMark } from './logo'
import { OVERLAY_LINGER_MS } from '../config/constants'
import { strings } from '../config/strings'

/** Stays true while `loading`, and for `lingerMs` after it turns false. Only the first load counts. */
export function useLingeringFlag(loading: boolean, lingerMs = OVERLAY_LINGER_MS): boolean {
  const [visible, setVisible] = useState(true)
  useEffect(() => {
    if (!visible || loading) return
    const timer = setTimeout(() => setVisible(false), lingerMs)
    return () => clearTimeout(timer)
  }, [loading, visible, lingerMs])
  return visible
}

export function LoadingOverlay() {
  return (
    <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <LogoMark size={72} />
      <span className="spinner__wheel spinner__wheel--large" aria-hidden="true" />
      <span className="visually-hidden">{strings.messages.loadingDashboard}</span>
    </div>
  )
}
