// Site header (section 2): logo, Contact Directory, Open data, About Us and Help (external, new tab), Login
// when enabled and anonymous; once signed in, Launch GBVF dashboard (away from the dashboard)
// and the Profile menu. The beta banner carries the feedback mail link. On mobile the same items
// sit in one menu behind the Menu button.
import { useEffect, useId, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { LogoMark } from '../../components/logo'
import { CloseIcon, ExternalIcon, MenuIcon } from '../../components/icons'
import { useGetFeatureFlagsQuery } from '../../api/public-api'
import { links } from '../../config/constants'
import { strings } from '../../config/strings'
import { paths } from '../../filters/paths'
import { emptyFilters, filtersSearch, parseFilters } from '../../filters/query-string'
import { accountPaths } from '../../config/routes'
import { useSession } from '../../session/use-session'
import { useAppSelector } from '../../app/hooks'
import { selectAnswersStale } from '../../api/availability-slice'
import { ProfileMenu } from './profile-menu'
import { LanguagePicker, TranslationNote } from '../../i18n/language-picker'

export function feedbackHref(): string {
  return `mailto:${links.feedbackEmail}?subject=${encodeURIComponent(strings.beta.feedbackSubject)}`
}

/** Home keeps the chosen geography but clears the component filters. */
function homeSearch(search: string): string {
  const { boundaryId, boundaryTypeId } = parseFilters(search)
  return filtersSearch({ ...emptyFilters, boundaryId, boundaryTypeId })
}

export function Header() {
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const { data: flags } = useGetFeatureFlagsQuery()
  const { session, isLoading: sessionLoading } = useSession()
  const stale = useAppSelector(selectAnswersStale)
  const signedIn = session.isAuthenticated
  const showLogin = flags?.enableLogin === true && !signedIn && !sessionLoading
  const onDashboard = location.pathname === paths.home || location.pathname.startsWith(`${paths.home}/`)

  useEffect(() => setOpen(false), [location.pathname, location.search])

  const geographySearch = homeSearch(location.search)

  return (
    <header className="site-header">
      <div className="beta-banner">
        <span className="beta-banner__tag">{strings.beta.tag}</span>
        <span className="beta-banner__text">{strings.beta.text}</span>{' '}
        {links.feedbackEmail ? (
          <a href={feedbackHref()} className="beta-banner__link">
            {strings.beta.feedback}
          </a>
        ) : null}
      </div>
      {stale && (
        <div className="stale-banner" role="status" data-testid="stale-banner">
          {strings.staleAnswers}
        </div>
      )}
      {session.devMode === true && (
        <div className="dev-banner" data-testid="dev-mode-banner">
          <span className="dev-banner__tag">{strings.devMode.tag}</span>
          <span>{strings.devMode.text}</span>
        </div>
      )}
      <TranslationNote />
      <div className="top-bar">
        <Link
          to={{ pathname: paths.home, search: geographySearch }}
          className="logo"
          aria-label={strings.header.logoLabel}
        >
          <LogoMark />
          <span className="logo__text" aria-hidden="true">
            <span className="logo__name">{strings.appName}</span>
            <span className="logo__subtitle">{strings.appSubtitle}</span>
          </span>
        </Link>
        <LanguagePicker className="top-bar__language" />
        <button
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
          <span>{open ? strings.header.closeMenu : strings.header.menu}</span>
        </button>
        <nav
          aria-label={strings.header.mainNavigation}
          className={`main-nav ${open ? 'main-nav--open' : ''}`}
          id={menuId}
        >
          <ul>
            <li>
              <Link
                to={{ pathname: paths.contact, search: geographySearch }}
                aria-current={location.pathname === paths.contact ? 'page' : undefined}
              >
                {strings.header.contactDirectory}
              </Link>
            </li>
            <li>
              <Link
                to={{ pathname: paths.openData, search: geographySearch }}
                aria-current={location.pathname === paths.openData ? 'page' : undefined}
              >
                {strings.header.openData}
              </Link>
            </li>
            {links.aboutUs ? (
              <li>
                <a href={links.aboutUs} target="_blank" rel="noopener noreferrer">
                  {strings.header.aboutUs} <ExternalIcon />
                  <span className="visually-hidden"> {strings.header.opensInNewTab}</span>
                </a>
              </li>
            ) : null}
            {links.help ? (
              <li>
                <a href={links.help} target="_blank" rel="noopener noreferrer">
                  {strings.header.help} <ExternalIcon />
                  <span className="visually-hidden"> {strings.header.opensInNewTab}</span>
                </a>
              </li>
            ) : null}
            {signedIn && !onDashboard ? (
              <li>
                <Link to={paths.home}>{strings.header.launchDashboard}</Link>
              </li>
            ) : null}
            {showLogin ? (
              <li>
                <Link to={accountPaths.login} className="button button--primary">
                  {strings.header.login}
                </Link>
              </li>
            ) : null}
            {signedIn ? (
              <li className="main-nav__profile">
                <ProfileMenu session={session} />
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
    </header>
  )
}
