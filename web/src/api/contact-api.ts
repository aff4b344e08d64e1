// GET /api/buildingblock/searchcontact: the contact directory search (called uncached), one
// provider's card, and GET /api/buildingblock/getBoundaryCounts for the map's count modal.
import { baseApi } from './base-api'
import type { BoundaryCategoryCount, ContactSearchResult } from './types'

export interface ContactSearchArgs {
  boundaryId: number
  buildingBlockCategoryId: number | string
  buildingBlockId?: number | string | null
  filter?: string
}

export const contactApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchContacts: build.query<ContactSearchResult[], ContactSearchArgs>({
      query: ({ boundaryId, buildingBlockCategoryId, buildingBlockId, filter }) => {
        const params: Record<string, string | number> = { boundaryId, buildingBlockCategoryId }
        if (buildingBlockId != null) params.buildingBlockId = buildingBlockId
        if (filter) params.filter = filter
        return { url: 'buildingblock/searchcontact', params }
      },
      keepUnusedDataFor: 0,
    }),
    /** One provider's contact card (the map pin's stakeholder modal). */
    getStakeholderContact: build.query<ContactSearchResult[], string>({
      query: (stakeholderId) => ({ url: 'buildingblock/searchcontact', params: { stakeholderId } }),
      keepUnusedDataFor: 0,
    }),
    /** Category and building-block counts of a boundary (the map's count modal). */
    getBoundaryCounts: build.query<BoundaryCategoryCount[], number>({
      query: (boundaryId) => ({ url: 'buildingblock/getBoundaryCounts', params: { boundaryId } }),
    }),
  }),
})

export const { useSearchContactsQuery, useGetStakeholderContactQuery, useGetBoundaryCountsQuery } = contactApi
