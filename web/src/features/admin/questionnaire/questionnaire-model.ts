// Pure rules of the questionnaire manager (admin spec sections 2, 4 and 5): survey status, the
// Staff and Students groups, the card filter, and the expected-responses input.
import { DISPLAY_UTC_OFFSET_MINUTES } from '../admin-constants'
import type { ActiveQuestionnaire, SummarisedHealthCheck } from '../admin-types'

/** Questionnaire types (section 3). */
export const QuestionnaireType = { Staff: 1, Students: 2 } as const

/** Section 4: Active when isCurrent is true, otherwise Expired. */
export function surveyStatus(survey: Pick<SummarisedHealthCheck, 'isCurrent'>): 'active' | 'expired' {
  return survey.isCurrent ? 'active' : 'expired'
}

/**
 * The name a card filters by (section 2): names with a Student_ or Organisation_ prefix are
 * treated as equal, and so are this product's audience words (the Staff and Students versions
 * of one questionnaire: 'Staff health check 2026 (version 1)' and 'Students health check 2026
 * (version 1)'). Case and spacing do not count.
 */
export function surveyKey(name: string): string {
  return name
    .trim()
    .replace(/^(student|organisation|organization)_/i, '')
    .replace(/^(staff|students?)\b[\s_-]*/i, '')
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase()
}

/** The surveys a card filter leaves: every survey with the same key, or all without a filter. */
export function filterSurveys(surveys: readonly SummarisedHealthCheck[], key: string | null): SummarisedHealthCheck[] {
  if (!key) return [...surveys]
  return surveys.filter((s) => surveyKey(s.questionnaireDescription) === key)
}

export interface SurveyGroup {
  typeId: number
  surveys: SummarisedHealthCheck[]
}

/**
 * Section 2: surveys grouped by questionnaire type, Staff first then Students; within a group
 * active ones first, then the latest effectiveFrom first. Empty groups are left out.
 */
export function groupSurveys(surveys: readonly SummarisedHealthCheck[]): SurveyGroup[] {
  const order = (s: SummarisedHealthCheck) => (s.isCurrent ? 0 : 1)
  const sorted = [...surveys].sort((a, b) => order(a) - order(b) || Date.parse(b.effectiveFrom) - Date.parse(a.effectiveFrom))
  return [QuestionnaireType.Staff, QuestionnaireType.Students]
    .map((typeId) => ({ typeId, surveys: sorted.filter((s) => (s.questionnaireTypeId === QuestionnaireType.Students ? 2 : 1) === typeId) }))
    .filter((g) => g.surveys.length > 0)
}

/** Section 2: Active surveys with an invite code show a Preview link. */
export function previewPath(survey: SummarisedHealthCheck, inviteCode: string | null | undefined): string | null {
  const code = survey.inviteCode ?? inviteCode ?? null
  if (!survey.isCurrent || !code) return null
  return `/Questionnaire/SurveyQuestions?inviteCode=${encodeURIComponent(code)}&Preview=true`
}

/** Section 5: the keys e, E, +, -, dot and comma are blocked in the expected-responses input. */
export const BLOCKED_KEYS: readonly string[] = ['e', 'E', '+', '-', '.', ',']

export function isBlockedKey(key: string): boolean {
  return BLOCKED_KEYS.includes(key)
}

/**
 * Section 5: expected responses is a number, required, at least 1 (a whole number: the blocked
 * keys leave no way to type anything else). Returns the number, or null when the text is not one.
 */
export function parseExpectedResponses(text: string): number | null {
  const t = text.trim()
  if (!/^\d+$/.test(t)) return null
  const n = Number(t)
  return Number.isSafeInteger(n) && n >= 1 && n <= 1_000_000 ? n : null
}

/** Questionnaires a link can be generated for: active ones (effectiveTo in the future, section 4). */
export function linkableQuestionnaires(list: readonly ActiveQuestionnaire[], now = Date.now()): ActiveQuestionnaire[] {
  return list.filter((q) => q.isActive && Date.parse(q.effectiveTo) > now)
}

/** A date (YYYY-MM-DD) in South African time, as the date inputs show it. */
export function sastDate(ms: number): string {
  return new Date(ms + DISPLAY_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10)
}

/** The first day of the quarter of a YYYY-MM-DD date. */
export function quarterStart(date: string): string {
  const [y, m] = date.split('-').map(Number)
  const first = Math.floor((m - 1) / 3) * 3 + 1
  return `${y}-${String(first).padStart(2, '0')}-01`
}

/**
 * The earliest start the server accepts for a period (its quarter must not have ended, and it
 * may not start before the questionnaire): the later of today's quarter start and the
 * questionnaire's effectiveFrom.
 */
export function earliestStart(today: string, questionnaire: Pick<ActiveQuestionnaire, 'effectiveFrom'> | undefined): string {
  const q = quarterStart(today)
  const from = questionnaire ? sastDate(Date.parse(questionnaire.effectiveFrom)) : q
  return from > q ? from : q
}

/**
 * The EffectiveFrom sent for a chosen date: today means now (the server's default); another day
 * means that day's midnight, UTC, so the period falls in that date's quarter.
 */
export function effectiveFromOf(date: string, today: string, now = Date.now()): string {
  return date === today ? new Date(now).toISOString() : `${date}T00:00:00Z`
}
