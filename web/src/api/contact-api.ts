// GET /api/buildingblock/searchcontact: the contact directory search (called uncached).
import { baseApi } from './base-api'
import type { ContactSearchResult } from './types'

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
  }),
})

export const { useSearchContactsQuery } = contactApi
