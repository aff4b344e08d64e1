// The administrator fuzzing run's session and data ("a schemathesis run finds no
// schema mismatch warnings"). Signs a new administrator in, creates through the real API the
// records the operations need to reach their handlers' logic instead of "No ... has this id"
// (an approved organisation, which the administrator is linked to, an open survey period, a
// collective action, a group and a user), and writes:
//   argv[2]: the session's request headers, one per line (`Cookie: …`, `X-CSRF-Token: …`);
//   argv[3]: a schemathesis configuration giving those ids to the operations that take them.
// Needs BASE_URL, DATABASE_URL, GBVF_BIN and GBVF_OUTBOX_DIR like the e2e tests.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { adminSession, ApiSession, approveOrganisation, eventually, registerOrganisation } from './api-session.mjs'
import { codesFor, nextCode } from './accounts.mjs'

const [headersFile, configFile] = process.argv.slice(2)
assert.ok(headersFile && configFile, 'usage: fuzz-fixtures.mjs <headers file> <config file>')
const stamp = `${Date.now()}`
const admin = await adminSession(`fuzz-fixtures-${stamp}@example.org`, 'Fuzz!Fixtures9Password')

// An approved organisation: its application, history, survey links and verification.
const org = {
  first: 'Fuzz',
  last: 'Fixture',
  email: `fuzz-org-${stamp}@example.org`,
  name: `Fuzz Fixture Organisation ${stamp}`,
}
await registerOrganisation(org)
/** Retries `attempt` every 500 ms for up to 20 s: the applications list and the organisation's
 * approval are read models, which the projector may take a moment to reach on a busy machine. */
const organisationId = await eventually(() => approveOrganisation(admin, org.name))
// A second approved organisation for the verification operation: the fuzzer rejects it, and a
// rejected organisation's people are signed out at once, so it must not be the administrator's.
const decided = {
  first: 'Fuzz',
  last: 'Decided',
  email: `fuzz-decided-${stamp}@example.org`,
  name: `Fuzz Decided Organisation ${stamp}`,
}
await registerOrganisation(decided)
const decidedId = await eventually(() => approveOrganisation(admin, decided.name))

// An open survey period of that organisation: the survey, its answers and its results (the
// handler reads the approval from the organisation read model).
const link = await eventually(async () => {
  const answer = await admin.json('POST', '/api/healthcheck/inviteCode', {
    QuestionnaireId: 'staff-v1',
    ExpectedResponses: 10,
    OrganisationId: organisationId,
  })
  assert.equal(answer.success, true, JSON.stringify(answer))
  return answer
})

// A local municipality (for a collective action and a coordinator).
const provinces = await admin.json('GET', '/api/geography/boundary/list/2/1')
const districts = await admin.json('GET', `/api/geography/boundary/list/2/${provinces[0].boundaryId}`)
const locals = await admin.json('GET', `/api/geography/boundary/list/3/${districts[0].boundaryId}`)
const municipality = locals[0].boundaryId

// A collective action to report a result of and complete.
const collectiveAction = await admin.json('POST', '/api/admin/collectiveActions', {
  name: `Fuzz fixture collective action ${stamp}`,
  description: 'Created for the API fuzzing run.',
  collectiveActionTypeId: 1,
  cycleId: 5,
  validFrom: '2025-01-01',
  validTo: '2025-12-31',
  boundaryId: municipality,
})
assert.equal(collectiveAction.success, true, JSON.stringify(collectiveAction))

// Building-block providers (the shipped directory) in that municipality.
const providers = await admin.json(
  'GET',
  `/api/buildingblock/searchcontact?boundaryId=${municipality}&buildingBlockCategoryId=1`,
)
assert.ok(providers.length > 2, 'three providers in the first municipality')

// A group the administrator does not belong to, and a user in it: the security calls.
// One of each to change and one of each to delete, so a deletion early in the run does not turn
// the other operations' answers into 404s.
async function newGroup(kind) {
  const group = await admin.json('POST', '/api/security/AddGroup', {
    GroupName: `Fuzz fixture ${kind} group ${stamp}`,
    UserActions: [12],
  })
  assert.equal(group.success, true, JSON.stringify(group))
  return group
}
const group = await newGroup('edited')
const doomedGroup = await newGroup('deleted')
const titles = await admin.json('GET', '/api/auth/getUserTitles')
const roles = await admin.json('GET', '/api/auth/getUserJobRoles')
async function newUser(kind) {
  const user = await admin.json('POST', '/api/security/createNewUser', {
    titleId: titles[0].titleId,
    name: `Fuzz ${kind}`,
    roleId: roles[0].roleId,
    companyId: organisationId,
    groupIds: [group.groupId],
    contacts: [{ contactTypeId: 1, detail: `fuzz-${kind}-${stamp}@example.org` }],
    stakeholderRelationships: [],
  })
  assert.equal(user.success, true, JSON.stringify(user))
  return user
}
const user = await newUser('edited')
const doomedUser = await newUser('deleted')
const erasedUser = await newUser('erased')

