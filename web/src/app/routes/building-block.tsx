// /buildingBlock/ (BuildingBlockAdmin): a placeholder until the building-block dashboard is built.
import { accountPaths } from '../../config/routes'
import { strings } from '../../config/strings'
import { AreaHome } from '../../features/areas/area-home'

export function Component() {
  return <AreaHome title={strings.areas.buildingBlockTitle} path={accountPaths.buildingBlock} />
}
