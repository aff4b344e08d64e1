// The words of "Cover your tracks" (/cover-your-tracks), linked beside Quick exit on every page.
// The help numbers are South Africa's national ones: SAPS emergency 10111; the GBV Command
// Centre of the Department of Social Development, 0800 428 428 (free, day and night).
import { registerStrings } from '../i18n/runtime'

export const coverYourTracksStrings = registerStrings('coverYourTracks', {
  title: 'Cover your tracks',
  intro:
    'If someone else uses or checks your phone or computer, they may be able to see that you visited this site. These steps make that harder.',
  quickExitTitle: 'Quick exit',
  quickExit:
    'The Quick exit button at the top of every page, or the Escape key pressed twice, hides this site at once and opens a weather forecast in its place. The pages of this site stay one entry in your history, which Quick exit replaces, so the Back button does not bring them back. It does not delete the history of other sites you visited before.',
  privateTitle: 'Use a private window',
  private:
    'A private window keeps no history once you close it: in Chrome, "New Incognito tab"; in Safari, "Private"; in Samsung Internet, "Secret mode"; in Firefox, "New private window".',
  clearTitle: 'Delete this site from your history',
  clearPhone:
    'Chrome on Android: the menu (⋮), then History; remove the pages of this site, or "Delete browsing data". Safari on iPhone: the book icon, then the clock; swipe left on a page to delete it.',
  clearComputer:
    'On a computer, Ctrl+H (Cmd+Y in Safari on a Mac) opens the history, where single pages can be deleted.',
  careful:
    'Deleting all your history may itself be noticed by someone who checks. Deleting only the pages of this site may be safer.',
  helpTitle: 'If you are in danger now',
  help: 'Call the police on 10111, or the GBV Command Centre on 0800 428 428 (free, day and night).',
} as const)
