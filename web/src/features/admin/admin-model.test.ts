// The admin console's pure rules: date format, rows of four, list parameters, searching and
// sorting, the group-edit difference, the rejection reason, the user form, and server errors.
import { describe, expect, it } from 'vitest'
import { adminStrings } from '../../config/admin-strings'
import { strings } from '../../config/strings'
import { adminFailureOf, joinedErrors } from './admin-errors'
import { formatDateTime } from '../../lib/instant'
import { chunk } from './admin-format'
import { decisionsFor, streetAddress } from './organisations/application-model'
import { readListState, searchRequest, writeListState } from './organisations/applications-model'
import { initialReject, rejectErrors, rejectReducer, rejectionOf } from './organisations/reject-model'
import { canToggle, groupDiff, isEmptyDiff } from './users-groups/group-model'
import { readUsersGroupsState, visibleGroups, visibleUsers } from './users-groups/list-model'
import {
  emptyUserForm,
  formOfDetails,
  needsCompany,
  sameUser,
  userPayload,
  userSchema,
  type UserForm,
} from './users-groups/user-model'
import { pollUntil } from './use-settle'
import { errorsOf } from '../../lib/field-schemas'
import { makeDb, validUserForm } from './test/admin-mocks'

const validateUser = (form: UserForm) => errorsOf(userSchema, form)

describe('formatDateTime (section 9: YYYY-MM-DD HH:mm, SAST)', () => {
  it('formats UTC instants in South African Standard Time', () => {
    expect(formatDateTime('2025-11-20T12:05:00Z')).toBe('2025-11-20 14:05')
    expect(formatDateTime('2025-11-20T12:05:59.999Z')).toBe('2025-11-20 14:05')
  })
  it('crosses midnight, month and year ends', () => {
    expect(formatDateTime('2025-12-31T22:30:00Z')).toBe('2026-01-01 00:30')
    expect(formatDateTime('2024-02-28T23:00:00+00:00')).toBe('2024-02-29 01:00')
  })
  it('honours an explicit offset and reads a zoneless instant as UTC', () => {
    expect(formatDateTime('2025-06-01T09:07:00+02:00')).toBe('2025-06-01 09:07')
    expect(formatDateTime('2025-06-01T07:07:00')).toBe('2025-06-01 09:07')
    expect(formatDateTime('2025-06-01 07:07:00')).toBe('2025-06-01 09:07')
  })
  it('pads single digits and shows a dash for nothing', () => {
    expect(formatDateTime('2025-01-02T01:02:00Z')).toBe('2025-01-02 03:02')
    expect(formatDateTime(null)).toBe('–')
    expect(formatDateTime('')).toBe('–')
    expect(formatDateTime('not a date')).toBe('–')
  })
})

describe('rows of four (section 9)', () => {
  it('chunks into rows of at most four', () => {
    expect(chunk([1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9]])
    expect(chunk([], 4)).toEqual([])
  })
})

describe('applications list parameters', () => {
  it('defaults to In Progress, A-Z, page 1 of size 30', () => {
    const state = readListState(new URLSearchParams())
    expect(state).toEqual({ status: 1, sort: 'asc', query: '', page: 1 })
    expect(searchRequest(state)).toEqual({
      statusId: 1,
      OrganisationName: '',
      sort: 'asc',
      pageSize: 30,
      pageNumber: 1,
    })
  })
  it('All sends a null status; the other filters their ids', () => {
    expect(searchRequest(readListState(new URLSearchParams('status=all'))).statusId).toBeNull()
    expect(searchRequest(readListState(new URLSearchParams('status=3'))).statusId).toBe(3)
    expect(searchRequest(readListState(new URLSearchParams('status=2'))).statusId).toBe(2)
    expect(searchRequest(readListState(new URLSearchParams('status=9'))).statusId).toBe(1)
  })
  it('carries sort, search and page, and writes only what differs from the defaults', () => {
    const state = readListState(new URLSearchParams('sort=desc&q=%20Ikhaya%20&page=2'))
    expect(searchRequest(state)).toEqual({
      statusId: 1,
      OrganisationName: 'Ikhaya',
      sort: 'desc',
      pageSize: 30,
      pageNumber: 2,
    })
    expect(writeListState({ status: 1, sort: 'asc', query: '', page: 1 }).toString()).toBe('')
    expect(writeListState({ status: 'all', sort: 'desc', query: 'a b', page: 3 }).toString()).toBe(
      'status=all&sort=desc&q=a+b&page=3',
    )
    expect(readListState(new URLSearchParams('page=-4')).page).toBe(1)
  })
})

