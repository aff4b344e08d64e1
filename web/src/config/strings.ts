// Every user-visible string of the public dashboard, in one place. Strings quoted in the
// specification (public-dashboard-and-accounts.md) are copied here, with its misspellings
// corrected (docs/decisions/0133-spelling-corrected.md); tests import them from here rather
// than repeating them.
import { afterActivate, message, registerStrings } from '../i18n/runtime'
import { quickExitStrings } from './quick-exit-strings'

export const strings = registerStrings('', {
  appName: 'GBVF Dashboard',
  appSubtitle: 'Gender-based violence and femicide in South Africa',
  skipToContent: 'Skip to main content',
  quickExit: quickExitStrings,

  header: {
    logoLabel: 'GBVF Dashboard home',
    contactDirectory: 'Contact Directory',
    /** The open data page (/data): the datasets as files. */
    openData: 'Open data',
    aboutUs: 'About Us',
    help: 'Help',
    login: 'Login',
    launchDashboard: 'Launch GBVF dashboard',
    menu: 'Menu',
    closeMenu: 'Close menu',
    opensInNewTab: '(opens in a new tab)',
    mainNavigation: 'Main',
    profileMenu: 'Profile menu',
    profile: 'Profile',
    manageUsers: 'Manage Users',
    logout: 'Logout',
    loggingOut: 'Logging out...',
  },

  beta: {
    tag: 'Beta',
    text: 'This dashboard is in beta and is still being improved.',
    feedback: 'Share your feedback',
    feedbackSubject: 'Share your feedback',
  },

  /** Shown on every page while the server runs in development mode (docs/security.md). */
  staleAnswers:
    'The database cannot be reached right now. The figures shown are the last ones saved and may be out of date; changes cannot be saved until it is back.',
  devMode: {
    tag: 'Development',
    text: 'This server runs in development mode: one-time codes are shown on screen and e-mails go to a local outbox. Do not enter real personal information.',
  },

  views: {
    label: 'Dashboard views',
    home: 'Home',
    map: 'Map',
    grid: 'Grid',
    chart: 'Chart',
    comparison: 'Comparison',
  },

  filters: {
    label: 'Filters',
    category: 'Category',
    allCategories: 'All categories',
    categories: 'Categories',
    all: 'All',
    filterBy: 'Filter by',
    clear: 'Clear',
    national: 'National',
    district: 'District',
    local: 'Local',
    allProvinces: 'South Africa',
    allDistricts: 'All districts',
    allLocals: 'All municipalities',
    geography: 'Geography',
    resetPromptTitle: 'Reset selection?',
    resetPromptText:
      'Only one building block can be shown at a time on the chart view. Reset the selection to the one you ticked?',
    resetConfirm: 'Reset',
    cancel: 'Cancel',
  },

  messages: {
    generic: 'An error has occurred. Please try again later.',
    mapFailure: 'Failed to fetch data. Please try again.',
    noData: 'No data available',
    noDataToDisplay: 'No data available to display.',
    noResults: 'No results found',
    noActiveChallenges: 'No active challenges found',
    noInactiveChallenges: 'No inactive challenges found',
    noCategories: 'No categories available',
    noBuildingBlocks: 'No building blocks available',
    noDescription: 'No description',
    loading: 'Loading',
    loadingDashboard: 'Loading the dashboard',
    comingSoon: 'Coming soon',
    unexpectedError: 'Unexpected Application Error!',
    backHome: 'Back to the dashboard',
  },

  summary: {
    heading: message<[string]>('GBVF crime in {area}', 'area'),
    total: 'Total GBVF crime',
    previousYear: 'Previous year',
    change: 'Change',
    rate: 'Rate per 100,000 people',
    /** How the rate and the map density are computed (the server's `rateNote`, the same words:
     * api/src/http/crime/mod.rs `RATE_NOTE`; decision 0157). */
    rateNote:
      "Rate per 100,000 people divides the crimes of a SAPS year by the population of that year: Census 2022 precinct populations summed by area, carried to 1 October of the year at the province's growth between Census 2011 and Census 2022. Map density is the rate per 1,000 people.",
    breakdown: 'Crime-type breakdown',
    crimeType: 'Crime type',
    count: 'Count',
    percentage: 'Percentage',
    financialYear: message<[string, string, string]>(
      'SAPS financial year {label} ({start} to {end})',
      'label',
      'start',
      'end',
    ),
    annualNote: 'SAPS publishes these figures per financial year (1 April to 31 March).',
    /** What Total GBVF crime counts (its definition, beside the figure). */
    totalDefinition: message<[string, string]>(
      'Total GBVF crime counts every victim of these SAPS crime types in {period}: {types}. SAPS does not record these crimes by the victim’s gender, so the total includes crimes against men and boys.',
      'period',
      'types',
    ),
    notLatest: message<[string]>('The latest figures available for this area are for {label}.', 'label'),
  },

  /** The SAPS crime types by id, in the reader's language (the server sends SAPS's English
   * names, the same words: events/src/crime_types.rs). */
  crimeTypes: {
    1: 'Sexual offences',
    2: 'Rape',
    3: 'Sexual assault',
    4: 'Attempted sexual offences',
    5: 'Contact sexual offences',
    6: 'Murder',
    7: 'Attempted murder',
    8: 'Assault with the intent to inflict grievous bodily harm',
    9: 'Common assault',
    10: 'Kidnapping',
    11: 'Neglect and ill-treatment of children',
  },

  /** The four components' names, descriptions and source-link titles in the reader's language,
   * by component (the server sends them in English, the same words: api/src/http/dashboard.rs). */
  componentText: {
    crime: {
      name: 'Crime',
      description: 'GBVF crime recorded by the South African Police Service, per SAPS financial year (April to March).',
      linkTitle: 'SAPS crime statistics',
    },
    buildingBlocks: {
      name: 'Building blocks',
      description:
        'Availability of support services per category and requirement, with verification progress per municipality.',
    },
    healthCheck: {
      name: 'Health check',
      description: 'Reach and maturity of organisations from their health-check surveys.',
    },
    collectiveActions: {
      name: 'Collective actions',
      description:
        'Challenges, including 100-Day Challenges, per pillar of the National Strategic Plan on GBVF and per cycle.',
      linkTitle: 'End GBVF 100-Day Challenges',
    },
  },

  cards: {
    availability: 'Availability',
    reach: 'Reach',
    surveysCompleted: 'Number of surveys completed',
    participatingOrganisations: 'Participating organisations',
    overallMaturity: 'Overall maturity',
    actualResponses: 'Actual responses',
    expectedResponses: 'Expected responses',
    crimeBreakdown: 'GBVF crime breakdown',
    totalCrime: 'Total GBVF crime',
    totalCrimeTrend: 'Total GBVF crime by financial year',
    totalCrimeCompares: message<[string, string]>(
      'Compares SAPS financial year {previous} (previous year) with {current} (current year), per crime type. Annual figures, April to March.',
      'previous',
      'current',
    ),
    trendNote: 'Annual totals for the selected crime types, SAPS financial years April to March.',
    previousYear: 'Previous year',
    currentYear: 'Current year',
    currentQuarter: 'Current quarter',
    collectiveActionsPerPillar: 'Collective actions per pillar',
    collectiveActionsPerCycle: 'Collective actions per cycle',
    activeChallenges: 'Active Challenges',
    pastChallenges: 'Past Challenges',
    completed: 'Completed',
    active: 'Active',
    buildingBlocks: 'Building blocks',
    other: 'Other',
    organisations: 'Organisations',
    organisationType: 'Organisation type',
    pillar: 'Pillar',
    cycle: 'Cycle',
    category: 'Category',
    requirement: 'Requirement',
    quarter: 'Quarter',
    financialYear: 'Financial year',
    total: 'Total',
    reachNote: 'Approved organisations by organisation type.',
    surveysNote:
      'Quarters are calendar quarters (Q1 is January to March) in which a survey period starts. Expected responses are those set on that quarter’s survey links.',
    /** The health check's figures are those of the latest quarter published (a quarter is
     * published once it has ended, docs/decisions/0134-one-current-quarter.md): said so, so
     * that it does not read as the current quarter the building blocks show. */
    overallMaturityOf: message<[string]>('Overall maturity, {quarter} (latest published)', 'quarter'),
    maturityWithheld:
      'Maturity is shown only where at least 3 organisations with at least 5 responses each contribute.',
    /** What the public health-check figures say of their privacy rules, in the reader's language
     * (the server's `note`, the same words: api/src/http/health_check/public_statistics.rs). */
    publicFiguresNote:
      'Figures are published once a quarter has ended. Counts are shown where at least 3 organisations take part, and withheld where they would let a smaller group be worked out from other figures; maturity needs at least 3 organisations with at least 5 responses each, in whole percent.',
    exampleData: 'Example data',
    exampleDataNote: 'These figures include example data, not real responses.',
    maturity: 'Maturity',
    /** The crime section's link to the open data page. */
    openDataLink: 'Open data: the crime figures as CSV files, with their definitions',
  },

  /** Month names in dates ('1 April 2022'), January first. */
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],

  /** Bands of a map legend: 'Low (0 to under 10)', 'High (30 or more)'. */
  legend: {
    orMore: message<[number]>('{start} or more', 'start'),
    toUnder: message<[number, number]>('{start} to under {end}', 'start', 'end'),
    band: message<[string, string]>('{description} ({range})', 'description', 'range'),
    /** The crime scale's band names as the server sends them (public spec §3 "Map colour
     * scales"), in the reader's language. */
    levels: {
      Low: 'Low',
      Medium: 'Medium',
      High: 'High',
    },
  },

  /** MapLibre's own controls. */
  mapControls: {
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    resetBearing: 'Reset bearing to north',
    toggleAttribution: 'Toggle attribution',
    mapTitle: 'Map',
  },

  dataTable: {
    show: 'Show data table',
    hide: 'Hide data table',
    downloadCsv: 'Download CSV',
    savePng: 'Save as PNG',
    source: 'Source',
    period: 'Period',
    area: 'Area',
  },

  map: {
    label: message<[string]>('Map of {area}', 'area'),
    legend: 'Legend',
    legendTitle: 'GBVF crimes per 1,000 people',
    noData: 'No data available',
    drillHint: 'Select an area on the map or in the table to see its figures.',
    stations: 'Police stations',
    station: 'Police station',
    stationTotal: message<[string]>('Total GBVF crime in its precinct, {period}', 'period'),
    stationNoFigures: 'SAPS publishes no figures for this precinct.',
    stationFiguresLoading: 'Loading the station’s figures…',
    stationFiguresFailed: 'The station’s figures could not be loaded.',
    area: 'Area',
    density: 'Crimes per 1,000 people',
    /** The population the row's rate divides by: of the row's SAPS year (decision 0157). */
    population: 'Population that year',
    /** The map's period when its areas' latest years differ (each area shows its own). */
    periodOfEachArea: message<[string, string]>("each area's latest year, {from} to {to}", 'from', 'to'),
    close: 'Close',
    cluster: message<[string, string]>('{count} places close together: {names}. Select to see them.', 'count', 'names'),
    clusterMore: message<[string]>('and {count} more', 'count'),
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    noContacts: 'No contacts found',
    // Shown in the map's place, above the map's figures as a table, when the map cannot be drawn.
    webglUnavailable:
      'The map cannot be shown because this browser does not support WebGL2. The figures for each area are in the table below.',
    mapUnavailable: 'The map could not be shown. The figures for each area are in the table below.',
  },

  // Collective actions: the orange map, the collective-action card and the admin screen.
  actions: {
    legendTitle: 'Active challenges',
    activeChallenges: 'Active challenges',
    completedChallenges: 'Completed challenges',
    challenges: 'Challenges',
    pillarNotStated: 'Pillar not stated',
    source: 'Source',
    goal: 'Goal',
    result: 'Reported result',
    dates: 'Dates',
    datesNotStated: 'Dates not stated',
    // Neither completed nor inside its dates (not started, past its dates, or undated).
    notActive: 'Not active',
    // The admin table's column of Active, Completed or Not active.
    status: 'Status',
    cycle: 'Cycle',
    pins: 'Challenges on the map',
    show: 'Show',
    showActive: 'Active challenges',
    showAll: 'All challenges (active and completed)',
    allLegendTitle: 'All challenges (active and completed)',
    placedPins: message<[string]>(
      'Challenges placed in a municipality or district ({count}, pins on the map)',
      'count',
    ),
    unplaced: message<[string]>('Challenges named only by province or nationally ({count}, not on the map)', 'count'),
    unplacedNote:
      'Their reports name a college, a court cluster or a province but no municipality of the Municipal Demarcation Board, so they have no place on the map.',
    activeState: 'active',
    completedState: 'completed',
    admin: 'Challenges',
    record: 'Record a challenge',
    name: 'Team name',
    type: 'Type',
    municipality: 'Municipality',
    validFrom: 'Start date',
    validTo: 'End date',
    save: 'Save challenge',
    reportResult: 'Report result',
    complete: 'Complete',
    outcome: 'Result',
    recorded: 'The challenge has been recorded.',
    completedOk: 'The challenge has been completed.',
    reportedOk: 'The result has been reported.',
  },

  grid: {
    reachColumn: 'Organisation type',
    pillarColumn: 'Pillar',
    sort: 'Sort',
    highestToLowest: 'Highest to lowest',
    lowestToHighest: 'Lowest to highest',
    moveToTop: 'Move to top',
    moveToBottom: 'Move to bottom',
    moveUp: 'Move up',
    moveDown: 'Move down',
    expand: 'Expand',
    collapse: 'Collapse',
    dragHandle: message<[string]>('Drag to reorder {name}', 'name'),
    chooseCategory: 'Choose a category',
    cardsLabel: 'Areas',
  },

  // Availability before verification (docs/decisions/0061-availability-before-verification.md,
  // docs/decisions/0141-availability-needs-coverage.md): too little verified reads as such,
  // never as a number, with the coverage beside it.
  availability: {
    notYetVerified: 'Not yet verified',
    listedVerified: message<[string, string]>('{verified} of {listed} verified', 'listed', 'verified'),
    noneListed: 'None listed',
    belowCoverage: 'too few providers verified to speak for the area',
    coverageRule:
      'Not yet verified: fewer than half of the listed providers verified, or fewer than 3 (all of them where fewer than 3 are listed).',
    definitionTitle: 'How availability is measured',
    definitionRequirement: 'A requirement: the verified providers that meet it, divided by the verified providers.',
    definitionBlock:
      'A building block or category: the requirements its verified providers meet, divided by all the requirements of its verified providers.',
    definitionUnverified:
      'Providers not yet verified are not counted, neither as meeting a requirement nor as missing it.',
    definitionCoverage:
      'A figure is shown only when at least half of the listed providers are verified and at least 3 of them (all of them where fewer than 3 are listed); otherwise the area reads Not yet verified, with how many of its providers are verified.',
    coverageNow: message<[string, string]>('{name}: {coverage}', 'name', 'coverage'),
    listedProviders: 'Listed providers',
    verifiedProviders: 'Verified providers',
    providers: 'Providers',
  },

  // The component-2 map (spec §3 "Map colour scales": health-check scores in blue bands).
  hcMap: {
    legendTitle: 'Health check: overall maturity',
    /** The map's subtitle: the latest published quarter, said so (decision 0134). */
    subtitle: message<[string]>('Health check: overall maturity, {quarter} (latest published)', 'quarter'),
    organisations: 'Organisations taking part',
    maturity: 'Overall maturity',
    tooFew: 'Too few organisations to show',
    noResponses: 'No responses',
    source: 'GBVF health-check surveys of registered organisations',
    example: 'Example data: not real responses',
  },

  // The component-1 map (spec §2 "Map view", §9 green bands).
  bbMap: {
    legendTitle: 'Building block availability',
    providers: 'Service providers',
    availability: 'Availability',
    counts: message<[string]>('Building block counts: {area}', 'area'),
    countsButton: 'Category and building block counts',
    category: 'Category',
    buildingBlock: 'Building block',
    count: 'Count',
    pins: 'Service providers on the map',
    source:
      'Service-provider directories (data/building-blocks/SOURCE.md); availability from verified municipal submissions',
  },

  contact: {
    title: 'Contact Directory',
    selectBuildingBlocks: 'Select building blocks:',
    searchPlaceholder: 'Search by name',
    searchLabel: 'Search by name',
    emptyTitle: 'Search our directory',
    emptyText: 'To view results please select a province and a building block',
    noResults: 'No results found',
    noContacts: 'No contacts found',
    noAddresses: 'No addresses found',
    noServices: 'No services found',
    noContactDetails: 'No contact details found for this person',
  },

  footer: {
    sources: 'Sources',
  },

  /** What every chart, map and grid card offers to share itself (docs in web/README.md "Sharing"):
   * its figures as CSV, the dataset's full series, an embed code and a citation with a permalink. */
  share: {
    downloadShown: 'Download what is shown',
    /** The open data file of the area's level (crime). */
    fullSeriesFile: 'Full series (CSV)',
    /** The component's dataset on the open data page. */
    fullSeriesPage: 'Full series (open data)',
    embed: 'Embed',
    cite: 'Cite',
    embedTitle: 'Embed this view',
    embedIntro:
      'Copy this code into a web page to show this view there, with its figures, sources and the Quick exit button. It shows the figures as they are each time it is read.',
    embedIntroAsOf: message<[string]>(
      'Copy this code into a web page to show this view there, with its figures, sources and the Quick exit button. Its crime figures stay those recorded by the end of {date}.',
      'date',
    ),
    embedCode: 'Embed code',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Could not copy: select the text and copy it.',
    /** The copy buttons' spoken names (each starts with the visible word). */
    copyEmbed: 'Copy the embed code',
    copyPermalink: 'Copy the permalink',
    copyCitation: 'Copy the citation',
    preview: 'Preview the embedded view',
    /** The embedded frame's title (its name for screen readers). */
    frameTitle: message<[string, string, string]>('{app}: {what}, {area}', 'app', 'what', 'area'),
    citeTitle: 'Cite this view',
    permalink: 'Permalink',
    permalinkNote: message<[string]>(
      'This address opens this view with the crime figures as recorded by the end of {date}, South African time.',
      'date',
    ),
    permalinkNoteToday:
      'This address opens this view. These figures are today’s: the dashboard cannot show this component as it was on a past date.',
    citation: 'Citation',
    /** The pieces of a citation: 'GBVF Dashboard (2026). Total GBVF crime, City of Cape Town, SAPS
     * financial year 2022/23. Figures as of 29 November 2026. Sources: …. <permalink>. Accessed
     * 29 November 2026.' */
    citeAuthor: message<[string, string]>('{app} ({year}).', 'app', 'year'),
    citeAsOf: message<[string]>('Figures as of {date}.', 'date'),
    citeSources: message<[string]>('Sources: {sources}.', 'sources'),
    citeAccessed: message<[string]>('Accessed {date}.', 'date'),
    financialYear: message<[string]>('SAPS financial year {label}', 'label'),
    financialYears: message<[string]>('SAPS financial years {labels}', 'labels'),
  },

  /** A permalink's date (`asOf` in the address): the notice at the top of the view. */
  asOf: {
    notice: message<[string]>('Figures as of {date} (a permalink).', 'date'),
    seeToday: 'See today’s figures',
    /** A component whose figures cannot be shown as of a past date. */
    todayOnly: 'This permalink fixes the view; these figures are today’s.',
    pastInOpenData: 'Past figures of this component are in the open data files.',
    noPast: 'The dashboard cannot show this component as it was on a past date.',
    noCrimeFigures: message<[string]>('No crime figures had been recorded by {date}.', 'date'),
  },

  /** An embedded view (/embed/chart, /embed/map, /embed/grid) on another site. */
  embed: {
    openFullView: 'Open full view',
    notEmbeddable: 'This view cannot be embedded.',
    openDashboard: 'Open the GBVF Dashboard',
  },

  // An organisation's survey results: the General questions ("Where would you go for help"),
  // shown as shares of the question's respondents under the same threshold as every result.
  surveyResults: {
    generalTitle: 'Where staff would go for help',
    shareNote: message<[string]>(
      'Share of the {respondents} respondents who answered the question; one person may choose several answers, so the shares can add up to more than 100%.',
      'respondents',
    ),
    withheld: 'Withheld',
  },

  // Section 5 messages verbatim; where the specification names a rule without wording, the
  // wording is the server's (commands/src/accounts/validation.rs), so both sides say the same.
  validation: {
    passwordRequired: 'Password is required',
    passwordLength: 'Password must be at least 12 characters long',
    passwordDigit: 'Password must contain a number',
    passwordLowercase: 'Password must contain a lowercase letter',
    passwordUppercase: 'Password must contain an uppercase letter',
    passwordSpecial: 'Password must contain a special character: ! @ # $ % ^ & * ( )',
    passwordDistinct: 'Password must contain at least 12 different characters',
    confirmPasswordRequired: 'Confirm password is required',
    passwordsDoNotMatch: 'Passwords do not match',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    contactNumberRequired: 'Contact number is required',
    contactNumberLength: 'Contact number must be 10 digits long',
    otpRequired: 'OTP is required',
    otpLength: 'OTP must be 6 digits long.',
    otpDigits: 'OTP must only contain numbers.',
    terms: 'Accept terms and conditions to continue',
    required: message<[string]>('{label} is required', 'label'),
    invalidName: message<[string]>('Please enter a valid {label}', 'label'),
    membersRequired: 'Number of members is required',
    membersMinimum: 'Number of members must be at least 1',
    postalCodeNumber: 'Postal code must be a number',
  },

  errors: {
    permissionDenied: 'You do not have permission to perform this action.',
    tooManyOtpRequests: 'Too many OTP requests made. Try again later.',
    failedToResendOtp: 'Failed to resend OTP',
    errorUpdatingProfile: 'Error updating profile',
  },

  auth: {
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    submit: 'Submit',
    submitting: 'Submitting...',
    backToLogin: 'Back to login',

    loginTitle: 'Login',
    introTitle: 'Who needs an account?',
    introText: 'You do not need an account to view the dashboards or the contact directory. An account is for:',
    introAudiences: [
      "an organisation's designated person, who registers the organisation and takes the Health Check;",
      "a municipality's designated person, who captures building-block information;",
      'a provincial designated person, who verifies building-block data;',
      'administrators, who manage users, groups, organisations and questionnaires.',
    ],
    continueToLogin: 'Continue To Login',
    backToDashboard: 'Back To Dashboard',
    login: 'Login',
    loggingIn: 'Logging in...',
    forgotPassword: 'Forgot your password?',
    resetHere: 'Reset here',
    noAccount: 'Registering an organisation?',
    signUpHere: 'Sign up here',

    signUpTitle: 'Register your organisation',
    stepOf: message<[number, number]>('Step {step} of {total}', 'step', 'total'),
    steps: ['Personal details', 'Organisation details', 'Member details'],
    back: 'Back',
    next: 'Next',
    checking: 'Checking...',
    haveAccount: 'Already have an account?',
    logInHere: 'Log in here',
    choose: 'Select…',
    title: 'Title',
    firstName: 'First name',
    lastName: 'Last name',
    telephone: 'Telephone',
    telephoneHint: '10 digits, for example 0821234567',
    orgName: 'Organisation name',
    orgBranch: 'Branch',
    orgType: 'Organisation type',
    role: 'Role',
    streetNumber: 'Street number',
    streetName: 'Street name',
    suburb: 'Suburb',
    city: 'City',
    postalCode: 'Postal code',
    province: 'Province',
    district: 'District',
    localMunicipality: 'Local municipality',
    numOfOrgMembers: 'Number of members in the organisation',
    termsBefore: 'I accept the',
    termsLink: 'terms and conditions',
    optional: '(optional)',
    // No-break spaces keep the special characters together on one line.
    passwordHint:
      'At least 12 characters, 12 of them different, with a number, a lowercase and an uppercase letter, and one of !\u00a0@\u00a0#\u00a0$\u00a0%\u00a0^\u00a0&\u00a0*\u00a0(\u00a0)',

    verifyOtpTitle: 'Verify OTP',
    otpSentTo: 'Please enter the 6-digit verification code that was sent to',
    otpCode: 'Verification code',
    otpDigit: message<[number, number]>('Digit {n} of {total}', 'n', 'total'),
    verify: 'Verify',
    verifying: 'Verifying...',
    didNotReceive: 'Did not receive OTP?',
    resendCode: 'Resend code',
    resending: 'Sending a new code...',
    developmentCode: 'development code',

    forgotPasswordTitle: 'Forgot password',
    forgotPasswordText: 'Enter the email address you use to log in. We will send you a verification code.',
    sendCode: 'Send code',
    sending: 'Sending...',

    resetPasswordTitle: 'Reset password',
    resetPasswordText: message<[string]>('Choose a new password for {email}.', 'email'),

    addPasswordTitle: 'Add password',
    addPasswordText: 'Choose a password for your account. You will use it with your email address to log in.',
  },

  profile: {
    title: 'Profile',
    fullName: 'Full name',
    titleField: 'Title',
    jobRole: 'Job role',
    telephone: 'Telephone',
    mobile: 'Mobile',
    email: 'Email',
    emailReadOnly: 'Your email address cannot be changed.',
    edit: 'Edit',
    save: 'Save',
    saving: 'Saving...',
    cancel: 'Cancel',
    notProvided: 'Not provided',
    buildingBlockAdmin: 'Building block administrator',
    notificationsTitle: 'E-mail notifications',
    buildingBlockEmails: 'E-mail me about building-block submissions and decisions',
    buildingBlockEmailsHint:
      'Reviewers get at most one e-mail an hour listing submissions waiting for them; whoever submits gets one when their submission is verified or returned.',
    notificationsNotSaved: 'Your choice was not saved. Please try again.',
  },

  areas: {
    adminTitle: 'Admin dashboard',
    organisationTitle: 'Organisation dashboard',
    buildingBlockTitle: 'Building Block Dashboard',
    alsoAvailable: 'Also available to you',
    welcome: message<[string]>('Signed in as {name}.', 'name'),
  },
} as const)

