// /Questionnaire/SurveyQuestions?inviteCode=…: the anonymous health-check survey (no account).
import { SurveyPage } from '../../features/survey/survey-page'

export function Component() {
  return <SurveyPage />
}
