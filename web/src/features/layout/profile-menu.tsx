// The header's Profile menu (section 2): the user's name, their role home and other permitted
// areas, Manage Users for administrators, Profile, and Logout. A disclosure button: Escape or a
// click elsewhere closes it, and so does moving to another page.
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useLogoutMutation } from '../../api/session-api'
import { Action } from '../../config/constants'
import { accountPaths } from '../../config/routes'
import { strings } from '../../config/strings'
import { paths } from '../../filters/paths'
import { areasFor, can, permissionsOf } from '../../session/landing'
import type { Session } from '../../api/types'

export function ProfileMenu({ session }: { session: Session }) {
  const [open, setOpen] = useState(false)
  const [logout, { isLoading: loggingOut }] = useLogoutMutation()
  const navigate = useNavigate()
  const location = useLocation()
  const menuId = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const areas = areasFor(permissionsOf(session))

  useEffect(() => setOpen(false), [location.pathname])

  useEffect(() => {
    if (!open) return
    const outside = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', outside)
    return () => document.removeEventListener('mousedown', outside)
  }, [open])

  function keyDown(event: React.KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation()
      setOpen(false)
      button.current?.focus()
    }
  }

  async function signOut() {
    try {
      await logout().unwrap()
    } catch {
      // The session reload after the call shows whether it ended; nothing to add here.
    }
    setOpen(false)
    void navigate(paths.root)
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- catches Escape bubbling up from the menu's links to close it
    <div className="profile-menu" ref={root} onKeyDown={keyDown}>
      <button
        type="button"
        ref={button}
        className="profile-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        data-testid="profile-menu-button"
      >
        <span className="profile-menu__avatar" aria-hidden="true" translate="no">
          {initials(session.user?.name ?? '')}
        </span>
        <span className="profile-menu__name">{session.user?.name}</span>
        <span className="visually-hidden"> {strings.header.profileMenu}</span>
      </button>
      <ul id={menuId} className="profile-menu__list" hidden={!open}>
        {areas.map((area) => (
          <li key={area.path}>
            <Link to={area.path}>{area.label}</Link>
          </li>
        ))}
        {can(session, Action.WorldOfImpactAdmin) ? (
          <li>
            <Link to={accountPaths.manageUsersGroups}>{strings.header.manageUsers}</Link>
          </li>
        ) : null}
        <li>
          <Link to={accountPaths.profile}>{strings.header.profile}</Link>
        </li>
        <li>
          <button type="button" className="profile-menu__logout" onClick={() => void signOut()} disabled={loggingOut}>
            {loggingOut ? strings.header.loggingOut : strings.header.logout}
          </button>
        </li>
      </ul>
    </div>
  )
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0].toUpperCase())
    .join('')
}
