// Where a signed-in user lands (section 2): the first of WorldOfImpactAdmin (/admin/),
// HealthCheckAdmin (/organisation/) and BuildingBlockAdmin (/buildingBlock/) the user holds is
// the main destination, the others are offered as alternatives; with none, the public root.
import { Action, UserType } from '../config/constants'
import { accountPaths } from '../config/routes'
import { strings } from '../config/strings'
import { paths } from '../filters/paths'
import type { Session } from '../api/types'

export interface Destination {
  action: number
  path: string
  label: string
}

/** The role areas in the order the specification checks them. */
export const roleAreas: Destination[] = [
  // Getters: the labels are read in the language active when they are shown.
  {
    action: Action.WorldOfImpactAdmin,
    path: accountPaths.admin,
    get label() {
      return strings.areas.adminTitle
    },
  },
  {
    action: Action.HealthCheckAdmin,
    path: accountPaths.organisation,
    get label() {
      return strings.areas.organisationTitle
    },
  },
  {
    action: Action.BuildingBlockAdmin,
    path: accountPaths.buildingBlock,
    get label() {
      return strings.areas.buildingBlockTitle
    },
  },
]

export interface Landing {
  /** The main destination, or null when the user holds none of the role actions. */
  main: Destination | null
  alternatives: Destination[]
  /** Where to go: the main destination's path, else the public root. */
  path: string
}

export function landingFor(permissions: readonly number[]): Landing {
  const held = roleAreas.filter((area) => permissions.includes(area.action))
  const [main = null, ...alternatives] = held
  return { main, alternatives, path: main?.path ?? paths.root }
}

export function permissionsOf(session: Session | undefined): number[] {
  return session?.user?.permissions ?? []
}

export function can(session: Session | undefined, action: number): boolean {
  return permissionsOf(session).includes(action)
}

/**
 * Actions that open the organisation area (/organisation/): HealthCheckAdmin, and the
 * organisation's designated person's ViewYourOrganisationSurveyResult, AddSurveyLink and
 * SetSurveyEffectiveDate (the server's getOrganisationHealthChecks accepts these three).
 */
export const ORGANISATION_ACTIONS: readonly number[] = [
  Action.HealthCheckAdmin,
  Action.ViewYourOrganisationSurveyResult,
  Action.AddSurveyLink,
  Action.SetSurveyEffectiveDate,
]

/**
 * The areas offered in the profile menu: the landing's main destination and alternatives, then
 * the organisation area for a designated person who holds no role action (the landing itself
 * stays as section 2 says: without a role action, the public root).
 */
export function areasFor(permissions: readonly number[]): Destination[] {
  const landing = landingFor(permissions)
  const areas = [landing.main, ...landing.alternatives].filter((d): d is Destination => d != null)
  const organisation = roleAreas.find((a) => a.action === Action.HealthCheckAdmin)
  if (organisation && !areas.includes(organisation) && ORGANISATION_ACTIONS.some((a) => permissions.includes(a))) {
    areas.push(organisation)
  }
  return areas
}

/** Where an authenticated user belongs: add-password while the account has none, else the landing. */
export function homeFor(session: Session): string {
  if (session.userType === UserType.NewUser) return accountPaths.addPassword
  return landingFor(permissionsOf(session)).path
}
