// /admin/manage-users-groups/ (WorldOfImpactAdmin): a placeholder until users and groups are built.
import { accountPaths } from '../../config/routes'
import { strings } from '../../config/strings'
import { AreaHome } from '../../features/areas/area-home'

export function Component() {
  return <AreaHome title={strings.areas.usersAndGroupsTitle} path={accountPaths.manageUsersGroups} />
}
