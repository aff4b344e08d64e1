// /buildingBlock/ (BuildingBlockAdmin): the building-block dashboard (public spec §2).
import { BuildingBlockDashboard } from '../../features/building-block/building-block-dashboard'

export function Component() {
  return <BuildingBlockDashboard />
}
