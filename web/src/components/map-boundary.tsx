// The frame every map goes in (crime today; building-block, health-check and collective-action maps
// later). It checks for WebGL2 before the map is created and, without it, shows in the map's place
// a short explanation and the map's figures as a table (the data-table alternative). A map that
// throws anyway (context creation failing after the check, a chunk that did not load, a bug) is
// caught here too and gives the same fallback, so the rest of the page keeps working.
import { Suspense, type ReactNode } from 'react'
import { ErrorBoundary } from 'react-error-boundary'
import { strings } from '../config/strings'
import { markWebGL2Unavailable, supportsWebGL2 } from '../lib/webgl'
import { DataTable, type TableData } from './data-table'
import { NoData, Spinner } from './status'

export type MapFallbackReason = 'webgl' | 'error'

/** MapLibre's GPUInitializationError, recognised by name so this file does not load MapLibre. */
export function isGpuInitializationError(error: unknown): boolean {
  return error instanceof Error && error.name === 'GPUInitializationError'
}

export function MapFallback({
  reason,
  table,
  loading = false,
}: {
  reason: MapFallbackReason
  table: TableData
  loading?: boolean
}) {
  return (
    <div className="map-fallback" data-testid="map-fallback" data-reason={reason}>
      <p className="message message--info">
        {reason === 'webgl' ? strings.map.webglUnavailable : strings.map.mapUnavailable}
      </p>
      {table.rows.length > 0 ? <DataTable data={table} /> : loading ? <Spinner /> : <NoData />}
    </div>
  )
}

/**
 * Renders `children` (the map) when the browser has WebGL2, and the table alternative otherwise or
 * when the map throws. `table` is the same data the map's "Show data table" action shows.
 */
export function MapBoundary({
  table,
  loading = false,
  resetKeys,
  children,
}: {
  table: TableData
  loading?: boolean
  resetKeys?: unknown[]
  children: ReactNode
}) {
  if (!supportsWebGL2()) return <MapFallback reason="webgl" table={table} loading={loading} />
  return (
    <ErrorBoundary
      resetKeys={resetKeys}
      onError={(error) => {
        if (isGpuInitializationError(error)) markWebGL2Unavailable()
      }}
      fallbackRender={({ error }) => (
        <MapFallback reason={isGpuInitializationError(error) ? 'webgl' : 'error'} table={table} loading={loading} />
      )}
    >
      <Suspense fallback={<Spinner />}>{children}</Suspense>
    </ErrorBoundary>
  )
}
