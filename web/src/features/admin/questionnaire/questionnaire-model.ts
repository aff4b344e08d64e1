// The questionnaire manager's rules (admin spec section 2 "Manage: Questionnaires", sections 4,
// 5 and 9), kept apart from the screen so they can be tested alone.
import type { QuestionnaireSummary } from '../../../api/generated'
import { adminStrings } from '../../../config/admin-strings'

/** Survey status (spec section 4): Active when isCurrent, otherwise Expired. */
export function surveyStatus(s: Pick<QuestionnaireSummary, 'isCurrent'>): 'Active' | 'Expired' {
  return s.isCurrent ? 'Active' : 'Expired'
}

/**
 * The name a survey is filtered by (spec section 2): names with a Student_ or Organisation_
 * prefix count as equal, and so do the versions of one questionnaire ("… (version 2)").
 */
export function surveyFamily(description: string): string {
  return description
    .trim()
    .replace(/^(Student|Organisation)_/i, '')
    .replace(/\s*\(version \d+\)\s*$/i, '')
    .toLowerCase()
}

/** A group of cards under one heading: Staff or Students (spec section 2). */
export interface SurveyGroup {
  questionnaireTypeId: number
  heading: string
  surveys: QuestionnaireSummary[]
}

/**
 * Cards grouped by questionnaire type, Staff first, newest first within a group; the heading is
 * "Staff survey" or "Staff surveys" by count. With `family`, only that survey's versions.
 */
export function groupSurveys(list: QuestionnaireSummary[], family: string | null): SurveyGroup[] {
  const shown = family ? list.filter((s) => surveyFamily(s.questionnaireDescription) === family) : list
  const types = [...new Set(shown.map((s) => s.questionnaireTypeId))].sort((a, b) => a - b)
  return types.map((t) => {
    const surveys = shown
      .filter((s) => s.questionnaireTypeId === t)
      .sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))
    const q = adminStrings.questionnaire
    const heading = t === 2 ? q.studentsHeading(surveys.length) : q.staffHeading(surveys.length)
    return { questionnaireTypeId: t, heading, surveys }
  })
}

/** A progress bar's share, 0..100 (0 when nothing is expected). */
export function share(done: number, of: number): number {
  if (!(of > 0)) return 0
  return Math.min(100, Math.max(0, (done / of) * 100))
}

/** The expected responses typed, or null when the rule is broken. */
export function parseExpectedResponses(raw: string): number | null {
  const t = raw.trim()
  if (!/^\d+$/.test(t)) return null
  const n = Number(t)
  return n >= 1 && n <= 1_000_000 ? n : null
}

/** Section 5: the keys e, E, +, -, dot and comma are blocked in the expected-responses input. */
export const BLOCKED_EXPECTED_KEYS: readonly string[] = ['e', 'E', '+', '-', '.', ',']

/** True for a key the expected-responses input refuses (section 5). */
export function isBlockedExpectedKey(key: string): boolean {
  return BLOCKED_EXPECTED_KEYS.includes(key)
}
