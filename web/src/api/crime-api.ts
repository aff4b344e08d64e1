// GET /api/crime/stats?boundaryId[&componentOptions]: crime figures for one boundary.
import { baseApi } from './base-api'
import type { CrimeStats } from './types'

export interface CrimeStatsArgs {
  boundaryId: number
  /** Selected crime type ids (strings); empty means the default (isIncluded) types. */
  componentOptions?: readonly string[]
}

export function crimeStatsParams({ boundaryId, componentOptions }: CrimeStatsArgs): Record<string, string | number> {
  const params: Record<string, string | number> = { boundaryId }
  if (componentOptions && componentOptions.length > 0) params.componentOptions = [...componentOptions].join(',')
  return params
}

export const crimeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCrimeStats: build.query<CrimeStats, CrimeStatsArgs>({
      query: (args) => ({ url: 'crime/stats', params: crimeStatsParams(args) }),
      providesTags: (_r, _e, { boundaryId }) => [{ type: 'Crime', id: boundaryId }],
    }),
  }),
})

export const { useGetCrimeStatsQuery } = crimeApi
