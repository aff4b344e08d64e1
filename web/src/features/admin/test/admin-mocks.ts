// MSW handlers answering the admin calls like docs/admin-api.md, over a small in-memory store
// that tests can inspect (every request body is recorded). Unit tests only.
import { http, HttpResponse } from 'msw'
import { CSRF_TOKEN, signedIn } from '../../../test/mocks/auth-fixtures'
import type {
  AdminDashboard,
  Group,
  HistoryEntry,
  Municipality,
  OrganisationApplication,
  OrganisationRow,
  SecurityAction,
  UserAccountDetails,
  UserSummary,
} from '../../../api/generated'
import { emptyUserForm, type UserForm } from '../users-groups/user-model'

export const ALL_ACTIONS: SecurityAction[] = [
  [5, 'SetGroupMember', 'Set group member'],
  [6, 'CreateGroup', 'Create group'],
  [7, 'UpdateGroup', 'Update group'],
  [8, 'DeleteGroup', 'Delete group'],
  [9, 'AddGroupAction', 'Add group action'],
  [10, 'DeleteGroupAction', 'Delete group action'],
  [11, 'DeleteGroupMember', 'Delete group member'],
  [12, 'LogIntoSystem', 'Log into system'],
  [31, 'ViewOrganisations', 'View organisations'],
  [32, 'VerifyOrganisation', 'Verify organisation'],
  [33, 'WorldOfImpactAdmin', 'World of Impact admin'],
  [36, 'DeleteUser', 'Delete user'],
].map(([actionId, action, description]) => ({
  actionId: actionId as number,
  action: action as string,
  description: description as string,
}))

export const MUNICIPALITIES: Municipality[] = [
  { stakeholderId: 900, name: 'Emfuleni' },
  { stakeholderId: 901, name: 'Midvaal' },
  { stakeholderId: 902, name: 'Lesedi' },
  { stakeholderId: 903, name: 'Buffalo City' },
  { stakeholderId: 904, name: 'Nelson Mandela Bay' },
]

export const COMPANIES = [
  { stakeholderId: 'org-500', organisationName: 'Ikhaya Women’s Centre' },
  { stakeholderId: 'org-501', organisationName: 'Thuthuzela Care' },
]

function organisation(id: string, name: string, statusId: number, receivedOn: string): OrganisationApplication {
  return {
    stakeholderId: id,
    organisationName: name,
    organisationBranch: 'Head office',
    organisationTypeId: 1,
    organisationType: 'Non-profit organisation',
    title: 'Ms',
    name: 'Nomvula Dlamini',
    email: `contact-${id}@example.org`,
    phone: '0821234567',
    jobRole: 'Manager',
    addressLine1: '12 Govan Mbeki Avenue',
    addressLine2: 'Central',
    province: 'Eastern Cape',
    district: 'Nelson Mandela Bay',
    localMunicipality: 'Nelson Mandela Bay',
    membersInOrganisation: 14,
    verificationStatusId: statusId,
    verificationStatus: statusId === 1 ? 'In Progress' : statusId === 2 ? 'Rejected' : 'Approved',
    organisationVerified: statusId === 3,
    statusDate: receivedOn,
    version: 1,
  }
}

export interface AdminDb {
  dashboard: AdminDashboard
  organisations: OrganisationApplication[]
  history: Record<string, HistoryEntry[]>
  groups: Group[]
  users: UserAccountDetails[]
  /** Every admin request: method, path with query, body and the CSRF header. */
  requests: { method: string; path: string; body: unknown; csrf: string | null }[]
  /** Forces the next verify to answer 409 with this status. */
  conflictNext: number | null
}

