// Translated through the message catalogs (src/locales) under the prefix `admin`: ids `admin.*`.
// Every user-visible string of the admin console (admin-and-health-check.md sections 2, 8 and
// 9). Strings quoted in the specification are copied here, with its misspellings corrected
// (docs/decisions/0133-spelling-corrected.md); tests import them from here rather than
// repeating them. The public
// dashboard's and the account screens' strings are in strings.ts.
import { message, registerStrings } from '../i18n/runtime'

export const adminStrings = registerStrings('admin', {
  loading: {
    heading: 'End GBVF Movement',
    label: 'Loading',
  },

  common: {
    view: 'View',
    manage: 'Manage',
    cancel: 'Cancel',
    delete: 'Delete',
    deleting: 'Deleting...',
    edit: 'Edit',
    save: 'Save',
    saving: 'Saving...',
    addNew: 'Add new',
    addNewDisabled: 'Adding applications here is not available',
    filter: 'Filter',
    sort: 'Sort',
    sortAsc: 'A-Z',
    sortDesc: 'Z-A',
    search: 'Search',
    noRecords: 'No records found',
    notProvided: 'Not provided',
    none: 'None',
    close: 'Close',
    back: 'Back',
    showing: message<[number, number, number]>('Showing {from}–{to} of {total}', 'from', 'to', 'total'),
    previousPage: 'Previous page',
    nextPage: 'Next page',
    pagination: 'Pages',
    page: message<[number, number]>('Page {page} of {pages}', 'page', 'pages'),
    updating: 'Updating the list',
    chosen: message<[number]>('{count, plural, one {# selected} other {# selected}}', 'count'),
    /** `label` in lower case (the caller lowers it: a language may not). */
    filterOptions: message<[string]>('Filter {label}', 'label'),
    removeChoice: message<[string]>('Remove {label}', 'label'),
  },

  messages: {
    /** Section 8 generic failure. */
    generic: 'An error has occurred. Please try again later.',
    permissionDenied: 'You do not have permission to perform this action.',
    noData: 'No data available',
    notificationsRegion: 'Notifications',
    dismiss: 'Dismiss notification',
  },

  dashboard: {
    title: 'Admin dashboard',
    organisations: 'Organisations',
    newApplications: 'New applications received',
    viewAll: 'View all',
    viewAllApplications: 'View all applications',
    surveys: 'Surveys',
    participating: 'Participating organisations',
    participatingOf: message<[number, number]>('{actual} of {total} approved organisations', 'actual', 'total'),
    responses: 'Responses',
    responsesOf: message<[number, number]>('{actual} of {total} expected responses', 'actual', 'total'),
    lastUpdated: 'Last updated',
    neverUpdated: 'No updates yet',
    manage: 'Manage',
    manageUsersAndGroups: 'Manage Users and Groups',
    signedInAs: message<[string]>('Signed in as {name}.', 'name'),
    exampleData: 'Example data',
    exampleDataNote: 'The survey figures include example data, not real responses.',
  },

  questionnaire: {
    title: 'Questionnaire manager',
    back: 'Back to the admin dashboard',
    publishedOn: 'Published on',
    /** Survey status (spec section 4), by `surveyStatus`. */
    statusName: { Active: 'Active', Expired: 'Expired' },
    /** A progress bar's text: "Responses: 3 of 10". */
    progress: message<[string, number, number]>('{label}: {done} of {of}', 'label', 'done', 'of'),
    /** The heading of a group of cards (spec section 2), by how many it holds. */
    staffHeading: message<[number]>('{count, plural, one {Staff survey} other {Staff surveys}}', 'count'),
    studentsHeading: message<[number]>('{count, plural, one {Students survey} other {Students surveys}}', 'count'),
    /** The expected-responses rule (spec sections 5 and 9). */
    expectedRule: 'Expected responses must be a whole number of at least 1.',
    status: 'Status',
    organisations: 'Organisations participated',
    responses: 'Completed questionnaires',
    preview: 'Preview',
    previous: 'View previous questionnaires',
    allSurveys: 'View all questionnaires',
    empty: 'No surveys available',
    loadError: 'Error loading data: ',
    generateTitle: 'Generate a survey link',
    organisation: 'Organisation',
    chooseOrganisation: 'Choose an approved organisation',
    expected: 'Expected responses',
    generate: 'Generate link',
    copy: 'Copy link',
    linkLabel: 'Survey link',
    generated: 'Survey link generated successfully',
    copied: 'Survey link copied to clipboard!',
    unable: 'Unable to generate link',
    inactive: 'A survey link can be generated only while the questionnaire is active.',
    example: 'Example data: these figures include the example organisations loaded for demonstration.',
    noOrganisations: 'No approved organisation can take this survey yet.',
  },

  applications: {
    title: 'View all applications',
    back: 'Back to the admin dashboard',
    statusFilter: 'Status',
    all: 'All',
    inProgress: 'In Progress',
    approved: 'Approved',
    rejected: 'Rejected',
    searchPlaceholder: 'Search by organisation name',
    searchLabel: 'Search by organisation name',
    organisationName: 'Organisation name',
    receivedFrom: 'Received from',
    receivedOn: 'Received on',
    status: 'Status',
    /** The View link's spoken name (it starts with the visible word). */
    viewApplication: message<[string]>('View the application of {name}', 'name'),
    caption: 'Organisation applications',
  },

  application: {
    title: 'Application',
    back: 'Back to all applications',
    personalDetails: 'Personal details',
    titleField: 'Title',
    fullName: 'Full Name',
    email: 'Email',
    phone: 'Phone',
    organisationDetails: 'Organisation details',
    organisationName: 'Organisation name',
    organisationType: 'Organisation type',
    roleInOrganisation: 'Role in organisation',
    physicalAddress: 'Organisation physical address',
    streetAddress: 'Street address',
    members: 'Number of members in organisation',
    verificationStatus: 'Organisation verification status',
    approve: 'Approve',
    approving: 'Approving...',
    reject: 'Reject',
    rejecting: 'Rejecting...',
    decisionChanged: 'This application was decided by someone else first. Its current state is shown below.',
  },

  reject: {
    title: 'Reason for rejection',
    reasons: 'Reason',
    duplicated: 'Duplicated Organisation',
    other: 'Other',
    otherLabel: 'Rejection reason',
    placeholder: 'please specify rejection reason',
    /** Section 5: required when Other is chosen (the catalogue wording is not shown). */
    required: 'Rejection reason is required',
    submit: 'Reject',
    submitting: 'Rejecting...',
    cancel: 'Cancel',
  },

  history: {
    title: 'Verification history',
    intro: 'Every recorded event of this application, oldest first, for audit.',
    time: 'Time (SAST)',
    actor: 'Actor',
    source: 'Source',
    event: 'Event',
    downloadCsv: 'Download CSV',
    downloadJson: 'Download JSON',
    empty: 'No events recorded',
    caption: 'Verification history of the application',
    sealedUpTo: 'Sealed and verified up to',
    sealPending: 'The newest events are not sealed yet; the log seals them within seconds.',
    sealMismatch: 'Warning: this history does not match the sealed event log.',
  },

  usersGroups: {
    title: 'Users and groups',
    back: 'Back to the admin dashboard',
    show: 'Show',
    users: 'Users',
    groups: 'Groups',
    searchUsers: 'Search by name or email',
    searchGroups: 'Search by group name',
    name: 'Name',
    userGroups: 'User permission group(s)',
    emailAddress: 'Email address',
    groupName: 'Group name',
    manageUser: message<[string]>('Manage {name}', 'name'),
    manageGroup: message<[string]>('Manage {name}', 'name'),
    addUser: 'Add new user',
    addGroup: 'Add new group',
    usersCaption: 'Users',
    groupsCaption: 'Groups',
    actionsColumn: 'Actions',
  },

  user: {
    viewTitle: 'Manage user',
    createTitle: 'Add user',
    editTitle: 'Edit user',
    back: 'Back to users',
    backToUser: 'Back to the user',
    titleField: 'Title',
    fullName: 'Full name',
    telephone: 'Telephone number',
    mobile: 'Mobile number',
    email: 'Email address',
    emailReadOnly: 'The email address cannot be changed.',
    company: 'Company name',
    companyHint: 'Not needed for a municipality’s or province’s designated person.',
    role: 'Role',
    groups: 'Group(s)',
    relationship: 'Relationship type',
    contactPerson: 'Contact Person',
    buildingBlockCoordinator: 'Building Block Coordinator',
    municipalities: 'Assigned locations: Municipalities',
    filterMunicipalities: 'Filter by municipality, district or province',
    assignedMunicipalities: 'Assigned municipalities',
    provinces: 'Assigned locations: Provinces (a province’s designated person)',
    assignedProvinces: 'Assigned provinces',
    deleteTitle: 'Delete user',
    deleteQuestion:
      'Would you like to delete this User? If you choose to delete, you will not be able to undo this action.',
    phoneHint: '10 digits, for example 0821234567',
    /** Where section 5 gives no wording, the server's (api/src/http/users_groups/user_changes.rs), so both say the same. */
    groupRequired: 'At least one group is required',
    municipalityRequired: 'Select at least one municipality or province',
    titleRequired: 'Title is required',
    roleRequired: 'Role is required',
    companyRequired: 'Company is required',
    saved: 'The user was saved.',
    deleted: 'The user was deleted.',
    /** Erasure (POPIA): the specification has none; docs/decisions/0038-erasing-an-account-holder.md. */
    erase: 'Erase personal data',
    eraseTitle: 'Erase personal data',
    eraseQuestion:
      'Would you like to erase this person? Their name, e-mail address and phone numbers will be removed for good and the account deleted. Histories will show "Erased person". You will not be able to undo this action.',
    eraseConfirm: 'Erase',
    erasing: 'Erasing…',
    erased: 'User erased successfully.',
  },

  /** The collective-action form's lists (/admin/collective-actions/), by id. */
  collectiveActions: {
    /** Pillars of the NSP on GBVF (data/challenges/nsp-gbvf-pillars.md). */
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- indexed by a plain id
    pillars: {
      1: 'Accountability, coordination and leadership',
      2: 'Prevention and rebuilding social cohesion',
      3: 'Justice, safety and protection',
      4: 'Response, care, support and healing',
      5: 'Economic power',
      6: 'Research and information management',
    } as Record<number, string>,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- indexed by a plain id
    types: {
      1: 'Municipality',
      2: 'Court',
      3: 'TVET college or university',
      4: 'Workplace',
      5: 'Other',
    } as Record<number, string>,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- indexed by a plain id
    cycles: {
      5: '2025',
      4: '2024 cycle 2',
      3: '2024 cycle 1',
      2: '2023',
      1: '2022 pilot',
      99: 'Year not stated',
    } as Record<number, string>,
  },

  group: {
    viewTitle: 'Manage group',
    createTitle: 'Add group',
    editTitle: 'Edit group',
    back: 'Back to groups',
    backToGroup: 'Back to the group',
    name: 'Group name',
    namePlaceholder: 'Enter a group name',
    nameRequired: 'Group name is required',
    actions: 'Actions',
    noActions: 'This group has no actions.',
    deleteTitle: 'Delete group',
    deleteQuestion:
      'Would you like to delete this Group? If you choose to delete, you will not be able to undo this action.',
    saved: 'The group was saved.',
    deleted: 'The group was deleted.',
    nothingChanged: 'Nothing was changed.',
  },
} as const)

/** A municipality's district and province, as the picker shows it (formatting, no words). */
export function placeOf(district: string | null | undefined, province: string | null | undefined): string {
  return [district, province].filter(Boolean).join(', ')
}
