// Translated through the message catalogs under the prefixes `buildingBlock`, `buildingBlockCounts`,
// `verificationQueue`, `review` and `bulkLoad` (src/locales, ids `buildingBlock.*` and so on).
// Building-block area wording: the specification's words (public spec §2 "Building block
// dashboard", "Manage building block", §5, §8) and, where it has none, ours
// (docs/decisions/0063-contact-directory-and-screens.md).
import { message, registerStrings } from '../../i18n/runtime'

export const bbStrings = registerStrings('buildingBlock', {
  title: 'Building Block Dashboard',
  /** "9 municipalities", "1 municipality". */
  municipalityCount: message<[number]>('{count, plural, one {# municipality} other {# municipalities}}', 'count'),
  /** A province's designated person (reviews): "Provincial designated person: Gauteng | 9 municipalities". */
  provincialHeading: message<[string, number]>(
    'Provincial designated person: {provinces} | {count, plural, one {# municipality} other {# municipalities}}',
    'provinces',
    'count',
  ),
  /** A municipality's designated person: "Municipality designated person: City of Johannesburg". */
  municipalHeading: message<[string]>('Municipality designated person: {municipalities}', 'municipalities'),
  /** Everyone else with the building-block area (an administrator): the specification's "System Admin". */
  systemAdmin: message<[string, number]>(
    'System Admin: {provinces} | {count, plural, one {# municipality} other {# municipalities}}',
    'provinces',
    'count',
  ),
  /** "3 provinces". */
  provinceCount: message<[number]>('{count, plural, one {{count} province} other {{count} provinces}}', 'count'),
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
  deleteContactTitle: 'Delete contact person',
  /** The question before a saved contact person is removed through the server (`deleteContactQuestion`). */
  deleteContactQuestion: message<[string]>(
    'Delete {name}? The details go to the province for verification again without them; the public directory keeps the last verified details until then.',
    'name',
  ),
  /** The same question about a contact person without a name. */
  deleteUnnamedContactQuestion:
    'Delete this contact person? The details go to the province for verification again without them; the public directory keeps the last verified details until then.',
  contactDeleted: "Contact person deleted; the details await the province's verification.",
  contactNotDeleted: 'An error occurred while deleting the contact.',
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
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- looked up by any string: registerStrings keeps the literal's type
  status: {
    not_captured: 'Not yet captured',
    submitted: 'Submitted, awaiting verification',
    verified: 'Verified',
    returned: 'Returned to the municipality',
  } as Record<string, string>,
  history: 'History',
  historyCsv: 'Download history (CSV)',
})

/** The question before a saved contact person is removed: by name, or "this contact person". */
export function deleteContactQuestion(name: string): string {
  return name ? bbStrings.deleteContactQuestion(name) : bbStrings.deleteUnnamedContactQuestion
}

/** Counts of a municipality's providers by status, for the dashboard cell and titles. */
export const countWords = registerStrings('buildingBlockCounts', {
  submitted: message<[number]>('{count} awaiting verification', 'count'),
  returned: message<[number]>('{count} returned', 'count'),
  notCaptured: message<[number]>('{count} not captured', 'count'),
  verified: message<[number, number]>('{verified} of {total} verified', 'verified', 'total'),
})

/** Wording of the verification queue and the review (docs/decisions/0056-the-verification-queue-and-the-review.md). */
export const queueStrings = registerStrings('verificationQueue', {
  title: 'Verification queue',
  submissionsTitle: 'Submitted details',
  heading: message<[number, number]>(
    'Verification queue: {submitted} awaiting verification, {returned} returned',
    'submitted',
    'returned',
  ),
  link: message<[number, number]>(
    'Verification queue ({submitted} awaiting verification, {returned} returned)',
    'submitted',
    'returned',
  ),
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- looked up by any string: registerStrings keeps the literal's type
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
  openNamed: message<[string]>('Review {name}', 'name'),
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- looked up by any string: registerStrings keeps the literal's type
  none: { submitted: 'Nothing awaits verification.', returned: 'Nothing was returned.' } as Record<string, string>,
  /** Days waiting, known (`queueDays` also words an unknown wait). */
  days: message<[number]>('{days, plural, =0 {Less than a day} one {{days} day} other {{days} days}}', 'days'),
  unknownDays: 'Unknown',
  page: message<[number, number, number]>(
    'Page {page} of {pages} ({total, plural, one {{total} provider} other {{total} providers}})',
    'page',
    'pages',
    'total',
  ),
  previous: 'Previous page',
  next: 'Next page',
  yours: 'You submitted this',
  back: 'Back to the dashboard',
})

