// Landing after sign-in by permission (section 2).
import { describe, expect, it } from 'vitest'
import { Action } from '../config/constants'
import { adminPermissions, organisationPermissions, signedIn } from '../test/mocks/auth-fixtures'
import { areasFor, can, homeFor, landingFor } from './landing'

describe('landingFor', () => {
  it('sends WorldOfImpactAdmin to /admin/ and offers the other held areas as alternatives', () => {
    const landing = landingFor(adminPermissions)
    expect(landing.path).toBe('/admin/')
    expect(landing.main?.action).toBe(Action.WorldOfImpactAdmin)
    expect(landing.alternatives.map((d) => d.path)).toEqual(['/organisation/', '/buildingBlock/'])
  })
  it('HealthCheckAdmin goes to /organisation/, BuildingBlockAdmin to /buildingBlock/', () => {
    expect(landingFor([12, Action.HealthCheckAdmin]).path).toBe('/organisation/')
    expect(landingFor([12, Action.BuildingBlockAdmin]).path).toBe('/buildingBlock/')
  })
  it('the first matching action wins, whatever the order of the permissions', () => {
    const landing = landingFor([Action.BuildingBlockAdmin, Action.HealthCheckAdmin])
    expect(landing.path).toBe('/organisation/')
    expect(landing.alternatives.map((d) => d.path)).toEqual(['/buildingBlock/'])
  })
  it('with none of the role actions the user goes to the public root', () => {
    expect(landingFor(organisationPermissions)).toEqual({ main: null, alternatives: [], path: '/' })
    expect(landingFor([])).toEqual({ main: null, alternatives: [], path: '/' })
  })
})

describe('homeFor and can', () => {
  it('a NewUser (no password yet) belongs on add-password', () => {
    expect(homeFor(signedIn(adminPermissions, 'A', 1))).toBe('/auth/add-password/')
    expect(homeFor(signedIn(adminPermissions))).toBe('/admin/')
    expect(homeFor(signedIn(organisationPermissions))).toBe('/')
  })
  it('checks an action among the permissions', () => {
    expect(can(signedIn([33]), Action.WorldOfImpactAdmin)).toBe(true)
    expect(can(signedIn([34]), Action.WorldOfImpactAdmin)).toBe(false)
    expect(can(undefined, Action.WorldOfImpactAdmin)).toBe(false)
  })
})

describe('areasFor (profile menu)', () => {
  it("offers the organisation area to the organisation's designated person, who lands on the public root", () => {
    expect(landingFor(organisationPermissions).path).toBe('/')
    expect(areasFor(organisationPermissions).map((d) => d.path)).toEqual(['/organisation/'])
    expect(areasFor([12, Action.ViewYourOrganisationSurveyResult]).map((d) => d.path)).toEqual(['/organisation/'])
  })
  it('lists each area once, in landing order, and nothing without a matching action', () => {
    expect(areasFor(adminPermissions).map((d) => d.path)).toEqual(['/admin/', '/organisation/', '/buildingBlock/'])
    expect(areasFor([12, Action.BuildingBlockAdmin]).map((d) => d.path)).toEqual(['/buildingBlock/'])
    expect(areasFor([12])).toEqual([])
  })
})
