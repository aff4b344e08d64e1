// Building-block area wording: the specification's words (public spec §2 "Building block
// dashboard", "Manage building block", §5, §8) and, where it has none, ours
// (docs/decisions.md "Issue 11").
export const bbStrings = {
  title: 'Building Block Dashboard',
  /** "9 municipalities", "1 municipality". */
  municipalityCount: (n: number) => `${n.toLocaleString('en-ZA')} ${n === 1 ? 'municipality' : 'municipalities'}`,
  /** A province's designated person (reviews): "Provincial designated person: Gauteng | 9 municipalities". */
  provincialHeading: (provinces: string, n: number) =>
    `Provincial designated person: ${provinces} | ${bbStrings.municipalityCount(n)}`,
  /** A municipality's designated person: "Municipality designated person: City of Johannesburg". */
  municipalHeading: (municipalities: string) => `Municipality designated person: ${municipalities}`,
  /** Everyone else with the building-block area (an administrator): the specification's "System Admin". */
  systemAdmin: (provinces: string, n: number) => `System Admin: ${provinces} | ${bbStrings.municipalityCount(n)}`,
  /** "3 provinces". */
  provinceCount: (n: number) => `${n} ${n === 1 ? 'province' : 'provinces'}`,
  all: 'All',
  province: 'Province',
  district: 'District',
  municipality: 'Local municipality',
  legendComplete: '100% complete',
  legendProgress: '1%-99% in-progress',
  legendIncomplete: '0% incomplete',
  noData: 'No data available to display.',
  category: 'Category',
  buildingBlock: 'Building block',
  verified: 'Verified / total',
  numberOfUpdates: 'Number of updates',
  selectProvider: 'Select building block to update:',
  physicalAddress: 'Physical Address',
  postalAddress: 'Postal Address',
  receptionNumber: 'Reception Number',
  alternateNumber: 'Alternate Number',
  emailAddress: 'Email address',
  requirements: 'Select building blocks that are available:',
  addContact: 'Add Additional Contact Person',
  deleteContact: 'Delete',
  back: 'Back to main view',
  cancel: 'Cancel',
  edit: 'Edit',
  save: 'Save and submit for verification',
  verify: 'Verify these details',
  returnLabel: 'Return to municipality with a reason',
  reason: 'Reason for returning',
  reviewChanges: 'Review what changed',
  editAgain: 'Edit and submit again',
  fullName: 'Full name',
  mobileNumber: 'Mobile number',
  telephoneNumber: 'Telephone number',
  jobRole: 'Job role',
  isPublic: 'Show in the public directory (the person agreed)',
  publicHint:
    'Once verified, only the name, job role, telephone and alternate numbers of a person shown in the public directory are published. Mobile numbers and e-mail addresses stay internal.',
  shelterPersonsInternal: "A shelter's contact persons are never shown in the public directory.",
  shownInPublic: 'Shown in the public directory',
  internalOnly: 'Internal only',
  physicalRequired: 'Physical Address is required.',
  nameRequired: 'Name is required.',
  digitsOnly: 'Only digits are accepted.',
  tenDigits: 'Contact number must be 10 digits long',
  invalidEmail: 'Please enter a valid email address',
  correctErrors: 'Please correct the highlighted errors before submitting.',
  updated: 'Building block updated successfully',
  notUpdated: 'Building block not updated.',
  verifiedMessage: 'Building block verified successfully',
  ownSubmission: 'You submitted these details: another designated person of the province verifies or returns them.',
  shelterNote: 'A shelter’s address is never recorded: its location is protected.',
  status: {
    not_captured: 'Not yet captured',
    submitted: 'Submitted, awaiting verification',
    verified: 'Verified',
    returned: 'Returned to the municipality',
  } as Record<string, string>,
  history: 'History',
  historyCsv: 'Download history (CSV)',
}

/** Counts of a municipality's providers by status, for the dashboard cell and titles. */
export const countWords = {
  submitted: (n: number) => `${n} awaiting verification`,
  returned: (n: number) => `${n} returned`,
  notCaptured: (n: number) => `${n} not captured`,
  verified: (n: number, total: number) => `${n} of ${total} verified`,
}