// The administrator is the organisation's designated person too, so the organisation's own
// health-check page answers (its groups stay as they are: nobody changes their own groups).
const session = await admin.json('POST', '/api/auth/userAuthenticated')
const self = await admin.json('GET', `/api/security/getUserDetails?stakeholderId=${session.user.userId}`)
const linked = await admin.json('PUT', `/api/security/editUserDetails?stakeholderId=${session.user.userId}`, {
  ...self,
  titleId: self.titleId ?? titles[0].titleId,
  roleId: self.roleId ?? roles[0].roleId,
  companyId: organisationId,
  stakeholderRelationships: [],
})
assert.equal(linked.success, true, JSON.stringify(linked))

// Building blocks are read and reviewed within one's area, and nobody reviews their own
// submission: the administrator is assigned the municipality, and a coordinator of it (another
// account) submits two providers' details, one for the verification and one for the return,
// each named by its submission's version.
const coordinatorEmail = `fuzz-coordinator-${stamp}@example.org`
const coordinatorUser = await admin.json('POST', '/api/security/createNewUser', {
  titleId: titles[0].titleId,
  name: 'Fuzz Coordinator',
  roleId: roles[0].roleId,
  companyId: organisationId,
  groupIds: [5],
  contacts: [{ contactTypeId: 1, detail: coordinatorEmail }],
  stakeholderRelationships: [{ stakeholderRelationshipTypeId: 6, municipalityId: municipality }],
})
assert.equal(coordinatorUser.success, true, JSON.stringify(coordinatorUser))
const assigned = await admin.json('PUT', `/api/security/editUserDetails?stakeholderId=${session.user.userId}`, {
  ...self,
  titleId: self.titleId ?? titles[0].titleId,
  roleId: self.roleId ?? roles[0].roleId,
  companyId: organisationId,
  stakeholderRelationships: [{ stakeholderRelationshipTypeId: 6, municipalityId: municipality }],
})
assert.equal(assigned.success, true, JSON.stringify(assigned))
const coordinatorPassword = 'Fuzz!Coordinator9Pass'
{
  const reset = new ApiSession()
  const before = (await codesFor(coordinatorEmail)).length
  await reset.json('POST', '/api/auth/forgot-password', { Email: coordinatorEmail })
  const code = await nextCode(coordinatorEmail, before)
  await reset.json('POST', '/api/auth/verify-otp', { Email: coordinatorEmail, OTP: code, UserType: 3 })
  await reset.json('POST', '/api/auth/reset-password', {
    Email: coordinatorEmail,
    Password: coordinatorPassword,
    ConfirmPassword: coordinatorPassword,
    UserType: 3,
  })
}
const coordinator = new ApiSession()
await coordinator.json('POST', '/api/auth/login', { Username: coordinatorEmail, Password: coordinatorPassword })
coordinator.csrf = null
/** Submits provider `p`'s details as the coordinator; returns the submission's version. */
async function submitted(p) {
  await eventually(async () => {
    const answer = await coordinator.json('PUT', '/api/buildingblock/updateBuildingBlockContactsAndRequirements', {
      stakeholderId: p.stakeholderId,
      buildingBlockId: p.buildingBlockId,
      physicalAddress: '1 Fuzz Fixture Street',
      buildingBlockRequirements: [],
      contactPersons: [],
    })
    assert.equal(answer.success, true, JSON.stringify(answer))
  })
  const details = await admin.json(
    'GET',
    `/api/buildingblock/getBuildingBlockContactsWithRequirements?stakeholderId=${p.stakeholderId}&buildingBlockId=${p.buildingBlockId}`,
  )
  assert.ok(details.submissionVersion, JSON.stringify(details))
  return details.submissionVersion
}
const toVerify = providers[0]
const toReturn = providers[1]
const verifyVersion = await submitted(toVerify)
const returnVersion = await submitted(toReturn)

