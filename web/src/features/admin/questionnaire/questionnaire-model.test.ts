import { describe, expect, it } from 'vitest'
import {
  isBlockedExpectedKey,
  groupSurveys,
  parseExpectedResponses,
  share,
  surveyFamily,
  surveyStatus,
} from './questionnaire-model'
import type { QuestionnaireSummary } from '../../../api/generated'

const survey = (
  id: string,
  description: string,
  type: number,
  from: string,
  isCurrent = true,
): QuestionnaireSummary => ({
  healthCheckId: id,
  questionnaireId: id,
  questionnaireDescription: description,
  questionnaireTypeId: type,
  questionnaireType: type === 2 ? 'Students' : 'Staff',
  effectiveFrom: from,
  effectiveTo: '2027-12-31T23:59:59Z',
  inviteCode: null,
  isCurrent,
  totalActualResponses: 0,
  totalExpectedResponses: 0,
  totalOrganisations: 0,
  totalParticipatedOrganisations: 0,
  example: false,
})

describe('questionnaire manager rules', () => {
  it('derives Active and Expired from isCurrent', () => {
    expect(surveyStatus({ isCurrent: true })).toBe('Active')
    expect(surveyStatus({ isCurrent: false })).toBe('Expired')
  })

  it('treats Student_ and Organisation_ prefixes and versions as one survey', () => {
    expect(surveyFamily('Student_Health check 2026 (version 2)')).toBe('health check 2026')
    expect(surveyFamily('Organisation_Health check 2026')).toBe('health check 2026')
    expect(surveyFamily('Staff health check 2026 (version 1)')).not.toBe(surveyFamily('Students health check 2026'))
  })

  it('groups Staff before Students, newest first, with singular and plural headings', () => {
    const list = [
      survey('students-v1', 'Students health check 2026 (version 1)', 2, '2026-01-01'),
      survey('staff-v1', 'Staff health check 2026 (version 1)', 1, '2026-01-01', false),
      survey('staff-v2', 'Staff health check 2026 (version 2)', 1, '2026-07-01'),
    ]
    const groups = groupSurveys(list, null)
    expect(groups.map((g) => g.heading)).toEqual(['Staff surveys', 'Students survey'])
    expect(groups[0].surveys.map((s) => s.questionnaireId)).toEqual(['staff-v2', 'staff-v1'])
    const staffOnly = groupSurveys(list, surveyFamily('Staff health check 2026 (version 2)'))
    expect(staffOnly.map((g) => g.surveys.length)).toEqual([2])
    expect(groupSurveys([], null)).toEqual([])
  })

  it('keeps progress within 0..100 and reads expected responses as a whole number of at least 1', () => {
    expect(share(3, 4)).toBe(75)
    expect(share(5, 0)).toBe(0)
    expect(share(9, 4)).toBe(100)
    expect(parseExpectedResponses(' 12 ')).toBe(12)
    for (const bad of ['0', '-3', '2.5', '1e3', '', 'ten']) expect(parseExpectedResponses(bad)).toBeNull()
  })
})

describe('expected-responses keys (section 5)', () => {
  it('blocks e, E, +, -, dot and comma and nothing else', () => {
    for (const key of ['e', 'E', '+', '-', '.', ',']) expect(isBlockedExpectedKey(key)).toBe(true)
    for (const key of ['1', '0', 'Backspace', 'ArrowUp', 'Tab', 'Enter']) expect(isBlockedExpectedKey(key)).toBe(false)
  })
})
