// The signed-in building-block calls (public spec §7 "Building block"), generated from the API
// document into src/api/endpoints/building-block.ts (npm run gen:api). This file only adds what
// the document cannot say: the cache tags (a change refreshes the lists and the dashboard), how
// long the answers are kept, and the argument adapter of the municipality list.
import { generatedApi } from '../../api/endpoints/building-block'
import type { GetBuildingBlocksAssociatedToUserApiArg } from '../../api/generated'

const changed = ['BuildingBlocks', 'Dashboard'] as const

export const bbApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['BuildingBlocks'],
  endpoints: {
    getBuildingBlocksAssociatedToUser: { providesTags: ['BuildingBlocks'], keepUnusedDataFor: 0 },
    getProvidersOnMunicipality: { providesTags: ['BuildingBlocks'], keepUnusedDataFor: 0 },
    getProviderWithRequirements: { providesTags: ['BuildingBlocks'], keepUnusedDataFor: 0 },
    getProviderHistory: { providesTags: ['BuildingBlocks'], keepUnusedDataFor: 0 },
    getVerificationQueue: { providesTags: ['BuildingBlocks'], keepUnusedDataFor: 0 },
    getSubmissionReview: { providesTags: ['BuildingBlocks'], keepUnusedDataFor: 0 },
    updateProvider: { invalidatesTags: [...changed] },
    verifyProvider: { invalidatesTags: [...changed] },
    returnProvider: { invalidatesTags: [...changed] },
    applyBulkLoad: { invalidatesTags: [...changed] },
    getProposals: { providesTags: ['BuildingBlocks'], keepUnusedDataFor: 0 },
    proposeProvider: { invalidatesTags: [...changed] },
    proposeClosure: { invalidatesTags: [...changed] },
    confirmProposal: { invalidatesTags: [...changed] },
    declineProposal: { invalidatesTags: [...changed] },
    deleteContactPerson: { invalidatesTags: [...changed] },
    getBuildingBlockTaxonomy: { providesTags: ['BuildingBlocks'], keepUnusedDataFor: 0 },
    createBuildingBlock: { invalidatesTags: [...changed, 'Components'] },
    createBuildingBlockRequirement: { invalidatesTags: [...changed, 'Components'] },
  },
})

// The hooks are the generated ones: the tags above apply to them, as this module runs before any
// component that imports them from here.
export {
  useGetBuildingBlocksAssociatedToUserQuery,
  useGetProvidersOnMunicipalityQuery,
  useGetProviderWithRequirementsQuery,
  useGetProviderHistoryQuery,
  useGetVerificationQueueQuery,
  useGetSubmissionReviewQuery,
  useUpdateProviderMutation,
  useVerifyProviderMutation,
  useReturnProviderMutation,
  useDryRunBulkLoadMutation,
  useApplyBulkLoadMutation,
  useGetProposalsQuery,
  useProposeProviderMutation,
  useProposeClosureMutation,
  useConfirmProposalMutation,
  useDeclineProposalMutation,
  useDeleteContactPersonMutation,
  useGetBuildingBlockTaxonomyQuery,
  useCreateBuildingBlockMutation,
  useCreateBuildingBlockRequirementMutation,
} from '../../api/endpoints/building-block'

/**
 * Arguments of the municipalities the user may see, limited to one boundary when given. The
 * document marks `boundaryId` required, but the server answers every municipality without it
 * (the dashboard's call), so that call is asserted here.
 */
export function associatedArgs(boundaryId: number | null): GetBuildingBlocksAssociatedToUserApiArg {
  return boundaryId ? { boundaryId } : ({} as GetBuildingBlocksAssociatedToUserApiArg)
}

/** Completion colour class of spec §4 (0 incomplete, 1 in progress, 2 complete). */
export function completionClass(c: number): string {
  return c === 2 ? 'bb-complete' : c === 1 ? 'bb-progress' : 'bb-incomplete'
}
