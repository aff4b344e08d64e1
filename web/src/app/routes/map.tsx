// /home/map: the full-size choropleth with legend, labels and station pins.
import { lazy, Suspense } from 'react'
import { CardBoundary } from '../../components/boundary'
import { Spinner } from '../../components/status'
import { strings } from '../../config/strings'

const CrimeMap = lazy(() => import('../../features/map/crime-map'))

export function Component() {
  return (
    <div className="map-view">
      <h1 className="visually-hidden">{strings.views.map}</h1>
      <CardBoundary title={strings.views.map} headingLevel={2}>
        <Suspense fallback={<Spinner />}>
          <CrimeMap />
        </Suspense>
      </CardBoundary>
    </div>
  )
}
