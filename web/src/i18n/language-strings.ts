// The language picker's and the translation note's words (ids `language.*`), shared by the
// dashboard's header and the survey's own page.
import { registerStrings } from './runtime'

export const languageStrings = registerStrings('language', {
  label: 'Language',
  underReview: 'Translation under review.',
  reportProblem: 'Report a problem with this translation',
  reportSubject: 'Translation problem',
} as const)
