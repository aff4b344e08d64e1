// Geography calls: boundaries, lists for the cascade, children, polygons and map markers.
import { baseApi } from './base-api'
import type { AreaCollection, Boundary, MarkerCollection } from './types'

export interface BoundaryListArgs {
  boundaryTypeId: number
  parentBoundaryId?: number | null
  filter?: string
}

export interface GeomarkerArgs {
  componentId: number
  boundaryId: number
  categoryId?: number | string | null
}

export const geographyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBoundary: build.query<Boundary, number>({
      query: (id) => `geography/boundary/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Geography', id }],
    }),
    listBoundaries: build.query<Boundary[], BoundaryListArgs>({
      query: ({ boundaryTypeId, parentBoundaryId, filter }) => ({
        url: `geography/boundary/list/${boundaryTypeId}${parentBoundaryId != null ? `/${parentBoundaryId}` : ''}`,
        params: filter ? { filter } : undefined,
      }),
      providesTags: ['Geography'],
    }),
    getContained: build.query<Boundary[], number>({
      query: (containingBoundaryId) => ({ url: 'geography/contained/', params: { containingBoundaryId } }),
      providesTags: ['Geography'],
    }),
    getGeojson: build.query<AreaCollection, number>({
      query: (id) => `geography/geojson/${id}`,
      providesTags: ['Geography'],
    }),
    getGeomarkers: build.query<MarkerCollection, GeomarkerArgs>({
      query: ({ componentId, boundaryId, categoryId }) =>
        `geography/geomarker/${componentId}/${boundaryId}${categoryId != null ? `/${categoryId}` : ''}`,
      providesTags: ['Geography'],
    }),
  }),
})

export const {
  useGetBoundaryQuery,
  useListBoundariesQuery,
  useGetContainedQuery,
  useGetGeojsonQuery,
  useGetGeomarkersQuery,
} = geographyApi
