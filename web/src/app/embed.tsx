// The embedded views (embed.html, src/embed-main.tsx): /embed/chart, /embed/map and /embed/grid
// show one view of the dashboard for other sites to frame (the server lets only /embed/* be
// framed, decision 0166). The same query string as /home/chart, /home/map and /home/grid, plus
// a permalink's `asOf`. Chrome-less: no header, menu, filter bar, footer or sign-in; a compact
// title line (area, component, period), the view's cards (the dashboard's own route modules,
// their maps and charts loaded lazily as there), a one-line attribution with "Open full view",
// and Quick exit. Only public reads: nothing here asks for the session.
import { Suspense, useEffect } from 'react'
import { createBrowserRouter, Outlet, useLocation, type RouteObject } from 'react-router'
import { useGetComponentsQuery, useGetDashboardQuery } from '../api/public-api'
import { AsOfNotice } from '../components/as-of-notice'
import { ViewBoundary } from '../components/boundary'
import { CreditsProvider, useCreditLines } from '../components/credits'
import { ExternalIcon } from '../components/icons'
import { QuickExit } from '../components/quick-exit'
import { ShareScope, useViewHeading } from '../components/share-context'
import { ErrorMessage, Spinner } from '../components/status'
import { strings } from '../config/strings'
import { paths } from '../filters/paths'
import { useFilters } from '../filters/use-filters'
import { embedViewFromPath, viewUrl, type ShareView } from '../lib/share'
import { withPublicViewsReplacing } from './history-policy'

/** The one line under an embedded view: the dashboard, the view's sources, and the same view on
 * the dashboard in a new tab. */
function Attribution({ view }: { view: ShareView }) {
  const { filters } = useFilters()
  const sources = useCreditLines()
  return (
    <footer className="embed__attribution" data-testid="embed-attribution">
      <span>{strings.appName}</span>
      {sources.length ? (
        <>
          {' · '}
          <span data-testid="embed-sources">{sources.join('; ')}</span>
        </>
      ) : null}
      {' · '}
      <a
        href={viewUrl(window.location.origin, view, filters)}
        target="_blank"
        rel="noopener"
        data-testid="embed-full-view"
      >
        {strings.embed.openFullView} <ExternalIcon size={14} />
        <span className="visually-hidden"> {strings.header.opensInNewTab}</span>
      </a>
    </footer>
  )
}

/** The title line: area, component (or view), and the period of its crime figures. */
function TitleLine({ view }: { view: ShareView }) {
  const heading = useViewHeading(view)
  const parts = [heading.area, heading.what, heading.period].filter(Boolean)
  const title = `${parts.join(', ')} – ${strings.appName}`
  useEffect(() => {
    document.title = title
  }, [title])
  return (
    <p className="embed__title" data-testid="embed-title">
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 ? ' · ' : null}
          {i === 0 ? <strong>{part}</strong> : part}
        </span>
      ))}
    </p>
  )
}

function EmbeddedView({ view }: { view: ShareView }) {
  const location = useLocation()
  const { boundaryId } = useFilters()
  const components = useGetComponentsQuery()
  const dashboard = useGetDashboardQuery({ boundaryId })
  return (
    <CreditsProvider>
      <QuickExit embedded />
      <div className="embed" data-view={view}>
        <TitleLine view={view} />
        <main id="main" tabIndex={-1} className="embed__main">
          {components.isError || dashboard.isError ? <ErrorMessage /> : null}
          <AsOfNotice />
          <ViewBoundary resetKeys={[location.pathname, location.search]}>
            <ShareScope view={view} embedded>
              <Suspense fallback={<Spinner />}>
                <Outlet />
              </Suspense>
            </ShareScope>
          </ViewBoundary>
        </main>
        <Attribution view={view} />
      </div>
    </CreditsProvider>
  )
}

/** Any other path under /embed (the contact view, the landing): not embeddable. */
function NotEmbeddable() {
  useEffect(() => {
    document.title = strings.appName
  }, [])
  return (
    <>
      <QuickExit embedded />
      <main id="main" tabIndex={-1} className="embed embed__main" data-testid="not-embeddable">
        <p className="message">{strings.embed.notEmbeddable}</p>
        <p>
          <a href={new URL(paths.home, window.location.origin).href} target="_blank" rel="noopener">
            {strings.embed.openDashboard} <ExternalIcon size={14} />
            <span className="visually-hidden"> {strings.header.opensInNewTab}</span>
          </a>
        </p>
      </main>
    </>
  )
}

function EmbedLayout() {
  const view = embedViewFromPath(useLocation().pathname)
  return view ? <EmbeddedView view={view} /> : <NotEmbeddable />
}

function EmbedError() {
  return (
    <>
      <QuickExit embedded />
      <main id="main" tabIndex={-1} className="embed embed__main">
        <ErrorMessage />
      </main>
    </>
  )
}

export const embedRoutes: RouteObject[] = [
  {
    path: '/',
    element: <EmbedLayout />,
    errorElement: <EmbedError />,
    hydrateFallbackElement: <Spinner />,
    children: [
      {
        path: 'embed',
        children: [
          // The dashboard's own views (app/routes), each its own chunk as on the dashboard.
          { path: 'chart', lazy: () => import('./routes/chart') },
          { path: 'map', lazy: () => import('./routes/map') },
          { path: 'grid', lazy: () => import('./routes/grid') },
          { path: '*', element: null },
        ],
      },
      { path: '*', element: null },
    ],
  },
]

/** The embed's router: like the dashboard's, moving within the view replaces the history entry
 * (the page around the frame keeps its Back button). */
export function makeEmbedRouter() {
  return createBrowserRouter(embedRoutes, { window: withPublicViewsReplacing(window) })
}
