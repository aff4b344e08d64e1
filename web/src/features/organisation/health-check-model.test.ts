// Rules of the health-check screens: default period, bands, grouping of behaviours questions,
// stacked series, privacy message, audience options and expected-responses validation.
import { describe, expect, it } from 'vitest'
import type { OrganisationHealthCheck, QuestionResult } from '../../api/generated'
import {
  audienceOptions,
  defaultPeriod,
  expectedResponsesError,
  formatDate,
  formatPercent,
  groupQuestions,
  groupSummary,
  labelColour,
  maturityBand,
  privacyMessage,
  previewPath,
  progressPercent,
  questionSummary,
  scoredCategories,
  singleGroup,
  stackedSeries,
} from './health-check-model'

const harm = [
  ['Often', 0],
  ['Sometimes', 1],
  ['Rarely', 2],
  ['Never', 3],
] as const
const agree = [
  ['Strongly disagree', 0],
  ['Disagree', 1],
  ['Agree', 2],
  ['Strongly agree', 3],
] as const

function question(id: string, scale: readonly (readonly [string, number])[], values: number[]): QuestionResult {
  return {
    questionId: id,
    description: `Question ${id}`,
    questionTypeId: 3,
    questionType: 'SingleChoice',
    visualizeTypeId: 4,
    visualizeTypeDescription: 'StackedBar',
    respondents: 10,
    answers: scale.map(([description, score], i) => ({
      possibleAnswerId: i + 1,
      description,
      score,
      distributionValue: values[i],
      suppressed: false,
    })),
    palette: scale.map(([description], i) => ({
      id: i + 1,
      description,
      percentage: String(values[i]),
      color: `#00000${i}`,
    })),
  }
}

function period(id: string, from: string, isCurrent = false): OrganisationHealthCheck {
  return {
    healthCheckId: id,
    questionnaire: id,
    questionnaireId: 'staff-v1',
    questionnaireVersion: 1,
    questionnaireType: 'Staff',
    questionnaireTypeId: 1,
    isCurrent,
    effectiveFrom: from,
    effectiveTo: from,
    inviteCode: null,
    url: null,
    shortCode: null,
    ussdDial: null,
    expectedResponses: 10,
    responses: { band: '0', atLeast: 0 },
    responseCap: 15,
    capReached: false,
    privacy: {
      mechanism: 'two-sided geometric (discrete Laplace), ε = 1 per question',
      epsilonPerQuestion: 1,
      note: 'noise',
    },
    example: false,
    resultsAvailable: false,
    message: null,
    overallMaturity: null,
    questionCategories: [],
  }
}

describe('groupQuestions', () => {
  it('groups questions with identical answer categories and scores, keeping first-seen order', () => {
    const groups = groupQuestions([
      question('B1', harm, [10, 20, 30, 40]),
      question('B4', agree, [0, 0, 50, 50]),
      question('B2', harm, [0, 0, 0, 100]),
      question('B5', agree, [25, 25, 25, 25]),
    ])
    expect(groups.map((g) => g.questions.map((q) => q.questionId))).toEqual([
      ['B1', 'B2'],
      ['B4', 'B5'],
    ])
  })
  it('keeps apart questions whose labels match but whose scores differ', () => {
    const reversed = harm.map(([d], i) => [d, 3 - i] as const)
    expect(groupQuestions([question('B1', harm, [0, 0, 0, 0]), question('B9', reversed, [0, 0, 0, 0])])).toHaveLength(2)
  })
  it('builds one series per answer with one value per question of the group', () => {
    const [group] = groupQuestions([question('B1', harm, [10, 20, 30, 40]), question('B2', harm, [0, 0, 0, 100])])
    expect(stackedSeries(group)).toEqual([
      { name: 'Often', data: [10, 0], color: '#000000' },
      { name: 'Sometimes', data: [20, 0], color: '#000001' },
      { name: 'Rarely', data: [30, 0], color: '#000002' },
      { name: 'Never', data: [40, 100], color: '#000003' },
    ])
  })
})

describe('maturity bands (docs/decisions/0070-scores-weights-and-bands.md)', () => {
  it('cuts at 40, 60 and 80 per cent', () => {
    expect([0, 39.99, 40, 59.99, 60, 79.99, 80, 100].map(maturityBand)).toEqual([
      'Initial',
      'Initial',
      'Developing',
      'Developing',
      'Established',
      'Established',
      'Leading',
      'Leading',
    ])
  })
  it('formats percentages with at most two decimals', () => {
    expect(formatPercent(66.666)).toBe('66.67%')
    expect(formatPercent(50)).toBe('50%')
  })
})

