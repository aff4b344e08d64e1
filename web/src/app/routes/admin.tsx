// /admin/ (WorldOfImpactAdmin): a placeholder until the admin console is built.
import { Link } from 'react-router'
import { accountPaths } from '../../config/routes'
import { strings } from '../../config/strings'
import { AreaHome } from '../../features/areas/area-home'

export function Component() {
  return (
    <AreaHome title={strings.areas.adminTitle} path={accountPaths.admin}>
      <p><Link to={accountPaths.manageUsersGroups} className="button button--primary">{strings.areas.manageUsersAndGroups}</Link></p>
    </AreaHome>
  )
}
