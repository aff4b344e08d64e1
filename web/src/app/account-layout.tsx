// The frame of the account screens and signed-in areas: the site header and footer around the
// screen, without the dashboard's filter bar and loading overlay.
import { Suspense, useEffect, useRef } from 'react'
import { Outlet, useLocation } from 'react-router'
import { Spinner } from '../components/status'
import { strings } from '../config/strings'
import { Footer } from '../features/layout/footer'
import { Header } from '../features/layout/header'
import { QuickExit } from '../components/quick-exit'
import { CreditsProvider } from '../components/credits'

export function AccountLayout() {
  const { pathname } = useLocation()
  const first = useRef(true)

  // Moving between screens (login → OTP → reset) puts focus on the new screen's heading.
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const main = document.getElementById('main')
    const heading = main?.querySelector<HTMLElement>('h1')
    if (heading) {
      heading.tabIndex = -1
      heading.focus({ preventScroll: true })
    } else main?.focus({ preventScroll: true })
  }, [pathname])

  return (
    <CreditsProvider>
      <a href="#main" className="skip-link">
        {strings.skipToContent}
      </a>
      <QuickExit />
      <div className="app-shell">
        <Header />
        <main id="main" tabIndex={-1} className="main main--account">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
    </CreditsProvider>
  )
}
