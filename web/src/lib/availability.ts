// How an availability figure reads (public spec §3 component 1;
// docs/decisions/0061-availability-before-verification.md,
// docs/decisions/0141-availability-needs-coverage.md): the server sends null while too few of the
// providers counted are verified to speak for the area (none, or below the coverage rule), which
// reads "Not yet verified", never 0%, with the coverage ("1 of 42 verified") beside it; an area
// without listed providers has no figure.
import { strings } from '../config/strings'
import { formatAvailability, formatCount } from './format'

/** Availability (0..1 or null) of `listed` providers as it reads on screen and in CSV files. */
export function describeAvailability(availability: number | null | undefined, listed: number): string {
  if (listed === 0) return '–'
  if (availability == null) return strings.availability.notYetVerified
  return formatAvailability(availability)
}

/** Whether a figure is waiting for verification: providers are listed, too few verified. */
export function awaitsVerification(availability: number | null | undefined, listed: number): boolean {
  return listed > 0 && availability == null
}

/** The coverage beside a figure: '1 of 42 verified'; 'None listed' without providers. */
export function listedAndVerified(listed: number, verified: number): string {
  if (listed <= 0) return strings.availability.noneListed
  return strings.availability.listedVerified(formatCount(listed), formatCount(verified))
}

/**
 * Why an area has no figure though providers are verified: the coverage rule in words
 * (`belowCoverage`); nothing for the other states.
 */
export function coverageReason(state: string | undefined): string | null {
  return state === 'belowCoverage' ? strings.availability.belowCoverage : null
}

/** The CSV value of an availability: a percentage with 2 decimals, or the words. */
export function availabilityCsv(availability: number | null | undefined, listed: number): string | null {
  if (listed === 0) return null
  if (availability == null) return strings.availability.notYetVerified
  return (availability * 100).toFixed(2)
}
