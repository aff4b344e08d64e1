// The signed-in building-block calls (public spec §7 "Building block"), added to the app's one
// API. PUT and POST go through the shared base query, which adds the session's X-CSRF-Token.
import { baseApi } from '../../api/base-api'

export interface BlockCompletion {
  buildingBlockId: number
  description: string
  totalBuildingBlockCount: number
  totalVerifiedBuildingBlockCount: number
  /** Spec §4: 0 incomplete, 1 in progress, 2 complete. */
  completion: 0 | 1 | 2
}
export interface MunicipalityBlocks {
  name: string
  stakeholderId: number
  provinceName: string
  districtName: string
  buildingBlockCategories: { buildingBlockCategoryId: number; description: string; buildingBlocks: BlockCompletion[] }[]
}
export interface ProviderSummary {
  stakeholderId: number
  name: string
  status: string
}
export interface ContactPersonForm {
  contactPersonId?: string
  fullName: string
  jobRole: string | null
  mobileNumber: string | null
  emailAddress: string | null
  telephoneNumber: string | null
  alternateNumber: string | null
}
export interface ProviderDetails {
  stakeholderId: number
  name: string
  buildingBlockId: number
  buildingBlock: string
  municipalityId: number
  municipalityName: string
  status: string
  isShelter: boolean
  address: { addressId: number; addressLine1: string | null; addressLine2: string | null }
  contacts: { contactId: number; contactTypeId: number; detail: string }[]
  buildingBlockRequirements: {
    buildingBlockRequirementId: number
    name: string
    available: boolean
    verified: boolean
    stakeholderContactPerson: ContactPersonForm[]
  }[]
}
export interface UpdateBody {
  stakeholderId: number
  buildingBlockId: number
  physicalAddress: string
  postalAddress: string
  receptionNumber: string
  alternateNumber: string
  emailAddress: string
  buildingBlockRequirements: number[]
  contactPersons: (ContactPersonForm & { buildingBlockRequirementId: number })[]
}
export interface Answer {
  success: boolean
  message: string
  errors?: { code: string; description: string }[]
}
export interface HistoryEntry {
  sequence: number
  at: string
  eventType: string
  actor: string
  actorEmail: string | null
  source: string
  detail: string
}

const tagged = baseApi.enhanceEndpoints({ addTagTypes: ['BuildingBlocks'] })

export const bbApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getAssociated: build.query<MunicipalityBlocks[], number | null>({
      query: (boundaryId) => ({
        url: 'buildingblock/getBuildingBlockAssociatedToUser',
        params: boundaryId ? { boundaryId } : {},
      }),
      providesTags: ['BuildingBlocks'],
      keepUnusedDataFor: 0,
    }),
    getProviders: build.query<ProviderSummary[], { municipalityId: number; buildingBlockId: number }>({
      query: ({ municipalityId, buildingBlockId }) => ({
        url: 'buildingblock/getBuildingBlockOnMunicipality',
        params: { boundaryStakeholderId: municipalityId, buildingBlockId },
      }),
      providesTags: ['BuildingBlocks'],
      keepUnusedDataFor: 0,
    }),
    getProvider: build.query<ProviderDetails, { stakeholderId: number; buildingBlockId: number }>({
      query: ({ stakeholderId, buildingBlockId }) => ({
        url: 'buildingblock/getBuildingBlockContactsWithRequirements',
        params: { stakeholderId, buildingBlockId },
      }),
      providesTags: ['BuildingBlocks'],
      keepUnusedDataFor: 0,
    }),
    getHistory: build.query<HistoryEntry[], number>({
      query: (stakeholderId) => ({ url: 'buildingblock/history', params: { stakeholderId } }),
      transformResponse: (a: { history: HistoryEntry[] }) => a.history ?? [],
      providesTags: ['BuildingBlocks'],
      keepUnusedDataFor: 0,
    }),
    updateProvider: build.mutation<Answer, UpdateBody>({
      query: (body) => ({ url: 'buildingblock/updateBuildingBlockContactsAndRequirements', method: 'PUT', body }),
      invalidatesTags: ['BuildingBlocks', 'Dashboard'],
    }),
    verifyProvider: build.mutation<Answer, { stakeholderId: number }>({
      query: (body) => ({ url: 'buildingblock/verifyBuildingBlock', method: 'POST', body }),
      invalidatesTags: ['BuildingBlocks', 'Dashboard'],
    }),
    returnProvider: build.mutation<Answer, { stakeholderId: number; reason: string }>({
      query: (body) => ({ url: 'buildingblock/returnBuildingBlock', method: 'POST', body }),
      invalidatesTags: ['BuildingBlocks', 'Dashboard'],
    }),
  }),
})

export const {
  useGetAssociatedQuery,
  useGetProvidersQuery,
  useGetProviderQuery,
  useGetHistoryQuery,
  useUpdateProviderMutation,
  useVerifyProviderMutation,
  useReturnProviderMutation,
} = bbApi

/** Completion colour class of spec §4 (0 incomplete, 1 in progress, 2 complete). */
export function completionClass(c: number): string {
  return c === 2 ? 'bb-complete' : c === 1 ? 'bb-progress' : 'bb-incomplete'
}
