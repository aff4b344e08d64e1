// Quick exit's words, apart from the other strings so that the survey's own light page
// (src/survey-main.tsx) carries only these.
import { registerStrings } from '../i18n/runtime'

export const quickExitStrings = registerStrings('quickExit', {
  label: 'Quick exit',
  hint: 'Leave this site at once (or press Escape twice).',
  coverYourTracks: 'Cover your tracks',
} as const)