describe('users and groups list', () => {
  const db = makeDb()
  const users = db.users.map((u) => ({
    stakeholderId: u.stakeholderId,
    displayName: u.name,
    username: u.contacts[0].detail,
    groups: [],
    example: false,
  }))
  it('searches users by name or e-mail, case-insensitively, and sorts A-Z or Z-A', () => {
    expect(visibleUsers(users, 'THANDI', 'asc').map((u) => u.displayName)).toEqual(['Thandi Nkosi'])
    expect(visibleUsers(users, 'andile@example', 'asc').map((u) => u.displayName)).toEqual(['Andile Mokoena'])
    expect(visibleUsers(users, '', 'asc').map((u) => u.displayName)).toEqual(['Andile Mokoena', 'Thandi Nkosi'])
    expect(visibleUsers(users, '', 'desc').map((u) => u.displayName)).toEqual(['Thandi Nkosi', 'Andile Mokoena'])
  })
  it('searches groups by name only', () => {
    expect(visibleGroups(db.groups, 'admin', 'asc').map((g) => g.description)).toEqual([
      'Health Check admin',
      'World of Impact admin',
    ])
    expect(visibleGroups(db.groups, 'admin', 'desc').map((g) => g.description)).toEqual([
      'World of Impact admin',
      'Health Check admin',
    ])
    expect(visibleGroups(db.groups, 'nobody', 'asc')).toEqual([])
  })
  it('reads its state from the query string', () => {
    expect(readUsersGroupsState(new URLSearchParams('show=groups&sort=desc&q=x'))).toEqual({
      show: 'groups',
      sort: 'desc',
      query: 'x',
    })
    expect(readUsersGroupsState(new URLSearchParams('show=other'))).toEqual({ show: 'users', sort: 'asc', query: '' })
  })
})

describe('group edit difference', () => {
  it('lists added and removed actions', () => {
    expect(groupDiff([5, 6, 7], [6, 7, 9, 8])).toEqual({ added: [8, 9], removed: [5] })
    expect(groupDiff([], [3, 1])).toEqual({ added: [1, 3], removed: [] })
    expect(groupDiff([4, 2], [])).toEqual({ added: [], removed: [2, 4] })
  })
  it('lets a box change only with AddGroupAction (tick) or DeleteGroupAction (clear) when editing', () => {
    expect(canToggle(false, false, { add: false, remove: false })).toBe(true)
    expect(canToggle(true, false, { add: true, remove: false })).toBe(true)
    expect(canToggle(true, true, { add: true, remove: false })).toBe(false)
    expect(canToggle(true, true, { add: false, remove: true })).toBe(true)
    expect(canToggle(true, false, { add: false, remove: true })).toBe(false)
  })
  it('is empty when nothing changed, whatever the order', () => {
    expect(isEmptyDiff(groupDiff([1, 2, 3], [3, 2, 1]))).toBe(true)
    expect(isEmptyDiff(groupDiff([1], [2]))).toBe(false)
  })
})

