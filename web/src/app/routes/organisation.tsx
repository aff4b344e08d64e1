// /organisation/: the organisation health-check dashboard (features/organisation).
export { Component } from '../../features/organisation/organisation-dashboard'