/** Wording of the verification queue and the review (docs/decisions.md "The verification queue and the review"). */
export const queueStrings = {
  title: 'Verification queue',
  submissionsTitle: 'Submitted details',
  heading: (submitted: number, returned: number) =>
    `Verification queue: ${countWords.submitted(submitted)}, ${countWords.returned(returned)}`,
  link: (submitted: number, returned: number) =>
    `Verification queue (${countWords.submitted(submitted)}, ${countWords.returned(returned)})`,
  tabs: { submitted: 'Awaiting verification', returned: 'Returned to the municipality' } as Record<string, string>,
  status: 'Show',
  municipality: 'Municipality',
  buildingBlock: 'Building block',
  age: 'Waiting',
  anyAge: 'Any time',
  ages: [
    { days: 1, label: '1 day or more' },
    { days: 7, label: '7 days or more' },
    { days: 14, label: '14 days or more' },
    { days: 30, label: '30 days or more' },
  ],
  all: 'All',
  provider: 'Provider',
  submittedBy: 'Submitted by',
  returnedBy: 'Returned by',
  waiting: 'Waiting',
  reason: 'Reason returned',
  open: 'Review',
  openNamed: (name: string) => `Review ${name}`,
  none: { submitted: 'Nothing awaits verification.', returned: 'Nothing was returned.' } as Record<string, string>,
  days: (n: number | null | undefined) =>
    n == null ? 'Unknown' : n === 0 ? 'Less than a day' : n === 1 ? '1 day' : `${n} days`,
  page: (page: number, pages: number, total: number) =>
    `Page ${page} of ${pages} (${total} ${total === 1 ? 'provider' : 'providers'})`,
  previous: 'Previous page',
  next: 'Next page',
  yours: 'You submitted this',
  back: 'Back to the dashboard',
}

export const reviewStrings = {
  title: (name: string) => `Review: ${name}`,
  submittedBy: (who: string, at: string) => `Submitted by ${who} on ${at}`,
  comparedWith: (at: string | null) =>
    at
      ? `Compared with the version verified on ${at}`
      : 'Nothing was verified yet: compared with the imported directory record',
  lastReturn: 'Returned before',
  returnedBy: (who: string, at: string) => `Returned by ${who} on ${at}`,
  details: 'Details',
  field: 'Field',
  verified: 'Last verified',
  imported: 'Imported record',
  submitted: 'Submitted',
  change: 'Change',
  changed: 'Changed',
  unchanged: 'Unchanged',
  empty: 'None',
  requirements: 'Requirements',
  requirement: 'Requirement',
  offered: 'Offered',
  notOffered: 'Not offered',
  persons: 'Contact persons',
  noPersons: 'No contact persons in either version.',
  personChange: { added: 'Added', changed: 'Changed', removed: 'Removed', unchanged: 'Unchanged' } as Record<
    string,
    string
  >,
  personFields: {
    fullName: 'Full name',
    jobRole: 'Job role',
    mobileNumber: 'Mobile number',
    emailAddress: 'Email address',
    telephoneNumber: 'Telephone number',
    alternateNumber: 'Alternate number',
    isPublic: 'Shown in the public directory',
  } as Record<string, string>,
  fields: {
    physicalAddress: 'Physical Address',
    postalAddress: 'Postal Address',
    receptionNumber: 'Reception Number',
    alternateNumber: 'Alternate Number',
    emailAddress: 'Email address',
  } as Record<string, string>,
  changedFields: (names: string[]) => `Changed: ${names.join(', ')}`,
  verifyTitle: 'Verify these details?',
  verifyQuestion: (name: string, version: number, at: string) =>
    `The details of ${name} submitted on ${at} (version ${version}) become the public record.`,
  returnTitle: 'Return to the municipality?',
  returnQuestion: (name: string, version: number, at: string) =>
    `The details of ${name} submitted on ${at} (version ${version}) go back to the municipality with your reason. The public keeps the last verified details.`,
  reasonHint: (left: number) => `${left} characters left`,
  reasonRequired: 'A reason is required to return the building block.',
  confirmReturn: 'Return to municipality',
  cancel: 'Cancel',
  verified_: 'Building block verified successfully',
  returned_: 'Building block returned to the municipality',
  backToQueue: 'Back to the verification queue',
  nothingToDecide: 'These details do not await a decision.',
}

export const REASON_MAX = 1000