export function makeDb(): AdminDb {
  return {
    dashboard: {
      example: false,
      inProgressCount: 2,
      lastUpdatedOrganisationDate: '2025-11-20T12:05:00Z',
      lastUpdatedQuestionnaireDate: null,
      healthCheckParticipants: 0,
      approvedOrganisationsCount: 1,
      actualResponses: 0,
      expectedResponses: 0,
    },
    organisations: [
      organisation('org-101', 'Ikhaya Women’s Centre', 1, '2025-11-19T22:30:00Z'),
      organisation('org-102', 'Amandla Shelter', 1, '2025-11-20T08:00:00Z'),
      organisation('org-103', 'Zenzele Trust', 3, '2025-10-01T10:00:00Z'),
    ],
    history: {
      'org-101': [
        {
          sequence: 1,
          aggregate: 'organisation',
          at: '2025-11-19T22:30:00Z',
          actor: 'nomvula@example.org',
          actorName: 'Nomvula Dlamini',
          source: 'web',
          type: 'OrganisationRegistered',
          summary: 'Registered by Nomvula Dlamini',
          payload: {},
        },
      ],
    },
    groups: [
      { groupId: 1, description: 'World of Impact admin', actions: ALL_ACTIONS.map((a) => a.actionId) },
      { groupId: 2, description: 'Health Check admin', actions: [12, 31, 32] },
      { groupId: 4, description: 'Organisation designated person', actions: [12] },
    ],
    users: [
      {
        stakeholderId: 'user-201',
        name: 'Thandi Nkosi',
        titleId: 3,
        roleId: 2,
        companyId: 'org-500',
        companyName: 'Ikhaya Women’s Centre',
        groupIds: [2],
        contacts: [
          { contactTypeId: 1, detail: 'thandi@example.org' },
          { contactTypeId: 2, detail: '0821234567' },
          { contactTypeId: 3, detail: '0411234567' },
        ],
        stakeholderRelationships: [
          {
            stakeholderRelationshipTypeId: 6,
            relationshipType: 'BuildingBlockCoordinator',
            municipalityId: 900,
            provinceId: null,
            description: 'Emfuleni',
          },
          {
            stakeholderRelationshipTypeId: 6,
            relationshipType: 'BuildingBlockCoordinator',
            municipalityId: 901,
            provinceId: null,
            description: 'Midvaal',
          },
          {
            stakeholderRelationshipTypeId: 6,
            relationshipType: 'BuildingBlockCoordinator',
            municipalityId: 902,
            provinceId: null,
            description: 'Lesedi',
          },
          {
            stakeholderRelationshipTypeId: 6,
            relationshipType: 'BuildingBlockCoordinator',
            municipalityId: 903,
            provinceId: null,
            description: 'Buffalo City',
          },
          {
            stakeholderRelationshipTypeId: 6,
            relationshipType: 'BuildingBlockCoordinator',
            municipalityId: 904,
            provinceId: null,
            description: 'Nelson Mandela Bay',
          },
        ],
      },
      {
        stakeholderId: 'user-202',
        name: 'Andile Mokoena',
        titleId: 1,
        roleId: 1,
        companyId: 'org-501',
        companyName: 'Thuthuzela Care',
        groupIds: [4],
        contacts: [{ contactTypeId: 1, detail: 'andile@example.org' }],
        stakeholderRelationships: [],
      },
    ],
    requests: [],
    conflictNext: null,
  }
}

function summary(db: AdminDb, user: UserAccountDetails): UserSummary {
  return {
    stakeholderId: user.stakeholderId,
    displayName: user.name,
    username: user.contacts.find((c) => c.contactTypeId === 1)?.detail ?? '',
    groups: user.groupIds.map((id) => ({
      groupId: id,
      description: db.groups.find((g) => g.groupId === id)?.description ?? '',
    })),
    example: false,
  }
}

function row(o: OrganisationApplication): OrganisationRow {
  return {
    stakeholderId: o.stakeholderId,
    organisationName: o.organisationName,
    example: false,
    receivedFrom: o.name,
    receivedOn: o.statusDate,
    verificationStatusId: o.verificationStatusId,
    verificationStatus: o.verificationStatus,
    statusDate: o.statusDate,
  }
}

const denied = () =>
  HttpResponse.json({ success: false, message: 'You do not have permission to perform this action.' }, { status: 403 })

/** The session check answering as a user holding `permissions`. */
export function sessionWith(permissions: number[], name?: string) {
  return http.post('*/api/auth/userAuthenticated', () => HttpResponse.json(signedIn(permissions, name)))
}

