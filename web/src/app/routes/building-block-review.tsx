// /buildingBlock/review/:stakeholderId (EditBuildingBlock or ValidateBuildingBlock): a
// submission beside the last verified version, with the province's decision.
import { SubmissionReviewScreen } from '../../features/building-block/building-block-review'

export function Component() {
  return <SubmissionReviewScreen />
}
