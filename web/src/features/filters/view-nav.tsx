// Bottom-bar icons for the home, map, grid and chart views; the filters travel with the link.
import { NavLink, useLocation } from 'react-router'
import { ChartIcon, GridIcon, HomeIcon, MapIcon } from '../../components/icons'
import { strings } from '../../config/strings'
import { paths } from '../../filters/paths'

const items = [
  { to: paths.home, label: strings.views.home, Icon: HomeIcon },
  { to: paths.map, label: strings.views.map, Icon: MapIcon },
  { to: paths.grid, label: strings.views.grid, Icon: GridIcon },
  { to: paths.chart, label: strings.views.chart, Icon: ChartIcon },
] as const

export function ViewNav() {
  const { search } = useLocation()
  return (
    <nav aria-label={strings.views.label} className="view-nav">
      <ul>
        {items.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={{ pathname: to, search }} end className="view-nav__link" data-view={label.toLowerCase()}>
              <Icon />
              <span className="view-nav__label">{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
