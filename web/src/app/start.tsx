// Starts a page of the dashboard (its entry: main.tsx, or embed-main.tsx for the embedded views):
// the reader's language first, then the store and `router` rendered into #root.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { RouterProvider } from 'react-router'
import { makeStore } from './store'
import { LanguageRoot } from '../i18n/language-picker'
import { startLanguage } from '../i18n/locale'
import type { CompiledCatalog } from '../i18n/runtime'
import english from '../locales/compiled/en.json'

// Every other language's catalog is its own chunk, fetched only when chosen.
const catalogs = import.meta.glob<CompiledCatalog>(
  ['../locales/compiled/*.json', '!../locales/compiled/*.survey.json', '!../locales/compiled/{en,languages}.json'],
  { import: 'default' },
)

/** Renders `makeRouter()`'s routes with a new store once the reader's language is loaded. */
export function startPage(makeRouter: () => Parameters<typeof RouterProvider>[0]['router']): void {
  const store = makeStore()
  const router = makeRouter()
  void startLanguage(english as unknown as CompiledCatalog, (code) => {
    const load = catalogs[`../locales/compiled/${code}.json`]
    return load ? load() : Promise.reject(new Error(`no catalog for ${code}`))
  }).then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Provider store={store}>
          <LanguageRoot>
            <RouterProvider router={router} />
          </LanguageRoot>
        </Provider>
      </StrictMode>,
    ),
  )
}
