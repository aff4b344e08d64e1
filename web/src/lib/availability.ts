// How an availability figure reads (public spec §3 component 1; docs/decisions.md "Availability
// before verification"): the server sends null while none of the providers counted is verified,
// which reads "Not yet verified", never 0%; an area without listed providers has no figure.
import { strings } from '../config/strings'
import { formatAvailability, formatCount } from './format'

/** Availability (0..1 or null) of `listed` providers as it reads on screen and in CSV files. */
export function describeAvailability(availability: number | null | undefined, listed: number): string {
  if (listed === 0) return '–'
  if (availability == null) return strings.availability.notYetVerified
  return formatAvailability(availability)
}

/** Whether a figure is waiting for verification: providers are listed, none verified. */
export function awaitsVerification(availability: number | null | undefined, listed: number): boolean {
  return listed > 0 && availability == null
}

/** '43 listed, 0 verified'. */
export function listedAndVerified(listed: number, verified: number): string {
  return strings.availability.listedVerified(formatCount(listed), formatCount(verified))
}

/** The CSV value of an availability: a percentage with 2 decimals, or the words. */
export function availabilityCsv(availability: number | null | undefined, listed: number): string | null {
  if (listed === 0) return null
  if (availability == null) return strings.availability.notYetVerified
  return (availability * 100).toFixed(2)
}
