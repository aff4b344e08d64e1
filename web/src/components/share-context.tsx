// The view a card is shared from: the chart, map and grid routes (and their embedded forms) wrap
// their content in <ShareScope>, and every card's DataActions inside it then offers "Full series",
// "Embed" and "Cite" (components/card.tsx). Outside a scope (the landing's summary and map) a card
// keeps its table, CSV and PNG only.
import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import { crimeStatsArgs, useGetComponentsQuery, useGetCrimeStatsQuery, useGetDashboardQuery } from '../api/public-api'
import { ComponentId } from '../config/constants'
import { strings } from '../config/strings'
import { useFilters } from '../filters/use-filters'
import type { Filters } from '../filters/query-string'
import { areaName } from '../lib/area-name'
import { crimeOptionsFrom } from '../lib/crime'
import { crimePeriodText, type ShareView } from '../lib/share'

export interface ShareScopeValue {
  view: ShareView
  filters: Filters
  /** Shown inside another site's frame (/embed/…): links to the dashboard open a new tab. */
  embedded: boolean
  /** The view's heading: its area, what it shows and the period of its crime figures. */
  heading: ViewHeading
}

const ShareContext = createContext<ShareScopeValue | null>(null)

export interface ViewHeading {
  area: string
  /** The component shown (or the view's name when the chart view shows them all). */
  what: string
  /** The crime figures' period ('SAPS financial year 2022/23') when the view shows crime, else ''. */
  period: string
  /** The component shown, null when the chart view shows them all. */
  componentId: number | null
}

/**
 * The heading of a shared view from the filters: the area (from the dashboard's answer, which
 * the layout has asked for already), the component chosen (the map and the grid show crime
 * without one) and, for crime, the financial year of its figures.
 */
export function useViewHeading(view: ShareView): ViewHeading {
  const { filters, boundaryId } = useFilters()
  const components = useGetComponentsQuery()
  const dashboard = useGetDashboardQuery({ boundaryId })
  const componentId = filters.componentId ?? (view === 'chart' ? null : ComponentId.Crime)
  const showsCrime = componentId === ComponentId.Crime || componentId == null
  const crime = useGetCrimeStatsQuery(
    showsCrime ? crimeStatsArgs(boundaryId, crimeOptionsFrom(filters), filters.asOf) : skipToken,
  )
  const component = components.data?.find((c) => c.componentId === componentId)
  const period = componentId === ComponentId.Crime ? (crime.currentData?.period ?? '') : ''
  const area = areaName(dashboard.currentData?.boundary ?? crime.currentData?.boundary)
  const what = component?.name ?? strings.views[view]
  return useMemo(
    () => ({ area, what, period: period ? crimePeriodText(period) : '', componentId }),
    [area, what, period, componentId],
  )
}

/** Makes the cards inside share `view` (with the current filters). */
export function ShareScope({
  view,
  embedded = false,
  children,
}: {
  view: ShareView
  embedded?: boolean
  children: ReactNode
}) {
  const { filters } = useFilters()
  const heading = useViewHeading(view)
  const value = useMemo(() => ({ view, filters, embedded, heading }), [view, filters, embedded, heading])
  return <ShareContext.Provider value={value}>{children}</ShareContext.Provider>
}

/** The shared view around a card, or null outside one. */
export function useShareScope(): ShareScopeValue | null {
  return useContext(ShareContext)
}
