// The anonymous survey's words, apart from the dashboard's strings so that its own light page
// (src/survey-main.tsx) carries only these; translated through the survey's catalogs
// (src/locales, ids `survey.*`). Questions and answers are data: they come with the questionnaire,
// in a reviewed translation when there is one (docs/translators.md "The survey's questions").
import { message, registerStrings } from '../../i18n/runtime'

export const surveyStrings = registerStrings('survey', {
  appName: 'GBVF Dashboard',
  title: 'Health check survey – GBVF Dashboard',
  savedOffline: 'Saved on this phone. It will be sent when you are back online.',
  sentAt: message<[Date]>(
    'Thank you. Your response was sent on {at, date, medium} at {at, time, short} and has been recorded.',
    'at',
  ),
  alreadyAnswered: 'You have already completed this survey. Thank you for taking part.',
  generic: 'An error has occurred. Please try again later.',
  invalidLink: 'This survey link is not valid. Please check the link you were sent.',
  loading: 'Loading the survey…',
  answerOne: 'Please answer at least one question before submitting.',
  example: 'Example data: this survey belongs to an example organisation.',
  preview: 'Preview: answers are not recorded.',
  intro:
    'This survey is anonymous: we do not record your name, e-mail address or device. You may skip any question. Results are shown to your organisation only once at least 5 people have answered.',
  questionsInEnglish:
    'The questions are in English: they have not yet been translated into this language and checked by a first-language speaker.',
  chooseAll: ' (choose all that apply)',
  /** Question categories by id (admin spec §3): the page's words, not the questionnaire's. */
  categories: {
    1: 'Behaviours',
    2: 'Practices',
    3: 'Policies',
    4: 'General',
    5: 'Demographic',
  },
  answered: message<[number, number]>(
    '{answered, number} of {total, plural, one {# question} other {# questions}} answered',
    'answered',
    'total',
  ),
  submit: 'Submit survey',
} as const)
