// The frame of every public route: header, bottom bar, main content, attribution footer, and the
// first-load overlay.
import { Suspense, useEffect } from 'react'
import { Outlet, useLocation, useMatches } from 'react-router'
import { skipToken } from '@reduxjs/toolkit/query'
import { useGetComponentsQuery, useGetDashboardQuery } from '../api/public-api'
import { Boundary, ViewBoundary } from '../components/boundary'
import { ErrorMessage, Spinner } from '../components/status'
import { strings } from '../config/strings'
import { BottomBar } from '../features/filters/bottom-bar'
import { Footer } from '../features/layout/footer'
import { Header } from '../features/layout/header'
import { QuickExit } from '../components/quick-exit'
import { CreditsProvider } from '../components/credits'
import { LoadingOverlay, useLingeringFlag } from '../components/loading-overlay'
import { useFilters } from '../filters/use-filters'
import { ShareScope } from '../components/share-context'
import { AsOfNotice } from '../components/as-of-notice'
import { SHARE_VIEWS, type ShareView } from '../lib/share'

const DASHBOARD_VIEWS = new Set(['home', 'map', 'grid', 'chart'])

export function PublicLayout() {
  const { boundaryId, view } = useFilters()
  const location = useLocation()
  const components = useGetComponentsQuery()
  const dashboard = useGetDashboardQuery(DASHBOARD_VIEWS.has(view) ? { boundaryId } : skipToken)
  const overlay = useLingeringFlag(components.isLoading || dashboard.isLoading)
  // A route whose page the filters do not change (the open data page) says so in its handle.
  const withFilters = !useMatches().some((m) => (m.handle as { filters?: boolean } | undefined)?.filters === false)

  useEffect(() => {
    document.title = `${titleOf(view)} – ${strings.appName}`
  }, [view])

  // Route changes move focus to the content so keyboard and screen-reader users start there.
  useEffect(() => {
    if (location.hash) return
    const main = document.getElementById('main')
    if (
      main &&
      document.activeElement &&
      document.activeElement !== document.body &&
      !main.contains(document.activeElement)
    ) {
      const bar = document.querySelector('.bottom-bar')
      if (!bar?.contains(document.activeElement)) main.focus({ preventScroll: true })
    }
  }, [location.pathname, location.hash])

  const failed = components.isError || dashboard.isError
  const outlet = (
    <Suspense fallback={<Spinner />}>
      <Outlet />
    </Suspense>
  )
  // The chart, map and grid views share themselves: their cards offer Embed and Cite.
  const shared = (SHARE_VIEWS as readonly string[]).includes(view) ? (view as ShareView) : null
  return (
    <CreditsProvider>
      <a href="#main" className="skip-link">
        {strings.skipToContent}
      </a>
      <QuickExit />
      <div className="app-shell" inert={overlay} aria-busy={overlay}>
        <Header />
        {withFilters ? (
          <Boundary fallback={<ErrorMessage />} resetKeys={[location.pathname, location.search]}>
            <BottomBar />
          </Boundary>
        ) : null}
        <main id="main" tabIndex={-1} className="main">
          {failed ? <ErrorMessage /> : null}
          {DASHBOARD_VIEWS.has(view) ? <AsOfNotice /> : null}
          {/* Each view behind its own boundary (it tries again on another view or selection). */}
          <ViewBoundary resetKeys={[location.pathname, location.search]}>
            {shared ? <ShareScope view={shared}>{outlet}</ShareScope> : outlet}
          </ViewBoundary>
        </main>
        <Footer />
      </div>
      {overlay ? <LoadingOverlay /> : null}
    </CreditsProvider>
  )
}

function titleOf(view: string): string {
  switch (view) {
    case 'map':
      return strings.views.map
    case 'grid':
      return strings.views.grid
    case 'chart':
      return strings.views.chart
    case 'comparison':
      return strings.views.comparison
    case 'contact':
      return strings.header.contactDirectory
    case 'openData':
      return strings.header.openData
    default:
      return strings.views.home
  }
}