describe('reason for rejection', () => {
  it('defaults to Duplicated Organisation, which needs no text', () => {
    expect(initialReject.reason).toBe('duplicated')
    expect(rejectErrors(initialReject)).toEqual([])
    expect(rejectionOf(initialReject)).toEqual({
      EmailTemplateType: 2,
      RejectedReasons: adminStrings.reject.duplicated,
    })
  })
  it('Other requires text', () => {
    const other = rejectReducer(initialReject, { type: 'choose', reason: 'other' })
    expect(rejectErrors(other)).toEqual([adminStrings.reject.required])
    expect(rejectReducer(other, { type: 'submit' }).error).toBe(adminStrings.reject.required)
    const blank = rejectReducer(other, { type: 'type', text: '   ' })
    expect(rejectErrors(blank)).toEqual([adminStrings.reject.required])
    const typed = rejectReducer(rejectReducer(other, { type: 'submit' }), {
      type: 'type',
      text: ' Not a GBV organisation ',
    })
    expect(typed.error).toBeNull()
    expect(rejectionOf(typed)).toEqual({ EmailTemplateType: 3, RejectedReasons: 'Not a GBV organisation' })
  })
  it('switching away from Other clears the text', () => {
    let state = rejectReducer(initialReject, { type: 'choose', reason: 'other' })
    state = rejectReducer(state, { type: 'type', text: 'Some reason' })
    state = rejectReducer(state, { type: 'choose', reason: 'duplicated' })
    expect(state.text).toBe('')
    state = rejectReducer(state, { type: 'choose', reason: 'other' })
    expect(state.text).toBe('')
  })
})

describe('application decisions', () => {
  it('offers Approve and Reject only with VerifyOrganisation, hides Approve once approved', () => {
    expect(decisionsFor(1, false)).toEqual({ approve: false, reject: false })
    expect(decisionsFor(1, true)).toEqual({ approve: true, reject: true })
    expect(decisionsFor(3, true)).toEqual({ approve: false, reject: true })
    expect(decisionsFor(2, true)).toEqual({ approve: true, reject: false })
  })
  it('writes the street address as one line', () => {
    expect(
      streetAddress({
        addressLine1: '12 Main Road',
        addressLine2: ' Central ',
        localMunicipality: 'Emfuleni',
        district: null,
        province: 'Gauteng',
      }),
    ).toBe('12 Main Road, Central, Emfuleni, Gauteng')
  })
})

describe('user form (section 5)', () => {
  const valid = validUserForm
  it('requires title, full name, e-mail, company, role and a group', () => {
    const errors = validateUser(emptyUserForm)
    expect(errors).toEqual({
      titleId: [adminStrings.user.titleRequired],
      name: [strings.validation.required('Full name')],
      email: [strings.validation.emailRequired],
      companyId: [adminStrings.user.companyRequired],
      roleId: [adminStrings.user.roleRequired],
      groupIds: [adminStrings.user.groupRequired],
    })
    expect(validateUser(valid)).toEqual({})
  })
  it('checks the name, the e-mail and the numbers when present', () => {
    const errors = validateUser({
      ...valid,
      name: 'R2-D2',
      email: 'no spaces@example.org',
      mobile: '082123',
      telephone: '01234567890',
    })
    expect(errors.name).toEqual([strings.validation.invalidName('full name')])
    expect(errors.email).toEqual([strings.validation.emailInvalid])
    expect(errors.mobile).toEqual([strings.validation.contactNumberLength])
    expect(errors.telephone).toEqual([strings.validation.contactNumberLength])
    expect(validateUser({ ...valid, mobile: '0821234567', telephone: '' })).toEqual({})
  })
  it('a Building Block Coordinator needs a municipality', () => {
    expect(validateUser({ ...valid, buildingBlockCoordinator: true }).municipalityIds).toEqual([
      adminStrings.user.municipalityRequired,
    ])
    expect(validateUser({ ...valid, buildingBlockCoordinator: true, municipalityIds: [900] })).toEqual({})
  })
  it('sends the contacts and relationships the API expects', () => {
    const payload = userPayload({
      ...valid,
      name: '  Lerato   Molefe ',
      mobile: '0821234567',
      contactPerson: true,
      buildingBlockCoordinator: true,
      municipalityIds: [900, 902],
    })
    expect(payload).toEqual({
      titleId: 3,
      name: 'Lerato Molefe',
      roleId: 2,
      companyId: 'org-500',
      groupIds: [2],
      contacts: [
        { contactTypeId: 1, detail: 'lerato@example.org' },
        { contactTypeId: 2, detail: '0821234567' },
      ],
      stakeholderRelationships: [
        { stakeholderRelationshipTypeId: 1, municipalityId: null, provinceId: null },
        { stakeholderRelationshipTypeId: 6, municipalityId: 900, provinceId: null },
        { stakeholderRelationshipTypeId: 6, municipalityId: 902, provinceId: null },
      ],
    })
  })
  it('reads a user back into the form', () => {
    const form = formOfDetails(makeDb().users[0])
    expect(form).toMatchObject({
      titleId: '3',
      name: 'Thandi Nkosi',
      email: 'thandi@example.org',
      mobile: '0821234567',
      telephone: '0411234567',
      buildingBlockCoordinator: true,
      contactPerson: false,
    })
    expect(form.municipalityIds).toEqual([900, 901, 902, 903, 904])
  })
})

