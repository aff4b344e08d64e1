// Pure rules of the health-check screens: the default period (admin spec §4), the
// maturity bands of docs/decisions/0070-scores-weights-and-bands.md, grouping of Organisational
// Behaviours questions with identical answer categories and scores (admin spec §2 "View results"),
// the stacked series, progress, the survey-audience options (Students only for organisation type 4,
// §9), the text alternatives of the charts and the expected-responses rule (§5). Nothing here
// invents a figure: every number comes from the server's answer.
import { hcStrings } from './health-check-strings'
import type { AnswerDistribution, CategoryResult, OrganisationHealthCheck, QuestionResult } from '../../api/generated'

/** Questionnaire types (admin spec §3). */
export const QuestionnaireType = { Staff: 1, Students: 2 } as const
/** Question categories (admin spec §3). */
export const QuestionCategory = { Behaviours: 1, Practices: 2, Policies: 3, General: 4, Demographic: 5 } as const
/** Chart types (admin spec §3 "Chart types"). */
export const ChartType = { PieChart: 1, ProgressBar: 2, BarGraph: 3, StackedBar: 4 } as const
/** Organisation type offered the Students survey (admin spec §9). */
export const STUDENTS_ORGANISATION_TYPE = 4
/** The server's respondent privacy threshold (docs/decisions/0082-survey-results-in-steps-of-five.md); the server enforces it. */
export const MIN_RESPONSES = 5
/** Percentage axis ticks every 20 % (admin spec §9). */
export const AXIS_TICKS = [0, 20, 40, 60, 80, 100] as const

/** The survey audiences offered to an organisation: Students only for organisation type 4. */
export function audienceOptions(organisationTypeId: number | undefined): { value: number; label: string }[] {
  const staff = { value: QuestionnaireType.Staff, label: hcStrings.staff }
  return organisationTypeId === STUDENTS_ORGANISATION_TYPE
    ? [staff, { value: QuestionnaireType.Students, label: hcStrings.students }]
    : [staff]
}

/** Admin spec §4: the current questionnaire, otherwise the one with the latest effectiveFrom. */
export function defaultPeriod(periods: readonly OrganisationHealthCheck[]): OrganisationHealthCheck | undefined {
  const current = periods.find((p) => p.isCurrent)
  if (current) return current
  return [...periods].sort((a, b) => Date.parse(b.effectiveFrom) - Date.parse(a.effectiveFrom))[0]
}

/** The maturity levels of docs/decisions/0070-scores-weights-and-bands.md. */
export type MaturityBand = 'Initial' | 'Developing' | 'Established' | 'Leading'

/** docs/decisions/0070-scores-weights-and-bands.md: below 40 % Initial, 40–59.99 % Developing, 60–79.99 % Established, 80 %+ Leading. */
export function maturityBand(percent: number): MaturityBand {
  if (percent >= 80) return 'Leading'
  if (percent >= 60) return 'Established'
  if (percent >= 40) return 'Developing'
  return 'Initial'
}

/** Colour of each band on the doughnut (all with at least 3:1 contrast on white). */
export const BAND_COLOURS: Record<MaturityBand, string> = {
  Initial: '#b3261e',
  Developing: '#b45309',
  Established: '#2E539D',
  Leading: '#1e7b34',
}

/** Percentage of actual against expected, whole, capped at 100; 0 without an expectation. */
export function progressPercent(actual: number, expected: number): number {
  return expected > 0 ? Math.min(100, Math.round((actual / expected) * 100)) : 0
}

