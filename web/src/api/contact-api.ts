// GET /api/buildingblock/searchcontact (the contact directory search, and one provider's card)
// and GET /api/buildingblock/getBoundaryCounts (the map's count modal), generated from the API
// document into endpoints/contact.ts (npm run gen:api). This file only adds what the document
// cannot say: how long the answers are kept, and the argument adapters of the two searches.
import { generatedApi } from './endpoints/contact'
import type { SearchContactsApiArg } from './generated'

export const contactApi = generatedApi.enhanceEndpoints({
  endpoints: {
    // The directory is searched afresh each time.
    searchContacts: { keepUnusedDataFor: 0 },
  },
})

// The hooks are the generated ones: the settings above apply to them, as this module runs before
// any component that imports them from here.
export { useSearchContactsQuery, useGetBoundaryCountsQuery } from './endpoints/contact'

/**
 * Arguments of the directory search from a boundary and the chosen category and building block
 * (the filter's option ids, strings; no block: the whole category). The document marks
 * `buildingBlockId` required, but the server takes a category instead (spec §5: a boundary and
 * a category or block), so the category-only search is asserted here.
 */
export function contactSearchArgs(
  boundaryId: number,
  categoryId: string,
  blockId: string | null,
): SearchContactsApiArg {
  const args = { boundaryId, buildingBlockCategoryId: Number(categoryId) }
  return blockId != null ? { ...args, buildingBlockId: Number(blockId) } : (args as SearchContactsApiArg)
}

/**
 * Arguments of one provider's contact card (the map pin's stakeholder modal): the provider id
 * alone. The document marks the boundary and building block required; the server needs neither
 * with `stakeholderId`.
 */
export function providerContactArgs(providerId: string): SearchContactsApiArg {
  return { stakeholderId: Number(providerId) } as SearchContactsApiArg
}