export function adminHandlers(db: AdminDb) {
  const record = async (request: Request) => {
    const url = new URL(request.url)
    let body: unknown = null
    if (request.method !== 'GET') {
      const text = await request.clone().text()
      body = text ? JSON.parse(text) : null
    }
    db.requests.push({
      method: request.method,
      path: url.pathname.replace(/^\/api\//, '') + url.search,
      body,
      csrf: request.headers.get('x-csrf-token'),
    })
    return body as Record<string, unknown>
  }
  const csrfOk = (request: Request) => request.headers.get('x-csrf-token') === CSRF_TOKEN

  return [
    http.post('*/api/healthcheck/getAdminDashboard', async ({ request }) => {
      await record(request)
      return csrfOk(request) ? HttpResponse.json([db.dashboard]) : denied()
    }),
    http.post('*/api/healthcheck/searchOrganisations', async ({ request }) => {
      const body = (await record(request)) as {
        statusId: number | null
        OrganisationName: string
        sort: string
        pageSize: number
        pageNumber: number
      }
      const needle = (body.OrganisationName ?? '').toLowerCase()
      const found = db.organisations
        .filter((o) => body.statusId == null || o.verificationStatusId === body.statusId)
        .filter((o) => o.organisationName.toLowerCase().includes(needle))
        .sort((a, b) => a.organisationName.localeCompare(b.organisationName) * (body.sort === 'desc' ? -1 : 1))
      const start = (body.pageNumber - 1) * body.pageSize
      return HttpResponse.json({
        success: true,
        data: found.slice(start, start + body.pageSize).map(row),
        totalCount: found.length,
        pageNumber: body.pageNumber,
        pageSize: body.pageSize,
      })
    }),
    http.get('*/api/healthcheck/organisation/:id/history', async ({ request, params }) => {
      await record(request)
      return HttpResponse.json({
        success: true,
        data: db.history[String(params.id)] ?? [],
        seal: { status: 'sealed', sealedUpTo: '2026-05-01T08:00:00Z', message: null },
      })
    }),
    http.get('*/api/healthcheck/organisation/:id', async ({ request, params }) => {
      await record(request)
      const found = db.organisations.find((o) => o.stakeholderId === params.id)
      return found
        ? HttpResponse.json({ success: true, data: found })
        : HttpResponse.json({ success: false, message: 'Organisation not found.' }, { status: 404 })
    }),
    http.post('*/api/healthcheck/verify', async ({ request }) => {
      const body = (await record(request)) as {
        VerificationStatusId: number
        StakeholderId: string
        EmailTemplateType: number
        RejectedReasons: string
        ExpectedStatusId: number
      }
      const org = db.organisations.find((o) => o.stakeholderId === body.StakeholderId)!
      if (db.conflictNext != null) {
        org.verificationStatusId = db.conflictNext
        org.verificationStatus = db.conflictNext === 3 ? 'Approved' : 'Rejected'
        db.conflictNext = null
      }
      if (org.verificationStatusId !== body.ExpectedStatusId) {
        return HttpResponse.json(
          {
            success: false,
            message: `This application was already ${org.verificationStatus.toLowerCase()} by someone else.`,
            currentStatusId: org.verificationStatusId,
          },
          { status: 409 },
        )
      }
      org.verificationStatusId = body.VerificationStatusId
      org.verificationStatus = body.VerificationStatusId === 3 ? 'Approved' : 'Rejected'
      return HttpResponse.json({
        success: true,
        message: body.VerificationStatusId === 3 ? 'Organisation approved.' : 'Organisation rejected.',
      })
    }),

    http.get('*/api/security/getAllActions', async ({ request }) => {
      await record(request)
      return HttpResponse.json(ALL_ACTIONS)
    }),
    http.get('*/api/security/getGroups', async ({ request }) => {
      await record(request)
      const id = new URL(request.url).searchParams.get('groupId')
      return HttpResponse.json(id ? db.groups.filter((g) => g.groupId === Number(id)) : db.groups)
    }),
    http.get('*/api/security/getAllUsers', async ({ request }) => {
      await record(request)
      return HttpResponse.json(db.users.map((u) => summary(db, u)))
    }),
    http.get('*/api/security/getUserDetails', async ({ request }) => {
      await record(request)
      const id = new URL(request.url).searchParams.get('stakeholderId')
      const found = db.users.find((u) => u.stakeholderId === id)
      return found
        ? HttpResponse.json(found)
        : HttpResponse.json({ success: false, message: 'User not found.' }, { status: 404 })
    }),
    http.get('*/api/security/getLocalMunicipalities', async ({ request }) => {
      await record(request)
      return HttpResponse.json(MUNICIPALITIES)
    }),
    http.get('*/api/security/getOrganisations', async ({ request }) => {
      await record(request)
      return HttpResponse.json(COMPANIES)
    }),
    http.post('*/api/security/createNewUser', async ({ request }) => {
      const body = (await record(request)) as Omit<UserAccountDetails, 'stakeholderId' | 'companyName'>
      const email = body.contacts.find((c) => c.contactTypeId === 1)?.detail
      if (db.users.some((u) => u.contacts.some((c) => c.detail === email))) {
        return HttpResponse.json(
          {
            success: false,
            message: 'The user could not be saved.',
            errors: [
              { code: 'email', description: 'A user with this email address already exists.' },
              { code: 'groupIds', description: 'Group 99 does not exist.' },
            ],
          },
          { status: 400 },
        )
      }
      const stakeholderId = `user-${300 + db.users.length}`
      db.users.push({
        ...body,
        stakeholderId,
        companyName: COMPANIES.find((c) => c.stakeholderId === body.companyId)?.organisationName ?? null,
      })
      return HttpResponse.json({ success: true, message: 'User created.', errors: [], stakeholderId })
    }),
    http.put('*/api/security/editUserDetails', async ({ request }) => {
      const body = (await record(request)) as unknown as UserAccountDetails
      const id = new URL(request.url).searchParams.get('stakeholderId')
      const at = db.users.findIndex((u) => u.stakeholderId === id)
      db.users[at] = { ...db.users[at], ...body, stakeholderId: id ?? '' }
      return HttpResponse.json({ success: true, message: 'User updated.', errors: [] })
    }),
    http.delete('*/api/security/deleteUser', async ({ request }) => {
      await record(request)
      const id = new URL(request.url).searchParams.get('stakeholderId')
      db.users = db.users.filter((u) => u.stakeholderId !== id)
      return HttpResponse.json({ success: true, message: 'User deleted.' })
    }),
    http.post('*/api/security/eraseUser', async ({ request }) => {
      await record(request)
      const id = new URL(request.url).searchParams.get('stakeholderId')
      db.users = db.users.filter((u) => u.stakeholderId !== id)
      return HttpResponse.json({ success: true, message: 'User erased successfully.' })
    }),
    http.post('*/api/security/AddGroup', async ({ request }) => {
      const body = (await record(request)) as { GroupName: string; UserActions: number[] }
      if (!body.GroupName)
        return HttpResponse.json(
          {
            success: false,
            message: 'Group name is required.',
            errors: [{ code: 'GroupName', description: 'Group name is required.' }],
          },
          { status: 400 },
        )
      const groupId = 10 + db.groups.length
      db.groups.push({ groupId, description: body.GroupName, actions: body.UserActions })
      return HttpResponse.json({ success: true, message: 'Group created.', groupId })
    }),
    http.post('*/api/security/addGroupActions', async ({ request }) => {
      const body = (await record(request)) as { GroupId: number; UserActions: number[] }
      const group = db.groups.find((g) => g.groupId === body.GroupId)!
      group.actions = [...new Set([...group.actions, ...body.UserActions])]
      return HttpResponse.json({ success: true, message: 'Actions added.', actionList: group.actions })
    }),
    http.delete('*/api/security/deleteGroupActions', async ({ request }) => {
      const body = (await record(request)) as { GroupId: number; UserActions: number[] }
      const group = db.groups.find((g) => g.groupId === body.GroupId)!
      group.actions = group.actions.filter((a) => !body.UserActions.includes(a))
      return HttpResponse.json({ success: true, message: 'Actions removed.' })
    }),
    http.delete('*/api/security/deleteGroup', async ({ request }) => {
      await record(request)
      const id = Number(new URL(request.url).searchParams.get('groupId'))
      db.groups = db.groups.filter((g) => g.groupId !== id)
      return HttpResponse.json({ success: true, message: 'Group deleted.' })
    }),
  ]
}

/** The requests made to one path (without the query), oldest first. */
export function requestsTo(db: AdminDb, path: string) {
  return db.requests.filter((r) => r.path.split('?')[0] === path)
}

/** A user form the section 5 rules accept, for tests to change one field of. */
export const validUserForm: UserForm = {
  ...emptyUserForm,
  titleId: '3',
  name: 'Lerato Molefe',
  email: 'lerato@example.org',
  companyId: 'org-500',
  roleId: '2',
  groupIds: [2],
}