/** How long a provider has waited in the queue: "Less than a day", "12 days", or "Unknown". */
export function queueDays(n: number | null | undefined): string {
  return n == null ? queueStrings.unknownDays : queueStrings.days(n)
}

export const reviewStrings = registerStrings('review', {
  title: message<[string]>('Review: {name}', 'name'),
  submittedBy: message<[string, string]>('Submitted by {who} on {at}', 'who', 'at'),
  /** What the submission is compared with (`reviewComparedWith`): the version verified on `at`, */
  comparedWith: message<[string]>('Compared with the version verified on {at}', 'at'),
  /** or the imported record when none was verified yet. */
  comparedWithImported: 'Nothing was verified yet: compared with the imported directory record',
  lastReturn: 'Returned before',
  returnedBy: message<[string, string]>('Returned by {who} on {at}', 'who', 'at'),
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
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- looked up by any string: registerStrings keeps the literal's type
  personChange: { added: 'Added', changed: 'Changed', removed: 'Removed', unchanged: 'Unchanged' } as Record<
    string,
    string
  >,
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- looked up by any string: registerStrings keeps the literal's type
  personFields: {
    fullName: 'Full name',
    jobRole: 'Job role',
    mobileNumber: 'Mobile number',
    emailAddress: 'Email address',
    telephoneNumber: 'Telephone number',
    alternateNumber: 'Alternate number',
    isPublic: 'Shown in the public directory',
  } as Record<string, string>,
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- looked up by any string: registerStrings keeps the literal's type
  fields: {
    physicalAddress: 'Physical Address',
    postalAddress: 'Postal Address',
    receptionNumber: 'Reception Number',
    alternateNumber: 'Alternate Number',
    emailAddress: 'Email address',
  } as Record<string, string>,
  /** The names of the changed fields, listed (`reviewChangedFields`). */
  changedFields: message<[string]>('Changed: {names}', 'names'),
  verifyTitle: 'Verify these details?',
  verifyQuestion: message<[string, number, string]>(
    'The details of {name} submitted on {at} (version {version}) become the public record.',
    'name',
    'version',
    'at',
  ),
  returnTitle: 'Return to the municipality?',
  returnQuestion: message<[string, number, string]>(
    'The details of {name} submitted on {at} (version {version}) go back to the municipality with your reason. The public keeps the last verified details.',
    'name',
    'version',
    'at',
  ),
  reasonHint: message<[number]>('{left} characters left', 'left'),
  reasonRequired: 'A reason is required to return the building block.',
  confirmReturn: 'Return to municipality',
  cancel: 'Cancel',
  verified_: 'Building block verified successfully',
  returned_: 'Building block returned to the municipality',
  backToQueue: 'Back to the verification queue',
  nothingToDecide: 'These details do not await a decision.',
})

/** What the submission is compared with: the version verified at `at`, or the imported record. */
export function reviewComparedWith(at: string | null): string {
  return at ? reviewStrings.comparedWith(at) : reviewStrings.comparedWithImported
}

/** "Changed: Full name, Job role". */
export function reviewChangedFields(names: string[]): string {
  return reviewStrings.changedFields(names.join(', '))
}

export const REASON_MAX = 1000

