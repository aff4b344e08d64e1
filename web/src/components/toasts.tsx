// Toasts (admin spec section 8): success green, error red, top right, closing after 3 seconds,
// without a progress bar. The timer pauses while the pointer or focus is on a toast, so it can be
// read. The provider sits in an area's layout (admin, organisation), so a toast outlives the
// navigation that follows a save. Shared by the admin console and the organisation area.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { adminStrings } from '../config/admin-strings'
import { CloseIcon } from './icons'
import './toasts.css'

/** Toasts close after 3 seconds (admin spec section 9). */
export const TOAST_MS = 3000

export type ToastKind = 'success' | 'error'
interface ToastItem {
  id: number
  kind: ToastKind
  message: string
}

interface ToastApi {
  success: (message: string) => void
  error: (message: string) => void
}

const ToastContext = createContext<ToastApi | null>(null)

/** The toasts of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast needs a ToastProvider')
  return api
}

/** Holds the toasts of an area and shows them top right. */
export function ToastProvider({ children, durationMs = TOAST_MS }: { children: ReactNode; durationMs?: number }) {
  const [items, setItems] = useState<ToastItem[]>([])
  const next = useRef(1)
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), [])
  const push = useCallback((kind: ToastKind, message: string) => {
    const id = next.current++
    setItems((list) => [...list, { id, kind, message }])
  }, [])
  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => push('success', message),
      error: (message) => push('error', message),
    }),
    [push],
  )

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" aria-label={adminStrings.messages.notificationsRegion} role="region">
        <div role="status" aria-live="polite" className="toasts__list">
          {items
            .filter((t) => t.kind === 'success')
            .map((t) => (
              <Toast key={t.id} item={t} onClose={dismiss} durationMs={durationMs} />
            ))}
        </div>
        <div role="alert" aria-live="assertive" className="toasts__list">
          {items
            .filter((t) => t.kind === 'error')
            .map((t) => (
              <Toast key={t.id} item={t} onClose={dismiss} durationMs={durationMs} />
            ))}
        </div>
      </div>
    </ToastContext.Provider>
  )
}

function Toast({ item, onClose, durationMs }: { item: ToastItem; onClose: (id: number) => void; durationMs: number }) {
  const [paused, setPaused] = useState(false)
  useEffect(() => {
    if (paused) return
    const timer = setTimeout(() => onClose(item.id), durationMs)
    return () => clearTimeout(timer)
  }, [paused, item.id, onClose, durationMs])
  return (
    <div
      className={`toast toast--${item.kind}`}
      data-testid={`toast-${item.kind}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <p className="toast__message">{item.message}</p>
      <button
        type="button"
        className="toast__close"
        onClick={() => onClose(item.id)}
        aria-label={adminStrings.messages.dismiss}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  )
}
