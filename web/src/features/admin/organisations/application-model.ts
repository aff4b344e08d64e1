// Pure rules of the application view: the address line and which decisions are offered.
import { VerificationStatus } from '../admin-constants'
import type { OrganisationApplication } from '../../../api/generated'

/** Street, suburb and the boundaries, as one line. */
export function streetAddress(
  org: Pick<OrganisationApplication, 'addressLine1' | 'addressLine2' | 'localMunicipality' | 'district' | 'province'>,
): string {
  return [org.addressLine1, org.addressLine2, org.localMunicipality, org.district, org.province]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ')
}

/** Which decisions the screen offers for a status (section 2: Approve is hidden once approved). */
export function decisionsFor(statusId: number, canVerify: boolean): { approve: boolean; reject: boolean } {
  if (!canVerify) return { approve: false, reject: false }
  return { approve: statusId !== VerificationStatus.Approved, reject: statusId !== VerificationStatus.Rejected }
}