describe('server errors (section 8)', () => {
  it("joins the errors by ' -- ', else shows the message", () => {
    const listed = adminFailureOf({
      status: 400,
      data: {
        success: false,
        message: 'Refused',
        errors: [
          { code: 'name', description: 'A' },
          { code: 'email', description: 'B' },
        ],
      },
    })
    expect(joinedErrors(listed)).toBe('A -- B')
    expect(listed.byCode).toEqual({ name: ['A'], email: ['B'] })
    const mapped = adminFailureOf({
      status: 400,
      data: { success: false, message: 'Refused', errors: { Name: ['A', 'B'], Email: ['C'] } },
    })
    expect(joinedErrors(mapped)).toBe('A -- B -- C')
    expect(
      joinedErrors(
        adminFailureOf({
          status: 403,
          data: { success: false, message: 'You do not have permission to perform this action.' },
        }),
      ),
    ).toBe('You do not have permission to perform this action.')
    expect(joinedErrors(adminFailureOf({ status: 'FETCH_ERROR', error: 'offline' }))).toBe(
      'An error has occurred. Please try again later.',
    )
    expect(joinedErrors(adminFailureOf({ success: false, message: 'Plain refusal' }))).toBe('Plain refusal')
  })
})

describe('read-your-writes', () => {
  it('polls until the read shows the change, treating failures as not yet', async () => {
    let calls = 0
    const ok = await pollUntil(
      () => {
        calls++
        return calls < 3 ? Promise.reject(new Error('404')) : Promise.resolve(calls)
      },
      (n) => n >= 4,
      2000,
    )
    expect(ok).toBe(true)
    expect(calls).toBe(4)
  })
  it('gives up after the time limit', async () => {
    expect(
      await pollUntil(
        () => Promise.resolve(1),
        () => false,
        150,
      ),
    ).toBe(false)
  })
  it('knows when a user read back is the user sent', () => {
    const details = makeDb().users[0]
    const sent = userPayload(formOfDetails(details))
    expect(
      sameUser(details, {
        ...sent,
        groupIds: [...sent.groupIds].reverse(),
        stakeholderRelationships: [...sent.stakeholderRelationships].reverse(),
      }),
    ).toBe(true)
    expect(sameUser(details, { ...sent, name: 'Someone Else' })).toBe(false)
  })
})

describe('government staff need no company', () => {
  const base = {
    ...emptyUserForm,
    titleId: '2',
    name: 'Thandeka Mahlangu',
    email: 'official@example.org',
    roleId: '3',
    groupIds: [5],
  }
  it('a coordinator with a municipality or a province needs none; everyone else does', () => {
    expect(needsCompany({ buildingBlockCoordinator: true, municipalityIds: [1], provinceIds: [] })).toBe(false)
    expect(needsCompany({ buildingBlockCoordinator: true, municipalityIds: [], provinceIds: [7] })).toBe(false)
    expect(needsCompany({ buildingBlockCoordinator: true, municipalityIds: [], provinceIds: [] })).toBe(true)
    expect(needsCompany({ buildingBlockCoordinator: false, municipalityIds: [1], provinceIds: [] })).toBe(true)
  })
  it('sends a province as its own relationship and no company', () => {
    const body = userPayload({ ...base, buildingBlockCoordinator: true, provinceIds: [7], municipalityIds: [900] })
    expect(body.companyId).toBeNull()
    expect(body.stakeholderRelationships).toEqual([
      { stakeholderRelationshipTypeId: 6, municipalityId: null, provinceId: 7 },
      { stakeholderRelationshipTypeId: 6, municipalityId: 900, provinceId: null },
    ])
  })
})
