// Pure rules of the health-check screens (issue 12): the default period (admin spec §4), the
// maturity bands of docs/decisions.md, grouping of Organisational Behaviours questions with
// identical answer categories and scores (admin spec §2 "View results"), progress and the
// survey-audience options (students only for organisation type 4, §9).
import type { HcAnswer, HcCategory, HcPeriod, HcQuestion } from './hc-api'

export const QuestionnaireType = { Staff: 1, Students: 2 } as const
export const QuestionCategory = { Behaviours: 1, Practices: 2, Policies: 3, General: 4, Demographic: 5 } as const
export const ChartType = { PieChart: 1, ProgressBar: 2, BarGraph: 3, StackedBar: 4 } as const
/** Organisation type offered the Students survey (admin spec §9). */
export const STUDENTS_ORGANISATION_TYPE = 4
/** The backend's respondent privacy threshold (docs/decisions.md). */
export const MIN_RESPONSES = 5

export function audienceOptions(organisationTypeId: number | undefined): { value: number; label: string }[] {
  const staff = { value: QuestionnaireType.Staff, label: 'Staff' }
  return organisationTypeId === STUDENTS_ORGANISATION_TYPE ? [staff, { value: QuestionnaireType.Students, label: 'Students' }] : [staff]
}

/** Admin spec §4: the current questionnaire, otherwise the one with the latest effectiveFrom. */
export function defaultPeriod(periods: readonly HcPeriod[]): HcPeriod | undefined {
  const current = periods.find((p) => p.isCurrent)
  if (current) return current
  return [...periods].sort((a, b) => Date.parse(b.effectiveFrom) - Date.parse(a.effectiveFrom))[0]
}

export type MaturityBand = 'Initial' | 'Developing' | 'Established' | 'Leading'

/** docs/decisions.md: below 40 % Initial, 40–59.99 % Developing, 60–79.99 % Established, 80 %+ Leading. */
export function maturityBand(percent: number): MaturityBand {
  if (percent >= 80) return 'Leading'
  if (percent >= 60) return 'Established'
  if (percent >= 40) return 'Developing'
  return 'Initial'
}

export const BAND_COLOURS: Record<MaturityBand, string> = {
  Initial: '#b3261e', Developing: '#b45309', Established: '#2E539D', Leading: '#1e7b34',
}

/** Percentage of actual against expected, whole, capped at 100. */
export function progressPercent(actual: number, expected: number): number {
  return expected > 0 ? Math.min(100, Math.round((actual / expected) * 100)) : 0
}

/** Two decimals at most, trailing zeros dropped: 66.67 %, 50 %. */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(2))}%`
}

/** The answer categories and scores of a question, order-independent. */
export function answerSignature(answers: readonly Pick<HcAnswer, 'description' | 'score'>[]): string {
  return answers.map((a) => `${a.description}\u0000${a.score}`).sort().join('\u0001')
}

export interface QuestionGroup { key: string; answers: HcAnswer[]; questions: HcQuestion[] }

/** Questions with identical category (answer option) and score sets share one chart, in first-seen order. */
export function groupQuestions(questions: readonly HcQuestion[]): QuestionGroup[] {
  const groups = new Map<string, QuestionGroup>()
  for (const q of questions) {
    const key = answerSignature(q.answers)
    const group = groups.get(key)
    if (group) group.questions.push(q)
    else groups.set(key, { key, answers: q.answers, questions: [q] })
  }
  return [...groups.values()]
}

/** Stacked-bar series for a set of questions sharing answer options: one series per answer, one bar per question. */
export function stackedSeries(group: QuestionGroup): { name: string; data: number[]; color: string }[] {
  return group.answers.map((a, i) => ({
    name: a.description,
    color: group.questions[0].palette.find((p) => p.id === a.possibleAnswerId)?.color ?? STACK_COLOURS[i % STACK_COLOURS.length],
    data: group.questions.map((q) => q.answers.find((x) => x.description === a.description && x.score === a.score)?.distributionValue ?? 0),
  }))
}

const STACK_COLOURS = ['#d7191c', '#fdae61', '#a6d96a', '#1a9641', '#2E539D', '#cccccc']

export function categoryOf(categories: readonly HcCategory[], id: number): HcCategory | undefined {
  return categories.find((c) => c.questionCategoryId === id)
}

/** The privacy message to show instead of figures, or null when results may be shown. */
export function privacyMessage(result: { resultsAvailable: boolean; message: string | null; actualResponses?: number } | undefined): string | null {
  if (!result) return null
  if (result.resultsAvailable) return null
  return result.message ?? `Results are shown once at least ${MIN_RESPONSES} people have responded, to protect respondents' anonymity.`
}

/** Expected responses input (admin spec §5): these keys are blocked. */
export const BLOCKED_NUMBER_KEYS = ['e', 'E', '+', '-', '.', ',']

/** Validation of the expected-responses value: a whole number of at least 1. */
export function expectedResponsesError(value: string): string | null {
  if (value.trim() === '') return 'Expected responses is required.'
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) return 'Expected responses must be a whole number of at least 1.'
  return null
}

/** A date as YYYY-MM-DD in South African time. */
export function formatDate(iso: string): string {
  const d = new Date(Date.parse(iso) + 120 * 60_000)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}`
}