// A third provider for the update and the reads, so the fuzzer's own submissions never stand
// in front of the two under review.
const provider = providers[2].stakeholderId
const block = providers[2].buildingBlockId
// One answer the survey of that link offers (question and answer ids are the questionnaire's).
const survey = await admin.json('GET', `/api/healthcheck/survey?inviteCode=${link.inviteCode}`)
const firstQuestion = survey.data.questionCategories[0].questions[0]
const firstAnswer = {
  QuestionId: firstQuestion.questionId,
  PossibleAnswerIds: [firstQuestion.answers[0].possibleAnswerId],
}
/** The user form's parts that name records (company, groups) or must hold an e-mail contact. */
function userFormFixture(kind) {
  return {
    'body.companyId': organisationId,
    'body.groupIds': [group.groupId],
    'body.contacts': [{ contactTypeId: 1, detail: `fuzz-${kind}-${stamp}@example.org` }],
    'body.stakeholderRelationships': [],
  }
}
// A building block added to the taxonomy: the requirement additions go under it, not under a
// shipped block other tests read.
const addedBlock = await admin.json('POST', '/api/buildingblock/createBuildingBlock', {
  buildingBlockCategoryId: 3,
  name: `Fuzz fixture block ${stamp}`,
  source: 'Fuzz fixture source',
})
/** `[[operations]]` entries: method, path, parameters (location.name = value). */
const operations = [
  // Known parents (a random id names none); the names and sources are the fuzzer's.
  ['POST', '/api/buildingblock/createBuildingBlock', { 'body.buildingBlockCategoryId': 3 }],
  ['POST', '/api/buildingblock/createBuildingBlockRequirement', { 'body.buildingBlockId': addedBlock.id }],
  ['GET', '/api/healthcheck/survey', { 'query.inviteCode': link.inviteCode }],
  ['POST', '/api/healthcheck/survey', { 'body.InviteCode': link.inviteCode, 'body.Answers': [firstAnswer] }],
  ['POST', '/api/healthcheck/organisationalResult', { 'body.HealthCheckId': link.healthCheckId }],
  [
    'POST',
    '/api/healthcheck/inviteCode',
    { 'body.OrganisationId': organisationId, 'body.QuestionnaireId': 'staff-v1' },
  ],
  ['POST', '/api/healthcheck/verify', { 'body.StakeholderId': decidedId }],
  ['GET', '/api/healthcheck/organisation/{id}', { 'path.id': organisationId }],
  ['GET', '/api/healthcheck/organisation/{id}/history', { 'path.id': organisationId }],
  ['POST', '/api/admin/collectiveActions/{id}/result', { 'path.id': collectiveAction.collectiveActionId }],
  ['POST', '/api/admin/collectiveActions/{id}/complete', { 'path.id': collectiveAction.collectiveActionId }],
  // The cycle ids are a list (1-5, 99) a JSON schema range cannot state.
  ['POST', '/api/admin/collectiveActions', { 'body.boundaryId': municipality, 'body.cycleId': 5 }],
  ['GET', '/api/geography/boundary/list/{boundaryTypeId}/{parentBoundaryId}', { 'path.parentBoundaryId': 1 }],
  [
    'POST',
    '/api/buildingblock/verifyBuildingBlock',
    { 'body.stakeholderId': toVerify.stakeholderId, 'body.submissionVersion': verifyVersion },
  ],
  [
    'POST',
    '/api/buildingblock/returnBuildingBlock',
    { 'body.stakeholderId': toReturn.stakeholderId, 'body.submissionVersion': returnVersion },
  ],
  [
    'PUT',
    '/api/buildingblock/updateBuildingBlockContactsAndRequirements',
    // A whole valid body: a physical address, ten-digit numbers and an e-mail address are rules
    // across optional fields that the document cannot state, and random values for all of them
    // at once are almost never valid (the fuzzer saw no success). The free-text parser's limits
    // have their own tests (api/tests/free_text.rs).
    {
      'body.stakeholderId': provider,
      'body.buildingBlockId': block,
      'body.physicalAddress': '1 Fuzz Fixture Street',
      'body.postalAddress': 'PO Box 1',
      'body.receptionNumber': '0110000000',
      'body.alternateNumber': '0110000001',
      'body.emailAddress': 'station@example.org',
      'body.buildingBlockRequirements': [],
      'body.contactPersons': [],
    },
  ],
  [
    'GET',
    '/api/buildingblock/getBuildingBlockContactsWithRequirements',
    { 'query.stakeholderId': provider, 'query.buildingBlockId': block },
  ],
  ['GET', '/api/buildingblock/history', { 'query.stakeholderId': provider }],
  // Reads are limited to one's area: the administrator's municipality.
  [
    'GET',
    '/api/buildingblock/getBuildingBlockOnMunicipality',
    { 'query.boundaryStakeholderId': municipality, 'query.buildingBlockId': block },
  ],
  [
    'POST',
    '/api/crime/figures',
    { 'body.boundaryId': municipality, 'body.crimeTypeId': 1, 'body.periodStartYear': 2024, 'body.count': 7 },
  ],
  ['GET', '/api/security/getUserDetails', { 'query.stakeholderId': user.stakeholderId }],
  ['PUT', '/api/security/editUserDetails', { 'query.stakeholderId': user.stakeholderId, ...userFormFixture('edited') }],
  ['DELETE', '/api/security/deleteUser', { 'query.stakeholderId': doomedUser.stakeholderId }],
  ['POST', '/api/security/eraseUser', { 'query.stakeholderId': erasedUser.stakeholderId }],
  ['POST', '/api/security/createNewUser', userFormFixture('created')],
  ['POST', '/api/security/getGroupActions', { 'body.groupId': group.groupId }],
  ['POST', '/api/security/addGroupActions', { 'body.GroupId': group.groupId }],
  ['DELETE', '/api/security/deleteGroupActions', { 'body.GroupId': group.groupId }],
  ['DELETE', '/api/security/deleteGroup', { 'query.groupId': doomedGroup.groupId }],
]
// Each entry names its operation by operationId: schemathesis 4.32.5 matched none of the
// `include-method` + `include-path` pairs written here before, so no fixture value reached a
// call (found 2026-11-24 from the recorded requests: random cycle and collective-action ids).
const doc = await admin.json('GET', '/api/openapi.json')
const operationId = (method, path) => {
  const id = doc.paths[path]?.[method.toLowerCase()]?.operationId
  assert.ok(id, `the document has no ${method} ${path}`)
  return id
}
/** A TOML value (inline tables for objects; JSON's string escapes are TOML's). */
const tomlValue = (v) =>
  Array.isArray(v)
    ? `[${v.map(tomlValue).join(', ')}]`
    : v !== null && typeof v === 'object'
      ? `{ ${Object.entries(v)
          .map(([k, x]) => `${JSON.stringify(k)} = ${tomlValue(x)}`)
          .join(', ')} }`
      : JSON.stringify(v)
