// /buildingBlock/manage/:boundaryId/:bldId (BuildingBlockAdmin): manage one building block.
import { ManageBuildingBlock } from '../../features/building-block/building-block-manage'

export function Component() {
  return <ManageBuildingBlock />
}
