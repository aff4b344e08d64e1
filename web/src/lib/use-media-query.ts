// Subscribes to a CSS media query; used for the 991 px dashboard and 992 px map breakpoints.
import { useSyncExternalStore } from 'react'
import { DASHBOARD_MOBILE_MAX_WIDTH, MAP_MOBILE_BELOW_WIDTH } from '../config/constants'

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  )
}

/** True at 991 px or less: the dashboard shows only the chosen component. */
export function useIsMobileDashboard(): boolean {
  return useMediaQuery(`(max-width: ${DASHBOARD_MOBILE_MAX_WIDTH}px)`)
}

/** True under 992 px: the map disables dragging. */
export function useIsMobileMap(): boolean {
  return useMediaQuery(`(max-width: ${MAP_MOBILE_BELOW_WIDTH - 1}px)`)
}
