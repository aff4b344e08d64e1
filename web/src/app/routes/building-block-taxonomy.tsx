// /buildingBlock/taxonomy (CreateNewBuildingBlock): add building blocks and requirements.
import { TaxonomyAdmin } from '../../features/building-block/building-block-taxonomy'

export function Component() {
  return <TaxonomyAdmin />
}