describe('privacyMessage', () => {
  it('passes on the API message when results are withheld and nothing when they are available', () => {
    const message = "Results are shown once at least 5 people have responded, to protect respondents' anonymity."
    expect(privacyMessage({ resultsAvailable: false, message })).toBe(message)
    expect(privacyMessage({ resultsAvailable: false, message: null })).toBe(message)
    expect(privacyMessage({ resultsAvailable: true, message: null })).toBeNull()
    expect(privacyMessage(undefined)).toBeNull()
  })
})

describe('periods, audience, progress and expected responses', () => {
  it('defaults to the current period, else the latest effectiveFrom (admin spec §4)', () => {
    const list = [
      period('a', '2026-01-01T00:00:00Z'),
      period('b', '2026-04-01T00:00:00Z'),
      period('c', '2025-10-01T00:00:00Z', true),
    ]
    expect(defaultPeriod(list)?.healthCheckId).toBe('c')
    expect(defaultPeriod(list.slice(0, 2))?.healthCheckId).toBe('b')
    expect(defaultPeriod([])).toBeUndefined()
  })
  it('offers Students only to organisation type 4', () => {
    expect(audienceOptions(1).map((o) => o.label)).toEqual(['Staff'])
    expect(audienceOptions(4).map((o) => o.label)).toEqual(['Staff', 'Students'])
  })
  it('progress is capped at 100 and 0 without an expectation', () => {
    expect(progressPercent(6, 8)).toBe(75)
    expect(progressPercent(9, 8)).toBe(100)
    expect(progressPercent(3, 0)).toBe(0)
  })
  it('expected responses must be a whole number of at least 1', () => {
    expect(expectedResponsesError('')).toMatch(/required/)
    expect(expectedResponsesError('0')).toMatch(/at least 1/)
    expect(expectedResponsesError('2.5')).toMatch(/at least 1/)
    expect(expectedResponsesError('8')).toBeNull()
  })
})

describe('text alternatives of the charts', () => {
  it('names every answer with its percentage, for one question and for a group', () => {
    const b1 = question('B1', harm, [10, 20, 30, 40])
    expect(questionSummary(b1)).toBe('Question B1: Often 10%, Sometimes 20%, Rarely 30%, Never 40%')
    const [group] = groupQuestions([b1, question('B2', harm, [0, 0, 33.333, 66.667])])
    expect(groupSummary(group)).toBe(
      'B1: Often 10%, Sometimes 20%, Rarely 30%, Never 40%; B2: Often 0%, Sometimes 0%, Rarely 33.33%, Never 66.67%',
    )
    expect(stackedSeries(singleGroup(b1)).map((x) => x.data)).toEqual([[10], [20], [30], [40]])
  })
  it('takes a colour from the palette by answer id, not by position', () => {
    const q = question('B1', harm, [10, 20, 30, 40])
    q.palette = [...q.palette].reverse()
    expect(stackedSeries(singleGroup(q)).map((x) => x.color)).toEqual(['#000000', '#000001', '#000002', '#000003'])
  })
})

describe('categories, dates and the preview link', () => {
  it('orders the scored categories Policies, Practices, Behaviours and leaves out the others', () => {
    const c = (id: number) => ({
      questionCategoryId: id,
      description: String(id),
      isInDashboard: true,
      categoryScore: 1,
      questions: [],
    })
    expect(scoredCategories([c(5), c(1), c(2), c(3)]).map((x) => x.questionCategoryId)).toEqual([3, 2, 1])
    expect(scoredCategories([c(5)])).toEqual([])
  })
  it('shows dates in UTC, the time zone of the survey quarters', () => {
    expect(formatDate('2026-12-31T23:59:59Z')).toBe('2026-12-31')
    expect(formatDate('2026-10-01T00:00:00+02:00')).toBe('2026-09-30')
    expect(formatDate('not a date')).toBe('not a date')
  })
  it('builds the preview route with the invite code encoded', () => {
    expect(previewPath('ab c')).toBe('/Questionnaire/SurveyQuestions?inviteCode=ab%20c&Preview=true')
  })
})

describe('labelColour', () => {
  it('puts white on dark fills and dark text on light ones', () => {
    expect(labelColour('#2E539D')).toBe('#ffffff')
    expect(labelColour('#d7191c')).toBe('#ffffff')
    expect(labelColour('#fdae61')).toBe('#1a1a1a')
    expect(labelColour('#a6d96a')).toBe('#1a1a1a')
    expect(labelColour('#1a9641')).toBe('#1a1a1a')
    expect(labelColour('not a colour')).toBe('#1a1a1a')
  })
})
