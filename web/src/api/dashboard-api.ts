// GET /api/dashboard/components and GET /api/dashboard?boundaryId: the landing data per component.
import { baseApi } from './base-api'
import type { Dashboard, DashboardComponent } from './types'

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getComponents: build.query<DashboardComponent[], void>({
      query: () => 'dashboard/components',
      providesTags: ['Components'],
    }),
    getDashboard: build.query<Dashboard, number>({
      query: (boundaryId) => ({ url: 'dashboard', params: { boundaryId } }),
      providesTags: (_r, _e, boundaryId) => [{ type: 'Dashboard', id: boundaryId }],
    }),
  }),
})

export const { useGetComponentsQuery, useGetDashboardQuery } = dashboardApi
