// The one RTK Query API of the app; each resource adds its endpoints with injectEndpoints.
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react'

/** Absolute base URL built from the page origin: a relative one fails under Vitest. */
export function apiBaseUrl(): string {
  return new URL('/api', globalThis.location?.origin ?? 'http://localhost').href
}

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: apiBaseUrl(), credentials: 'include' }),
  tagTypes: ['Components', 'Dashboard', 'Crime', 'Geography', 'Config'],
  // Public data changes only on import; keep it for 10 minutes after the last subscriber goes.
  keepUnusedDataFor: 600,
  endpoints: () => ({}),
})
