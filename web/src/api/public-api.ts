// The public dashboard's calls (public spec §7: geography, crime statistics, dashboard, feature
// flags), generated from the API document into endpoints/public.ts (npm run gen:api). This file
// only adds what the document cannot say: the app's cache tags and the argument adapters of the
// filters.
import { catalogName } from '../lib/catalog-name'
import { useMemo } from 'react'
import type { skipToken } from '@reduxjs/toolkit/query'
import {
  generatedApi,
  useGetComponentsQuery as useGeneratedComponentsQuery,
  useGetCrimeStatsQuery as useGeneratedCrimeStatsQuery,
} from './endpoints/public'
import type { Component, CrimeStats, GetCrimeStatsApiArg, GetDashboardApiArg } from './generated'
import { strings } from '../config/strings'
import { useActiveLocale } from '../i18n/locale'

/** The generated endpoints with the app's tags: an admin change that invalidates 'Dashboard'
 * refreshes every boundary's dashboard. */
export const publicApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getBoundary: { providesTags: (_r, _e, { id }) => [{ type: 'Geography', id }] },
    listBoundaries: { providesTags: ['Geography'] },
    listBoundariesIn: { providesTags: ['Geography'] },
    getGeojson: { providesTags: ['Geography'] },
    getGeomarkers: { providesTags: ['Geography'] },
    getCrimeStats: { providesTags: (_r, _e, { boundaryId }) => [{ type: 'Crime', id: boundaryId }] },
    getComponents: { providesTags: ['Components'] },
    getDashboard: { providesTags: (_r, _e, { boundaryId }) => ['Dashboard', { type: 'Dashboard', id: boundaryId }] },
    getFeatureFlags: { providesTags: ['Config'] },
  },
})

// The hooks are the generated ones: the tags above apply to them, as this module runs before any
// component that imports them from here.
export {
  useGetBoundaryQuery,
  useListBoundariesQuery,
  useListBoundariesInQuery,
  useGetDashboardQuery,
  useGetFeatureFlagsQuery,
  useGetGeojsonQuery,
  useGetGeomarkersQuery,
} from './endpoints/public'

/**
 * Arguments of `GET /api/crime/stats` from a boundary, the selected crime type ids (strings;
 * none means the server's default, isIncluded, types) and a permalink's date (`YYYY-MM-DD`: the
 * figures as recorded by the end of that day, South African time; none: today's figures): the
 * document takes the ids joined with commas.
 */
export function crimeStatsArgs(
  boundaryId: number,
  componentOptions?: readonly string[],
  asOf?: string | null,
): GetCrimeStatsApiArg {
  return {
    boundaryId,
    ...(componentOptions && componentOptions.length > 0 ? { componentOptions: componentOptions.join(',') } : {}),
    ...(asOf ? { asOf } : {}),
  }
}

/** Arguments of `GET /api/dashboard` from the filters: the collective-action options (component
 * 4: pillars and 'pillarId-typeId' pairs, spec §2 Filters) go only with component 4, joined with
 * commas. */
export function dashboardArgs(
  boundaryId: number,
  filters: { componentId?: number | null; componentOptions: string[]; componentSubOptions: string[] },
): GetDashboardApiArg {
  // The health check filters by organisation type (its options); collective actions by pillar and type.
  if (filters.componentId === 2 && filters.componentOptions.length > 0)
    return { boundaryId, componentId: 2, componentOptions: filters.componentOptions.join(',') }
  if (filters.componentId !== 4 || (filters.componentOptions.length === 0 && filters.componentSubOptions.length === 0))
    return { boundaryId }
  return {
    boundaryId,
    componentId: 4,
    componentOptions: filters.componentOptions.join(','),
    componentSubOptions: filters.componentSubOptions.join(','),
  }
}

/** The catalog's texts of each component, by component id (1 building blocks, 2 health check,
 * 3 crime, 4 collective actions). */
const COMPONENT_TEXT = {
  1: () => strings.componentText.buildingBlocks,
  2: () => strings.componentText.healthCheck,
  3: () => strings.componentText.crime,
  4: () => strings.componentText.collectiveActions,
} as Record<number, () => { name: string; description: string; linkTitle?: string }>

/** The name of SAPS crime type `id` in the reader's language; `fallback` (the server's) for a
 * type the catalog does not know. */
export function crimeTypeName(id: number | string, fallback: string): string {
  return catalogName(strings.crimeTypes, String(id), fallback)
}

/** `stats` with every crime type named in the reader's language ([`crimeTypeName`]). */
export function localCrimeStats(stats: CrimeStats): CrimeStats {
  const named = <T extends { crimeTypeId: string; description: string }>(d: T): T => ({
    ...d,
    description: crimeTypeName(d.crimeTypeId, d.description),
  })
  return {
    ...stats,
    crimeStats: stats.crimeStats.map(named),
    distribution: stats.distribution.map(named),
    groupedByBoundary: stats.groupedByBoundary.map((g) => ({ ...g, distribution: g.distribution.map(named) })),
  }
}

/** `component` with its name, description and link title in the reader's language (the
 * catalog's, by component id), and the crime component's options (the crime types) named so
 * too; the server's words for a component the catalog does not know. */
export function localComponent(component: Component): Component {
  const text = COMPONENT_TEXT[component.componentId]?.()
  if (!text) return component
  return {
    ...component,
    options:
      component.componentId === 3
        ? component.options.map((o) => ({ ...o, name: crimeTypeName(String(o.id), o.name) }))
        : component.options,
    name: text.name,
    description: text.description,
    linkTitle: component.linkTitle == null ? null : (text.linkTitle ?? component.linkTitle),
  }
}

/** `GET /api/dashboard/components` (the generated hook), each component's words in the reader's
 * language, again whenever the reader picks another. */
export function useGetComponentsQuery() {
  const result = useGeneratedComponentsQuery()
  const locale = useActiveLocale()
  const data = useMemo(
    () => result.data?.map(localComponent),
    // The words change with the language as well as with the answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [result.data, locale],
  )
  return { ...result, data }
}

/** `GET /api/crime/stats` (the generated hook), every crime type named in the reader's language,
 * again whenever the reader picks another. */
export function useGetCrimeStatsQuery(arg: GetCrimeStatsApiArg | typeof skipToken, options?: { skip?: boolean }) {
  const result = useGeneratedCrimeStatsQuery(arg, options)
  const locale = useActiveLocale()
  const data = useMemo(
    () => (result.data ? localCrimeStats(result.data) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [result.data, locale],
  )
  const currentData = useMemo(
    () => (result.currentData ? localCrimeStats(result.currentData) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [result.currentData, locale],
  )
  return { ...result, data, currentData }
}
