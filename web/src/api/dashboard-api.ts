// GET /api/dashboard/components and GET /api/dashboard?boundaryId: the landing data per component.
import { baseApi } from './base-api'
import type { Dashboard, DashboardComponent } from './types'

/** The dashboard call's arguments: a boundary, and for collective actions (component 4) the
 * selected pillars and 'pillarId-typeId' pairs (spec section 2 Filters). */
export type DashboardArgs =
  number | { boundaryId: number; componentId: number; componentOptions: string[]; componentSubOptions: string[] }

/** Arguments for the dashboard call from the filters: options go only with component 4. */
export function dashboardArgs(
  boundaryId: number,
  filters: { componentId?: number | null; componentOptions: string[]; componentSubOptions: string[] },
): DashboardArgs {
  if (filters.componentId !== 4 || (filters.componentOptions.length === 0 && filters.componentSubOptions.length === 0))
    return boundaryId
  return {
    boundaryId,
    componentId: 4,
    componentOptions: filters.componentOptions,
    componentSubOptions: filters.componentSubOptions,
  }
}

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getComponents: build.query<DashboardComponent[], void>({
      query: () => 'dashboard/components',
      providesTags: ['Components'],
    }),
    getDashboard: build.query<Dashboard, DashboardArgs>({
      query: (args) =>
        typeof args === 'number'
          ? { url: 'dashboard', params: { boundaryId: args } }
          : {
              url: 'dashboard',
              params: {
                boundaryId: args.boundaryId,
                componentId: args.componentId,
                componentOptions: args.componentOptions.join(','),
                componentSubOptions: args.componentSubOptions.join(','),
              },
            },
      providesTags: (_r, _e, args) => [
        'Dashboard',
        { type: 'Dashboard', id: typeof args === 'number' ? args : args.boundaryId },
      ],
    }),
  }),
})

export const { useGetComponentsQuery, useGetDashboardQuery } = dashboardApi
