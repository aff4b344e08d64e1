// /buildingBlock/bulkLoad (ImportBuildingBlockData): the bulk load of provider details.
import { BulkLoad } from '../../features/building-block/building-block-bulk-load'

export function Component() {
  return <BulkLoad />
}
