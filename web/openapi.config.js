// @rtk-query/codegen-openapi: the API types and RTK Query endpoints (with their hooks) generated
// from the server's OpenAPI document (`gbvf openapi` writes src/api/openapi.json).
// `npm run gen:api` (scripts/gen-api.mjs) writes one file of endpoints per group below into
// src/api/endpoints/, and src/api/generated.ts, which re-exports every schema type once.
// ops/test fails when the checked-in copies are stale (GBVF_API_OUT_DIR points the check's
// output elsewhere).
//
// The groups follow where the app loads them, so that a screen's chunk carries only its own
// calls and the first visit to /home no more than before: `public` and `session` are in the
// entry chunk; the others are imported by lazily loaded features. Every operation of the document
// belongs to exactly one group: one no group names goes to `other`, and scripts/gen-api.mjs
// fails when a group names an operation the document does not have.
const OUT = process.env.GBVF_API_OUT_DIR ?? './src/api/endpoints'

/** Operation ids per output file (the operationIds of api/src/http/openapi.rs). */
export const groups = {
  // The public dashboard's first visit: map, chart, grid, cascade, filters.
  public: [
    'getBoundary',
    'listBoundaries',
    'listBoundariesIn',
    'getGeojson',
    'getGeomarkers',
    'getCrimeStats',
    'getDashboard',
    'getComponents',
    'getFeatureFlags',
  ],
  // The session check and sign-out, which every page's header needs.
  session: ['userAuthenticated', 'logout'],
  // Sign-in, registration, codes and passwords, and the forms' reference lists: loaded by the
  // auth screens, the profile and the admin user forms.
  auth: [
    'login',
    'register',
    'verifyOtp',
    'resendOtp',
    'forgotPassword',
    'resetPassword',
    'addPassword',
    'getUserTitles',
    'getUserJobRoles',
    'getOrganisationTypes',
  ],
  profile: ['getProfile', 'updateProfile', 'setNotificationEmails'],
  'collective-action': [
    'getActionsByBoundary',
    'getCollectiveActionCard',
    'getActionsGeomarkers',
    'recordCollectiveAction',
    'reportCollectiveActionResult',
    'completeCollectiveAction',
  ],
  contact: ['searchContacts', 'getBoundaryCounts'],
  'building-block': [
    'getBuildingBlocksAssociatedToUser',
    'getProvidersOnMunicipality',
    'getProviderWithRequirements',
    'getProviderHistory',
    'getVerificationQueue',
    'getSubmissionReview',
    'getBulkLoadTemplate',
    'dryRunBulkLoad',
    'applyBulkLoad',
    'updateProvider',
    'verifyProvider',
    'returnProvider',
    'proposeProvider',
    'proposeClosure',
    'confirmProposal',
    'declineProposal',
    'getProposals',
    'createBuildingBlock',
    'createBuildingBlockRequirement',
    'getBuildingBlockTaxonomy',
    'deleteContactPerson',
  ],
  organisation: [
    'getOrganisationHealthChecks',
    'getActiveQuestionnaires',
    'generateInviteCode',
    'getOrganisationalResult',
  ],
  survey: ['getSurvey', 'submitSurvey'],
  // The open data page (/data): the DCAT catalogue, each dataset's Data Package, its files and
  // their signed manifests, and the audit key the manifests are checked with.
  'open-data': ['getDataCatalogue', 'getDataPackage', 'getDataFile', 'getDataManifest', 'getAuditPublicKey'],
  admin: [
    'getAdminDashboard',
    'searchOrganisations',
    'getOrganisation',
    'getOrganisationHistory',
    'verifyOrganisation',
    'getSummarisedHealthCheck',
    'getAllActions',
    'getGroupActions',
    'getGroups',
    'getAllUsers',
    'getUserDetails',
    'getLocalMunicipalities',
    'getOrganisations',
    'createNewUser',
    'editUserDetails',
    'deleteUser',
    'eraseUser',
    'addGroup',
    'addGroupActions',
    'deleteGroupActions',
    'deleteGroup',
    'getMailStatus',
  ],
}

/** The request bodies whose field rules the forms check before sending (sign-up, profile, the
 * administrator's user form, and the e-mail and password of the other account screens):
 * scripts/gen-api.mjs copies their validation keywords into src/api/form-rules.json, from which
 * src/lib/openapi-rules.ts builds the forms' zod schemas. */
export const formSchemas = [
  'RegistrationForm',
  'ProfileForm',
  'UserForm',
  'ContactForm',
  'LoginBody',
  'ForgotBody',
  'PasswordBody',
]

const named = new Set(Object.values(groups).flat())

/** Reads the server answers to a POST (the specification's verbs, and the session check, which
 * the server lets through without a CSRF token): generated as queries, so that the app caches
 * them and reloads them by tag, instead of as mutations (the verb's default). */
export const postQueries = ['userAuthenticated', 'getAdminDashboard', 'searchOrganisations', 'getOrganisationalResult']

export default {
  schemaFile: './src/api/openapi.json',
  apiFile: './src/api/base-api.ts',
  apiImport: 'baseApi',
  exportName: 'generatedApi',
  hooks: { queries: true, lazyQueries: false, mutations: true },
  // Tags are the app's own, given in the one file that wraps each group (src/api/*-api.ts and
  // the features' *-api.ts), not the document's tags.
  tag: false,
  endpointOverrides: [{ pattern: postQueries, type: 'query' }],
  outputFiles: {
    ...Object.fromEntries(
      Object.entries(groups).map(([group, ids]) => [`${OUT}/${group}.ts`, { filterEndpoints: ids }]),
    ),
    // Operations the app does not call (operator and monitoring calls, and any new one).
    [`${OUT}/other.ts`]: { filterEndpoints: (name) => !named.has(name) },
  },
}
