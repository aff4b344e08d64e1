// /buildingBlock/propose (AddBuildingBlock): propose a provider missing from the directory.
import { ProposeProvider } from '../../features/building-block/building-block-propose'

export function Component() {
  return <ProposeProvider />
}
