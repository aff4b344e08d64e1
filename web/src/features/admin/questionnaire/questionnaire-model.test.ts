// The questionnaire manager's rules (admin spec sections 2, 4 and 5).
import { describe, expect, it } from 'vitest'
import type { ActiveQuestionnaire, SummarisedHealthCheck } from '../admin-types'
import {
  earliestStart, effectiveFromOf, filterSurveys, groupSurveys, isBlockedKey, linkableQuestionnaires, parseExpectedResponses,
  previewPath, quarterStart, surveyKey, surveyStatus,
} from './questionnaire-model'

function survey(id: string, description: string, typeId: number, from: string, isCurrent = true): SummarisedHealthCheck {
  return {
    healthCheckId: id, questionnaireId: id, questionnaireDescription: description, questionnaireTypeId: typeId, effectiveFrom: from,
    inviteCode: null, isCurrent, totalActualResponses: 0, totalExpectedResponses: 0, totalOrganisations: 0, totalParticipatedOrganisations: 0,
  }
}

const list = [
  survey('staff-v1', 'Staff health check 2026 (version 1)', 1, '2026-01-01T00:00:00Z'),
  survey('students-v1', 'Students health check 2026 (version 1)', 2, '2026-01-01T00:00:00Z'),
  survey('org-2025', 'Organisation_2025Q1', 1, '2025-01-01T00:00:00Z', false),
  survey('student-2025', 'Student_2025Q1', 2, '2025-01-01T00:00:00Z', false),
  survey('staff-v2', 'Staff health check 2027 (version 2)', 1, '2027-01-01T00:00:00Z', false),
]

describe('survey status (section 4)', () => {
  it('is Active when isCurrent, otherwise Expired', () => {
    expect(surveyStatus({ isCurrent: true })).toBe('active')
    expect(surveyStatus({ isCurrent: false })).toBe('expired')
  })
})

describe('card filter (section 2)', () => {
  it('treats Student_ and Organisation_ prefixes, and the Staff/Students audience words, as equal', () => {
    expect(surveyKey('Student_2025Q1')).toBe(surveyKey('Organisation_2025Q1'))
    expect(surveyKey('Staff health check 2026 (version 1)')).toBe(surveyKey('Students health check 2026 (version 1)'))
    expect(surveyKey('Staff health check 2026 (version 1)')).not.toBe(surveyKey('Staff health check 2027 (version 2)'))
    expect(surveyKey('Student_2025Q1')).not.toBe(surveyKey('Student_2025Q2'))
  })
  it('keeps the surveys with the chosen key, or all without one', () => {
    expect(filterSurveys(list, surveyKey('Student_2025Q1')).map((s) => s.healthCheckId)).toEqual(['org-2025', 'student-2025'])
    expect(filterSurveys(list, surveyKey('Staff health check 2026 (version 1)')).map((s) => s.healthCheckId)).toEqual(['staff-v1', 'students-v1'])
    expect(filterSurveys(list, null)).toHaveLength(5)
    expect(filterSurveys(list, 'nothing like this')).toEqual([])
  })
})

describe('groups (section 2)', () => {
  it('puts Staff before Students, active first, then the latest effectiveFrom', () => {
    const groups = groupSurveys(list)
    expect(groups.map((g) => g.typeId)).toEqual([1, 2])
    expect(groups[0].surveys.map((s) => s.healthCheckId)).toEqual(['staff-v1', 'staff-v2', 'org-2025'])
    expect(groups[1].surveys.map((s) => s.healthCheckId)).toEqual(['students-v1', 'student-2025'])
  })
  it('leaves out empty groups', () => {
    expect(groupSurveys([list[1]]).map((g) => g.typeId)).toEqual([2])
    expect(groupSurveys([])).toEqual([])
  })
})

describe('Preview link (section 2)', () => {
  it('shows only for an active survey with an invite code', () => {
    expect(previewPath(list[0], null)).toBeNull()
    expect(previewPath(list[0], 'abc 1')).toBe('/Questionnaire/SurveyQuestions?inviteCode=abc%201&Preview=true')
    expect(previewPath({ ...list[0], inviteCode: 'own' }, null)).toBe('/Questionnaire/SurveyQuestions?inviteCode=own&Preview=true')
    expect(previewPath(list[2], 'abc')).toBeNull()
  })
})

describe('expected responses (section 5)', () => {
  it('blocks e, E, +, -, dot and comma and nothing else', () => {
    for (const key of ['e', 'E', '+', '-', '.', ',']) expect(isBlockedKey(key)).toBe(true)
    for (const key of ['1', '0', 'Backspace', 'ArrowUp', 'Tab']) expect(isBlockedKey(key)).toBe(false)
  })
  it('accepts whole numbers of at least 1 only', () => {
    expect(parseExpectedResponses('12')).toBe(12)
    expect(parseExpectedResponses(' 1 ')).toBe(1)
    for (const bad of ['', '0', '-3', '1.5', '1e3', '2,5', 'abc', '10000001']) expect(parseExpectedResponses(bad)).toBeNull()
  })
})

describe('link dates (section 4)', () => {
  const q = (effectiveFrom: string, effectiveTo: string, isActive = true): ActiveQuestionnaire => ({
    questionnaireId: 'x', questionnaireTypeId: 1, questionnaireType: 'Staff', description: 'x', version: 1, effectiveFrom, effectiveTo, isActive,
  })
  it('offers only questionnaires still active', () => {
    const now = Date.parse('2026-11-23T08:00:00Z')
    expect(linkableQuestionnaires([q('2026-01-01T00:00:00Z', '2027-12-31T23:59:59Z'), q('2025-01-01T00:00:00Z', '2025-12-31T00:00:00Z'),
      q('2026-01-01T00:00:00Z', '2027-12-31T23:59:59Z', false)], now)).toHaveLength(1)
  })
  it('starts no earlier than the quarter of today or the questionnaire', () => {
    expect(quarterStart('2026-11-23')).toBe('2026-10-01')
    expect(quarterStart('2026-03-31')).toBe('2026-01-01')
    expect(earliestStart('2026-11-23', q('2026-01-01T00:00:00Z', '2027-12-31T00:00:00Z'))).toBe('2026-10-01')
    expect(earliestStart('2026-11-23', q('2026-11-10T00:00:00Z', '2027-12-31T00:00:00Z'))).toBe('2026-11-10')
  })
  it('sends now for today and midnight UTC for another day', () => {
    const now = Date.parse('2026-11-23T08:00:00Z')
    expect(effectiveFromOf('2026-11-23', '2026-11-23', now)).toBe('2026-11-23T08:00:00.000Z')
    expect(effectiveFromOf('2026-12-01', '2026-11-23', now)).toBe('2026-12-01T00:00:00Z')
  })
})
