// The public views keep ONE entry in the browser's history (docs/decisions/0132): moving between
// the dashboard's views replaces the current entry instead of adding one, so that after Quick
// exit (which replaces that one entry with a neutral site) the Back button cannot bring the
// dashboard back. This is the survivor-support pattern of GOV.UK's "Exit this page" and of
// domestic-abuse charities' sites; account and staff screens keep ordinary history.
import { links } from '../config/constants'

/** Whether `pathname` is a public view: the root, `/home` and its views, the open data page, an
 * embedded view (`/embed/…`), or the survey. */
export function isPublicPath(pathname: string): boolean {
  const clean = pathname.replace(/\/+$/, '') || '/'
  return (
    clean === '/' ||
    clean === '/home' ||
    clean.startsWith('/home/') ||
    clean === '/data' ||
    clean.startsWith('/embed/') ||
    clean === links.coverYourTracks ||
    /^\/questionnaire\//i.test(clean)
  )
}

/**
 * `win` as react-router's browser history sees it (createBrowserRouter's `window` option), with
 * a `history.pushState` that replaces the current entry while both the current page and the
 * target are public views. Everything else is the real window's.
 */
export function withPublicViewsReplacing(win: Window): Window {
  const real = win.history
  const history: History = {
    get length() {
      return real.length
    },
    get state() {
      return real.state as unknown
    },
    get scrollRestoration() {
      return real.scrollRestoration
    },
    set scrollRestoration(value) {
      real.scrollRestoration = value
    },
    back: () => real.back(),
    forward: () => real.forward(),
    go: (delta?: number) => real.go(delta),
    replaceState: (data: unknown, unused: string, url?: string | URL | null) => real.replaceState(data, unused, url),
    pushState: (data: unknown, unused: string, url?: string | URL | null) => {
      const target = url == null ? win.location.pathname : new URL(String(url), win.location.href).pathname
      if (isPublicPath(win.location.pathname) && isPublicPath(target)) real.replaceState(data, unused, url)
      else real.pushState(data, unused, url)
    },
  }
  return new Proxy(win, {
    get(target, property) {
      if (property === 'history') return history
      const value = Reflect.get(target, property, target) as unknown
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
    },
  })
}
