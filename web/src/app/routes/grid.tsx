// /home/grid: one card per area with its distribution.
import { lazy, Suspense } from 'react'
import { Spinner } from '../../components/status'

const GridView = lazy(() => import('../../features/grid/grid-view'))

export function Component() {
  return (
    <Suspense fallback={<Spinner />}>
      <GridView />
    </Suspense>
  )
}
