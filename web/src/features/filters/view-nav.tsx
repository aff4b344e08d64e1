// Bottom-bar icons for the home, map, grid and chart views; the filters travel with the link.
import { NavLink, useLocation } from 'react-router'
import { ChartIcon, GridIcon, HomeIcon, MapIcon } from '../../components/icons'
import { strings } from '../../config/strings'
import { paths } from '../../filters/paths'

const items = [
  { to: paths.home, view: 'home', Icon: HomeIcon },
  { to: paths.map, view: 'map', Icon: MapIcon },
  { to: paths.grid, view: 'grid', Icon: GridIcon },
  { to: paths.chart, view: 'chart', Icon: ChartIcon },
] as const

export function ViewNav() {
  const { search } = useLocation()
  return (
    <nav aria-label={strings.views.label} className="view-nav">
      <ul>
        {items.map(({ to, view, Icon }) => (
          <li key={to}>
            <NavLink to={{ pathname: to, search }} end className="view-nav__link" data-view={view}>
              <Icon />
              <span className="view-nav__label">{strings.views[view]}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