// Operations whose valid requests depend on rules no JSON schema can state, so every generated
// request is refused however truthful the document is; the run does not fail on their
// "mostly rejected" warning (every other operation's does: `fail-on` below). The reasons are in
// docs/decisions/0011-the-fuzzer-must-find-every-operation-reachable.md.
const validityByState = [
  // A code that was sent to the address (the fuzzer cannot read the mailbox).
  ['POST', '/api/auth/verify-otp'],
  // A reset code verified a moment before, for the same address.
  ['POST', '/api/auth/reset-password'],
  // An account that has no password yet and has just verified its code.
  ['POST', '/api/auth/add-password'],
  // A CSV file of a known SAPS layout.
  ['POST', '/api/crime/import'],
  // A file in the bulk-load template naming providers of the uploader's area, every row
  // without an error (the dry run reports such a file with 200; the apply refuses it, 400).
  ['POST', '/api/buildingblock/bulkLoad/apply'],
  // The id of a contact person the provider's current details name, in the user's
  // municipality (any other id is refused with the specification's message).
  ['DELETE', '/api/buildingblock/DeleteStakeholderById'],
  // Province, district and local municipality that nest, on top of every step's field rules.
  ['POST', '/api/auth/register'],
]
const exemptions = validityByState
  .map(
    ([method, path]) =>
      `[[operations]]\n# ${method} ${path}\ninclude-operation-id = "${operationId(method, path)}"\n` +
      // schemathesis 4.32.5 records a "mostly rejected" warning unless the operation's own list
      // leaves out both it and "missing test data" (cli/commands/run/warnings.py).
      `warnings = ["missing_auth"]\n`,
  )
  .join('\n')
const toml = operations
  .map(
    ([method, path, parameters]) =>
      `[[operations]]\n# ${method} ${path}\ninclude-operation-id = "${operationId(method, path)}"\n` +
      `parameters = { ${Object.entries(parameters)
        .map(([k, v]) => `"${k}" = ${tomlValue(v)}`)
        .join(', ')} }\n`,
  )
  .join('\n')
writeFileSync(
  configFile,
  `# Written by web/e2e/lib/fuzz-fixtures.mjs for this run.\n\n` +
    `[warnings]\nfail-on = ["validation_mismatch"]\n\n${toml}\n${exemptions}`,
)
admin.csrf = (await admin.json('GET', '/api/auth/csrf')).csrfToken
const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
writeFileSync(headersFile, `Cookie: ${cookie}\nX-CSRF-Token: ${admin.csrf}\n`)
