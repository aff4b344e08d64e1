// GET /api/config/feature-flags: switches such as enableLogin.
import { baseApi } from './base-api'
import type { FeatureFlags } from './types'

export const configApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFeatureFlags: build.query<FeatureFlags, void>({
      query: () => 'config/feature-flags',
      providesTags: ['Config'],
    }),
  }),
})

export const { useGetFeatureFlagsQuery } = configApi
