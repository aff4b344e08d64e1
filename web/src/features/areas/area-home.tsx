// The landing page of a signed-in area (admin, organisation, building block). The areas are
// built in later issues; for now each says who is signed in and offers the user's other areas
// as alternatives (section 2: the first matching action is the main destination).
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { strings } from '../../config/strings'
import { useDocumentTitle } from '../../lib/use-document-title'
import { landingFor, permissionsOf } from '../../session/landing'
import { useSession } from '../../session/use-session'

export function AreaHome({ title, path, children }: { title: string; path: string; children?: ReactNode }) {
  useDocumentTitle(title)
  const { session } = useSession()
  const landing = landingFor(permissionsOf(session))
  const others = [landing.main, ...landing.alternatives].filter((d) => d && d.path !== path)
  return (
    <section className="area-home" aria-labelledby="area-title">
      <h1 id="area-title">{title}</h1>
      {session.user ? <p className="area-home__who">{strings.areas.welcome(session.user.name)}</p> : null}
      {children}
      <p className="coming-soon">{strings.messages.comingSoon}</p>
      {others.length ? (
        <nav aria-label={strings.areas.alsoAvailable} className="area-home__others">
          <h2>{strings.areas.alsoAvailable}</h2>
          <ul>
            {others.map((d) => (
              <li key={d!.path}>
                <Link to={d!.path}>{d!.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  )
}
