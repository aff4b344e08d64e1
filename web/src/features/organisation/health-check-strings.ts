// User-visible text of the organisation health-check screens: the specification's wording where
// it gives one (admin spec §2, §8 — its spelling kept, e.g. "succesfully", "occured"), the
// server's wording for the privacy threshold (api/src/http/healthcheck.rs TOO_FEW), plain labels
// otherwise.

/** Text of the organisation dashboard and results view. */
export const hcStrings = {
  dashboardSuffix: 'Health Check Dashboard',
  awaitingApproval: "Your organisation's application is awaiting approval",
  awaitingApprovalDetail:
    'An administrator of the GBVF dashboard checks every application. You will receive an e-mail when it is decided; then you can open survey links here.',
  rejected: "Your organisation's application was not approved",
  rejectedDetail: 'The e-mail you received gives the reason. Contact the GBVF dashboard team if you have questions.',
  audience: 'Survey audience',
  staff: 'Staff',
  students: 'Students',
  period: 'Survey period',
  currentPeriod: 'Current questionnaire period',
  questionnairePeriod: 'Questionnaire period',
  completed: 'Completed responses',
  of: (actual: number, expected: number) => `${actual} of ${expected}`,
  progressText: (actual: number, expected: number) => `${actual} of ${expected} expected responses completed`,
  preview: 'Preview survey questions',
  maturity: 'Overall GBVF maturity',
  categoryScores: 'Category scores',
  viewResults: 'View survey results',
  noData: 'No data available',
  noDataDisplay: 'No data available to display.',
  tooFew: "Results are shown once at least 5 people have responded, to protect respondents' anonymity.",
  linkHeading: 'Survey link',
  linkLabel: 'Survey link to send to respondents',
  copy: 'Copy survey link',
  copied: 'Survey link copied to clipboard!',
  generated: 'Survey Link generated succesfully',
  unableToGenerate: 'Unable to generate link',
  permissionDenied: 'You do not have permission to perform this action.',
  generic: 'An error has occured please try again later.',
  resultsFailed: 'Failed to load results data.',
  generateHeading: 'Generate a survey link',
  questionnaire: 'Questionnaire',
  noActiveQuestionnaire: 'No questionnaire is active for this audience, so no survey link can be generated.',
  expectedResponses: 'Expected responses',
  expectedRequired: 'Expected responses is required.',
  expectedInvalid: 'Expected responses must be a whole number of at least 1.',
  startDate: 'Start date (optional; the period ends with its quarter)',
  generate: 'Generate survey link',
  // The questionnaire's name usually names its type ('Staff health check 2026'): said once.
  resultsTitle: (type: string, questionnaire: string) =>
    `View results: ${questionnaire.toLowerCase().startsWith(type.toLowerCase()) ? questionnaire : `${type} ${questionnaire}`}`,
  resultsTitleLoading: 'View results',
  back: 'Back to the organisation dashboard',
  policiesPractices: 'Policies and Practices',
  behaviours: 'Organisational Behaviours',
  responsesNote: (asOf: number, actual: number, expected: number) =>
    asOf === actual || asOf === 0
      ? `Based on ${actual} of ${expected} expected responses.`
      : `Based on ${asOf} of ${actual} responses so far (${expected} expected). Results are updated with every 5 new responses, so that no single response can be singled out.`,
  suppressed: 'fewer than 5',
  suppressedNote: 'Answers chosen by fewer than 5 respondents are not shown, so that nobody can be recognised.',
  capNote: (cap: number) => `The survey link accepts up to ${cap} responses: the expected responses plus a margin.`,
  capReached: (cap: number) =>
    `The survey link has received ${cap} responses, its limit, and no longer accepts responses.`,
  example: 'Example data: these figures come from example responses, not from a real survey.',
  demographics: 'About the respondents',
  band: 'Maturity level',
  remaining: 'Remaining',
  respondents: (n: number) => `${n} respondent${n === 1 ? '' : 's'} answered this question.`,
  showTable: 'Show the figures as a table',
  answer: 'Answer',
  share: 'Share of respondents',
  question: 'Question',
  maturityAlt: (value: string, band: string) => `Overall GBVF maturity ${value}, maturity level ${band}`,
} as const
