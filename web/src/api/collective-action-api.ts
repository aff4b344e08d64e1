// Collective actions: the two /api/CollectiveAction calls and actionsGeomarker of
// spec section 7, and the WorldOfImpactAdmin commands that record a collective action, report its
// result and close it, generated from the API document into endpoints/collective-action.ts (npm
// run gen:api). This file only adds what the document cannot say: the cache tags (a change
// refreshes the lists, the pins and the dashboard's component 4), the GeoJSON type of the pins,
// and the argument adapter of the pins.
import { generatedApi } from './endpoints/collective-action'
import type { GetActionsGeomarkersApiArg } from './generated'

const changed = ['CollectiveAction', 'Dashboard'] as const

export const collectiveActionApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['CollectiveAction'],
  endpoints: {
    getActionsByBoundary: { providesTags: ['CollectiveAction'] },
    getCollectiveActionCard: { providesTags: ['CollectiveAction'] },
    getActionsGeomarkers: { providesTags: ['CollectiveAction'] },
    recordCollectiveAction: { invalidatesTags: [...changed] },
    reportCollectiveActionResult: { invalidatesTags: [...changed] },
    completeCollectiveAction: { invalidatesTags: [...changed] },
  },
})

// The hooks are the generated ones: the tags above apply to them, as this module runs before any
// component that imports them from here.
export {
  useGetActionsByBoundaryQuery,
  useGetCollectiveActionCardQuery,
  useRecordCollectiveActionMutation,
  useReportCollectiveActionResultMutation,
  useCompleteCollectiveActionMutation,
} from './endpoints/collective-action'

// The pins are a GeoJSON FeatureCollection (spec §7 "actionsGeomarker").
export { useGetActionsGeomarkersQuery } from './endpoints/collective-action'

/** The collective-action component (4), whose pins `actionsGeomarker` gives. */
const COLLECTIVE_ACTION = 4

/** Arguments of the pins of a boundary's collective actions. */
export function actionsGeomarkersArgs(boundaryId: number): GetActionsGeomarkersApiArg {
  return { componentId: COLLECTIVE_ACTION, boundaryId }
}
