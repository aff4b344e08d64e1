// /Questionnaire/SurveyQuestions?inviteCode=…: the anonymous health-check survey (no account).
import { useLocation } from 'react-router'
import { SurveyPage } from '../../features/survey/survey-page'

export function Component() {
  return <SurveyPage search={useLocation().search} />
}
