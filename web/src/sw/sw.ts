// The service worker of the anonymous survey (Workbox through vite-plugin-pwa, injectManifest).
// A respondent on patchy coverage opens an invite link once; after that the survey page, its
// script and that link's questions come from this phone when the network does not answer:
// - the survey's page shell (survey.html; index.html for the dashboard) is precached, nothing
//   else, so the first visit stays light;
// - script and style files (content-hashed, never changing) are kept as they are fetched;
// - a survey page and its questions: network first, the copy kept here when offline; the
//   questions are kept once per link whatever their language (the `language` parameter is left
//   out of the key), so a reader who picks another language offline still has the survey, and
//   its answer says in which language its texts are;
// - a response POSTed while offline is queued by Background Sync where the browser has it,
//   besides the page's own queue (src/features/survey/offline-store.ts); the response key
//   makes a second delivery harmless (the server records a key once).
// The page sends the addresses it loaded before this worker took control ({type:
// 'CACHE_URLS'}), so the first visit is kept too.
import { clientsClaim } from 'workbox-core'
import { BackgroundSyncPlugin } from 'workbox-background-sync'
import { createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] }

const ASSETS = 'gbvf-assets'
const SURVEY = 'gbvf-survey'
const SURVEY_PAGE = /^\/Questionnaire\//i

void self.skipWaiting()
clientsClaim()
precacheAndRoute(self.__WB_MANIFEST)

// Survey pages: the network's copy when it answers within 4 s, else the one kept here, else
// the precached shell (the questions then come from the kept API answer).
const shell = createHandlerBoundToURL('/survey.html')
const surveyPages = new NetworkFirst({ cacheName: SURVEY, networkTimeoutSeconds: 4 })
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        const answer = await surveyPages.handle(options)
        if (answer) return answer
      } catch {
        // Neither network nor a kept copy: the shell.
      }
      return shell(options)
    },
    { allowlist: [SURVEY_PAGE] },
  ),
)
registerRoute(({ url }) => url.pathname.startsWith('/assets/'), new CacheFirst({ cacheName: ASSETS }))
/** The key the questions of a link are kept under: their address without `language`. */
function surveyKey(address: string): string {
  const url = new URL(address)
  if (url.pathname !== '/api/healthcheck/survey') return address
  url.searchParams.delete('language')
  return url.href
}
registerRoute(
  ({ url }) => url.pathname === '/api/healthcheck/survey',
  new NetworkFirst({
    cacheName: SURVEY,
    networkTimeoutSeconds: 4,
    plugins: [{ cacheKeyWillBeUsed: ({ request }) => Promise.resolve(surveyKey(request.url)) }],
  }),
  'GET',
)
registerRoute(
  ({ url }) => url.pathname === '/api/healthcheck/survey',
  new NetworkOnly({ plugins: [new BackgroundSyncPlugin('gbvf-survey-responses', { maxRetentionTime: 7 * 24 * 60 })] }),
  'POST',
)

// What the page loaded before this worker controlled it.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown } | null
  if (data?.type !== 'CACHE_URLS' || !Array.isArray(data.urls)) return
  const urls = data.urls.filter((u): u is string => typeof u === 'string' && u.startsWith(self.location.origin))
  const keep = async () => {
    const assets = await caches.open(ASSETS)
    const survey = await caches.open(SURVEY)
    for (const u of urls) {
      const path = new URL(u).pathname
      const cache = path.startsWith('/assets/')
        ? assets
        : SURVEY_PAGE.test(path) || path === '/api/healthcheck/survey'
          ? survey
          : null
      const key = surveyKey(u)
      if (cache && !(await cache.match(key)))
        await fetch(u)
          .then((answer) => (answer.ok ? cache.put(key, answer) : undefined))
          .catch(() => undefined)
    }
  }
  event.waitUntil(keep())
})
