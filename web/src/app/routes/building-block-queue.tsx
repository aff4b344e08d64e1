// /buildingBlock/queue (EditBuildingBlock or ValidateBuildingBlock): the verification queue.
import { VerificationQueue } from '../../features/building-block/building-block-queue'

export function Component() {
  return <VerificationQueue />
}