/** The bulk load by a province (docs/decisions/0059-bulk-load-of-provider-details.md). */
export const bulkLoadStrings = registerStrings('bulkLoad', {
  title: 'Bulk load of provider details',
  link: 'Bulk load provider details from a spreadsheet',
  back: 'Back to the dashboard',
  intro:
    'Load the details of many providers of your province at once from a spreadsheet in the template. Each row names one provider (by its Provider ID, or by its name and building block) and is checked as the manage form checks it. Blank cells keep the provider’s current value.',
  rules:
    'A row that changes something records a submission in your name, which another designated person of the province verifies. A row that confirms a submission someone else made, unchanged, verifies it when you verify in that province. Nothing is applied while any row has an error.',
  template: 'Download the template (CSV)',
  columns: 'What each column holds',
  file: 'File (CSV or XLSX)',
  fileHint: 'At most 10,000 rows. The first row must hold the template’s column names.',
  check: 'Check the file (dry run)',
  checking: 'Checking the file…',
  apply: 'Apply',
  applying: 'Applying…',
  confirm: message<[number, number]>(
    'Record {submit, plural, one {{submit} submission} other {{submit} submissions}} and {verify, plural, one {{verify} verification} other {{verify} verifications}}? This cannot be undone, but every change stays in each provider’s history.',
    'submit',
    'verify',
  ),
  confirmYes: 'Yes, apply the file',
  cancel: 'Cancel',
  /** The dry run's counts (`bulkLoadSummary`). */
  summary: message<[number, number, number, number, number]>(
    '{rows, plural, one {{rows} row} other {{rows} rows}}: {submit} to submit, {verify} to verify, {unchanged} unchanged, {error} with errors.',
    'rows',
    'submit',
    'verify',
    'unchanged',
    'error',
  ),
  hasErrors: message<[number]>(
    '{errors, plural, one {The file has {errors} error. Nothing can be applied until it is corrected: correct the file and check it again.} other {The file has {errors} errors. Nothing can be applied until they are corrected: correct the file and check it again.}}',
    'errors',
  ),
  nothingToApply: 'The file changes nothing: there is nothing to apply.',
  ready: 'No errors: the file can be applied.',
  onlyErrors: 'Show only rows with errors',
  caption: 'Dry run: every row of the file',
  applied: 'Applied: every row below was recorded.',
  fileErrors: 'Errors in the file',
  headers: { row: 'Row', provider: 'Provider', action: 'What happens', changes: 'Changes', errors: 'Errors' },
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- looked up by any string: registerStrings keeps the literal's type
  actions: { submit: 'Submit', verify: 'Verify', unchanged: 'No change', error: 'Error' } as Record<string, string>,
  none: '—',
  empty: '(empty)',
  noFile: 'Choose a file first.',
  failed: 'The file could not be checked. Try again.',
  /** Where a file error is: row 0 is the file as a whole. */
  rowOf: message<[number]>('{row, plural, =0 {File} other {Row {row}}}', 'row'),
  templateColumns: [
    ['Provider ID', 'The provider’s ID as the directory shows it; optional when the name and building block find it.'],
    ['Provider name', 'The provider’s name as the directory has it (any case).'],
    ['Building block', 'The building block’s name (e.g. SAPS police station) or id.'],
    ['Municipality', 'Only when two providers of the building block share a name.'],
    ['Physical address', 'Required unless already captured; never for a shelter.'],
    ['Postal address', 'Optional.'],
    ['Reception number, Alternate number', 'Digits; spaces, dashes and brackets are dropped.'],
    ['Email address', 'The provider’s e-mail address.'],
    ['Requirements available', 'Requirement names separated by semicolons; None clears them.'],
    [
      'Contact person name, job role, mobile number, email address, telephone number, alternate number',
      'One contact person per row: added, or replaces the one of the same name. Numbers 10 digits.',
    ],
    ['Contact person requirement', 'The requirement the person answers for; required with a person.'],
    [
      'Contact person public',
      'Yes: shown in the public directory once verified (never for a shelter). No or blank: internal.',
    ],
  ] as [string, string][],
})

/** The dry run's counts: "12 rows: 3 to submit, 1 to verify, 8 unchanged, 0 with errors." */
export function bulkLoadSummary(s: {
  rows: number
  submit: number
  verify: number
  unchanged: number
  error: number
}): string {
  return bulkLoadStrings.summary(s.rows, s.submit, s.verify, s.unchanged, s.error)
}