// One line per source (data/*/SOURCE.md; data/README.md "Attributions"). Each view credits only
// the sources of what it shows: the maps under the map, the footer for the whole view.
export const credits = registerStrings('credits', {
  crime: 'Crime statistics: SAPS',
  population: 'Population: Statistics South Africa, Census 2022 and Census 2011',
  directories:
    'Service providers: SAPS, DoJ&CD, public health facilities and shelter directories (Code for South Africa, Seeking Shelter)',
  collectiveActions: 'Collective actions: End GBVF 100-Day Challenges (public reports, theworldofimpact.org)',
  healthCheck: 'Health check: surveys of registered organisations (GBVF dashboard)',
  boundaries: 'Boundaries: Municipal Demarcation Board',
} as const)

type Credit = keyof typeof credits

/** The credit lines of `keys`, in the active language: an array rewritten after each change. */
function creditLines(...keys: Credit[]): readonly string[] {
  const lines = keys.map((key) => credits[key] as string)
  afterActivate(() => keys.forEach((key, i) => (lines[i] = credits[key])))
  return lines
}

// Attribution of the crime map and crime figures: crime, population (rates) and boundaries.
export const attribution = creditLines('crime', 'population', 'boundaries')

// Attribution of the collective-action map (data/challenges/SOURCE.md).
export const collectiveActionAttribution = creditLines('collectiveActions', 'boundaries')

// Attribution of the health-check map: the surveys themselves (no outside source).
export const healthCheckAttribution = creditLines('healthCheck', 'boundaries')

// Attribution of the building-block map (data/building-blocks/SOURCE.md).
export const buildingBlockAttribution = creditLines('directories', 'boundaries')
