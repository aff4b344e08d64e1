// Reads the filters from the URL and writes changes back as navigation.
import { useCallback, useMemo } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { NATIONAL_BOUNDARY_ID } from '../config/constants'
import { filtersSearch, parseFilters, type Filters } from './query-string'
import { paths, viewFromPath, type View } from './paths'

export function useFilters() {
  const location = useLocation()
  const navigate = useNavigate()
  const filters = useMemo(() => parseFilters(location.search), [location.search])
  const view = viewFromPath(location.pathname)

  const update = useCallback(
    (next: Filters, options: { view?: View; replace?: boolean } = {}) => {
      const pathname = options.view ? paths[options.view] : location.pathname
      void navigate({ pathname, search: filtersSearch(next, location.search) }, { replace: options.replace })
    },
    [location.pathname, location.search, navigate],
  )

  return {
    filters,
    view,
    /** The boundary to load: the national boundary when none is chosen. */
    boundaryId: filters.boundaryId ?? NATIONAL_BOUNDARY_ID,
    update,
  }
}
