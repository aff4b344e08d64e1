// Translated through the message catalogs (src/locales) under the prefix `healthCheck`: ids `healthCheck.*`.
// User-visible text of the organisation health-check screens: the specification's wording where
// it gives one (admin spec §2, §8; misspellings corrected, docs/decisions/0133), the
// server's wording for the privacy threshold (api/src/http/health_check/ TOO_FEW), plain labels
// otherwise.
import { message, registerStrings } from '../../i18n/runtime'

/** Text of the organisation dashboard and results view. */
export const hcStrings = registerStrings('healthCheck', {
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
  of: message<[string, number]>('{band} of {expected}', 'band', 'expected'),
  progressText: message<[string, number]>('{band} of {expected} expected responses completed', 'band', 'expected'),
  preview: 'Preview survey questions',
  maturity: 'Overall GBVF maturity',
  categoryScores: 'Category scores',
  viewResults: 'View survey results',
  noData: 'No data available',
  noDataDisplay: 'No data available to display.',
  tooFew: "Results are shown once at least 5 people have responded, to protect respondents' anonymity.",
  linkHeading: 'Survey link',
  linkLabel: 'Survey link to send to respondents',
  phoneDial: 'On any phone, without data, dial',
  shortCode: 'Short survey code',
  phoneNote:
    'Respondents without a smartphone dial this and answer the same survey on numbered menus (USSD), as anonymously as online.',
  copy: 'Copy survey link',
  copied: 'Survey link copied to clipboard!',
  generated: 'Survey link generated successfully',
  unableToGenerate: 'Unable to generate link',
  permissionDenied: 'You do not have permission to perform this action.',
  generic: 'An error has occurred. Please try again later.',
  resultsFailed: 'Failed to load results data.',
  generateHeading: 'Generate a survey link',
  questionnaire: 'Questionnaire',
  noActiveQuestionnaire: 'No questionnaire is active for this audience, so no survey link can be generated.',
  expectedResponses: 'Expected responses',
  expectedRequired: 'Expected responses is required.',
  expectedInvalid: 'Expected responses must be a whole number of at least 1.',
  startDate: 'Start date (optional; the period ends with its quarter)',
  generate: 'Generate survey link',
  // The questionnaire's name usually names its type ('Staff health check 2026'): said once
  // (resultsTitle below picks one of the two).
  resultsTitle: message<[string]>('View results: {questionnaire}', 'questionnaire'),
  resultsTitleWithType: message<[string, string]>('View results: {type} {questionnaire}', 'type', 'questionnaire'),
  resultsTitleLoading: 'View results',
  back: 'Back to the organisation dashboard',
  policiesPractices: 'Policies and Practices',
  behaviours: 'Organisational Behaviours',
  responsesNote: message<[string, number]>(
    'Responses so far: {band} ({expected} expected). Results are updated with every 5 new responses, so that no single response can be singled out.',
    'band',
    'expected',
  ),
  suppressed: 'fewer than 5',
  suppressedNote: 'Answers chosen by fewer than 5 respondents are not shown, so that nobody can be recognised.',
  capNote: message<[number]>(
    'The survey link accepts up to {cap} responses: the expected responses plus a margin.',
    'cap',
  ),
  capReached: message<[number]>(
    'The survey link has received {cap} responses, its limit, and no longer accepts responses.',
    'cap',
  ),
  example: 'Example data: these figures come from example responses, not from a real survey.',
  demographics: 'About the respondents',
  band: 'Maturity level',
  remaining: 'Remaining',
  respondents: message<[number]>(
    '{count, plural, one {# respondent} other {# respondents}} answered this question.',
    'count',
  ),
  showTable: 'Show the figures as a table',
  answer: 'Answer',
  share: 'Share of respondents',
  question: 'Question',
  maturityAlt: message<[string, string]>('Overall GBVF maturity {value}, maturity level {band}', 'value', 'band'),
} as const)

/**
 * The results view's title: the questionnaire's name, after its type unless the name starts with
 * it ('Staff health check 2026' is not said 'Staff Staff health check 2026').
 */
export function resultsTitle(type: string, questionnaire: string): string {
  return questionnaire.toLowerCase().startsWith(type.toLowerCase())
    ? hcStrings.resultsTitle(questionnaire)
    : hcStrings.resultsTitleWithType(type, questionnaire)
}
