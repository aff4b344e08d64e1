// Building-block area wording: the specification's words (public spec §2 "Building block
// dashboard", "Manage building block", §5, §8) and, where it has none, ours
// (docs/decisions/0063-contact-directory-and-screens.md).
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
  deleteContactTitle: 'Delete contact person',
  /** The question before a saved contact person is removed through the server. */
  deleteContactQuestion: (name: string) =>
    `Delete ${name || 'this contact person'}? The details go to the province for verification again without them; the public directory keeps the last verified details until then.`,
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

/** Wording of the verification queue and the review (docs/decisions/0056-the-verification-queue-and-the-review.md). */
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

/** The bulk load by a province (docs/decisions/0059-bulk-load-of-provider-details.md). */
export const bulkLoadStrings = {
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
  confirm: (submit: number, verify: number) =>
    `Record ${submit} ${submit === 1 ? 'submission' : 'submissions'} and ${verify} ${verify === 1 ? 'verification' : 'verifications'}? This cannot be undone, but every change stays in each provider’s history.`,
  confirmYes: 'Yes, apply the file',
  cancel: 'Cancel',
  summary: (s: { rows: number; submit: number; verify: number; unchanged: number; error: number }) =>
    `${s.rows} ${s.rows === 1 ? 'row' : 'rows'}: ${s.submit} to submit, ${s.verify} to verify, ${s.unchanged} unchanged, ${s.error} with errors.`,
  hasErrors: (n: number) =>
    `The file has ${n} ${n === 1 ? 'error' : 'errors'}. Nothing can be applied until ${n === 1 ? 'it is' : 'they are'} corrected: correct the file and check it again.`,
  nothingToApply: 'The file changes nothing: there is nothing to apply.',
  ready: 'No errors: the file can be applied.',
  onlyErrors: 'Show only rows with errors',
  caption: 'Dry run: every row of the file',
  applied: 'Applied: every row below was recorded.',
  fileErrors: 'Errors in the file',
  headers: { row: 'Row', provider: 'Provider', action: 'What happens', changes: 'Changes', errors: 'Errors' },
  actions: { submit: 'Submit', verify: 'Verify', unchanged: 'No change', error: 'Error' } as Record<string, string>,
  none: '—',
  empty: '(empty)',
  noFile: 'Choose a file first.',
  failed: 'The file could not be checked. Try again.',
  rowOf: (row: number) => (row === 0 ? 'File' : `Row ${row}`),
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
}
