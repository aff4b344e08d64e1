// Routes of the organisation area (admin spec §2): the results view takes an encoded health check id.

/** Paths of the organisation dashboard and results view. */
export const organisationPaths = {
  dashboard: '/organisation/',
  view: (healthCheckId: string) => `/organisation/view/${encodeURIComponent(healthCheckId)}`,
} as const