/** Two decimals at most, trailing zeros dropped: 66.67%, 50% (admin spec §9). */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(2))}%`
}

/** The answer categories and scores of a question, order-independent. */
export function answerSignature(answers: readonly Pick<AnswerDistribution, 'description' | 'score'>[]): string {
  return answers
    .map((a) => `${a.description}\u0000${a.score}`)
    .sort()
    .join('\u0001')
}

/** Questions sharing one chart: their common answers (in the first question's order) and the questions. */
export interface QuestionGroup {
  key: string
  answers: AnswerDistribution[]
  questions: QuestionResult[]
}

/** Questions with identical category (answer option) and score sets share one chart, in first-seen order. */
export function groupQuestions(questions: readonly QuestionResult[]): QuestionGroup[] {
  const groups = new Map<string, QuestionGroup>()
  for (const q of questions) {
    const key = answerSignature(q.answers)
    const group = groups.get(key)
    if (group) group.questions.push(q)
    else groups.set(key, { key, answers: q.answers, questions: [q] })
  }
  return [...groups.values()]
}

/** A question on its own, as a group of one (Policies and Practices have one chart per question). */
export function singleGroup(question: QuestionResult): QuestionGroup {
  return { key: question.questionId, answers: question.answers, questions: [question] }
}

/** Fallback colours when a palette lacks an answer (the server sends one per answer). */
const STACK_COLOURS = ['#d7191c', '#fdae61', '#a6d96a', '#1a9641', '#2E539D', '#cccccc']

/** One stacked series per answer, one value (its percentage) per question of the group. */
export interface StackedSeries {
  name: string
  data: number[]
  color: string
}

/** Stacked-bar series for a set of questions sharing answer options: one series per answer, one bar per question. */
export function stackedSeries(group: QuestionGroup): StackedSeries[] {
  return group.answers.map((a, i) => ({
    name: a.description,
    color:
      group.questions[0]?.palette.find((p) => p.id === a.possibleAnswerId)?.color ??
      STACK_COLOURS[i % STACK_COLOURS.length],
    data: group.questions.map(
      (q) => q.answers.find((x) => x.description === a.description && x.score === a.score)?.distributionValue ?? 0,
    ),
  }))
}

function luminance(hex: string): number | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex)
  if (!m) return null
  const channel = (i: number) => {
    const c = parseInt(m[1].slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
}

/** Dark text for data labels drawn on this fill. */
export const DARK_LABEL = '#1a1a1a'

/** The label colour (white or dark) with the higher contrast on a fill colour (WCAG relative luminance). */
export function labelColour(fill: string): string {
  const l = luminance(fill)
  if (l == null) return DARK_LABEL
  const onWhite = 1.05 / (l + 0.05)
  const onDark = (l + 0.05) / ((luminance(DARK_LABEL) ?? 0) + 0.05)
  return onWhite >= onDark ? '#ffffff' : DARK_LABEL
}

/**
 * An answer's share as text: its percentage, or the server's suppression (a demographic answer
 * chosen by fewer than 5 respondents has no share;
 * docs/decisions/0083-demographic-cells-below-five.md).
 */
export function formatShare(value: number | null): string {
  return value == null ? hcStrings.suppressed : formatPercent(value)
}

/** The text alternative of a question's chart: every answer with its percentage. */
export function questionSummary(question: Pick<QuestionResult, 'description' | 'answers'>): string {
  const parts = question.answers.map((a) => `${a.description} ${formatShare(a.distributionValue)}`)
  return `${question.description}: ${parts.join(', ')}`
}

/** The text alternative of a grouped chart: each question's id and its answers' percentages. */
export function groupSummary(group: QuestionGroup): string {
  const series = stackedSeries(group)
  return group.questions
    .map((q, i) => `${q.questionId}: ${series.map((s) => `${s.name} ${formatPercent(s.data[i] ?? 0)}`).join(', ')}`)
    .join('; ')
}

/** The category with `id`, if the answer has it. */
export function categoryOf(categories: readonly CategoryResult[], id: number): CategoryResult | undefined {
  return categories.find((c) => c.questionCategoryId === id)
}

/** The scored categories (Policies, Practices, Behaviours) in the order the results show them. */
export function scoredCategories(categories: readonly CategoryResult[]): CategoryResult[] {
  return [QuestionCategory.Policies, QuestionCategory.Practices, QuestionCategory.Behaviours]
    .map((id) => categoryOf(categories, id))
    .filter((c): c is CategoryResult => c != null)
}

/**
 * The privacy message to show instead of figures, or null when results may be shown. The
 * server decides (`resultsAvailable`); its message is shown, or ours when it sends none.
 */
export function privacyMessage(
  result: { resultsAvailable: boolean; message: string | null } | undefined,
): string | null {
  if (!result || result.resultsAvailable) return null
  return result.message ?? hcStrings.tooFew
}

/** Expected responses input (admin spec §5): these keys are blocked. */
export const BLOCKED_NUMBER_KEYS: readonly string[] = ['e', 'E', '+', '-', '.', ',']

/** Validation of the expected-responses value (admin spec §5): required, a whole number of at least 1. */
export function expectedResponsesError(value: string): string | null {
  const text = value.trim()
  if (text === '') return hcStrings.expectedRequired
  if (!/^\d+$/.test(text) || Number(text) < 1) return hcStrings.expectedInvalid
  return null
}

/** A date as YYYY-MM-DD in UTC, the time zone of the server's survey quarters. */
export function formatDate(iso: string): string {
  const at = new Date(iso)
  return Number.isNaN(at.getTime()) ? iso : at.toISOString().slice(0, 10)
}

/** The survey preview route (admin spec §2): the questions without recording. */
export function previewPath(inviteCode: string): string {
  return `/Questionnaire/SurveyQuestions?inviteCode=${encodeURIComponent(inviteCode)}&Preview=true`
}
