// Section 1 and 4: while the admin screens' calls run, a full-screen overlay shows the product
// logo, the heading End GBVF Movement and a loader. Screens report their calls with useBusy; the
// layout shows one overlay while any is running and makes the page behind it inert.
import {
  createContext,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react'
import { createPortal } from 'react-dom'
import { LogoMark } from '../../../components/logo'
import { adminStrings } from '../../../config/admin-strings'

interface BusyApi {
  start: (id: string) => void
  stop: (id: string) => void
}
const BusyContext = createContext<BusyApi | null>(null)

export function useBusy(busy: boolean) {
  const api = useContext(BusyContext)
  const id = useId()
  // A layout effect: the overlay is up before the first paint of a screen that is loading.
  useLayoutEffect(() => {
    if (!busy || !api) return
    api.start(id)
    return () => api.stop(id)
  }, [busy, api, id])
}

export function BusyProvider({ children }: { children: (busy: boolean) => ReactNode }) {
  const [running, setRunning] = useState<ReadonlySet<string>>(new Set())
  const start = useCallback((id: string) => setRunning((s) => new Set(s).add(id)), [])
  const stop = useCallback(
    (id: string) =>
      setRunning((s) => {
        const next = new Set(s)
        next.delete(id)
        return next
      }),
    [],
  )
  const api = useMemo(() => ({ start, stop }), [start, stop])
  const busy = running.size > 0
  return (
    <BusyContext.Provider value={api}>
      {children(busy)}
      {busy ? <AdminLoadingOverlay /> : null}
    </BusyContext.Provider>
  )
}

export function AdminLoadingOverlay() {
  return createPortal(
    <div className="admin-overlay" role="status" aria-live="polite" data-testid="admin-loading-overlay">
      <LogoMark size={72} />
      <h2 className="admin-overlay__heading">{adminStrings.loading.heading}</h2>
      <span className="spinner__wheel spinner__wheel--large" aria-hidden="true" />
      <span className="visually-hidden">{adminStrings.loading.label}</span>
    </div>,
    document.body,
  )
}
