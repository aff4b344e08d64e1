// Entry point: the reader's language, store, router, styles.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { RouterProvider } from 'react-router'
import { makeStore } from './app/store'
import { makeRouter } from './app/router'
import { LanguageRoot } from './i18n/language-picker'
import { startLanguage } from './i18n/locale'
import type { CompiledCatalog } from './i18n/runtime'
import english from './locales/compiled/en.json'
import './styles.css'

// Every other language's catalog is its own chunk, fetched only when chosen.
const catalogs = import.meta.glob<CompiledCatalog>(
  ['./locales/compiled/*.json', '!./locales/compiled/*.survey.json', '!./locales/compiled/{en,languages}.json'],
  { import: 'default' },
)

const store = makeStore()
const router = makeRouter()

void startLanguage(english as unknown as CompiledCatalog, (code) => {
  const load = catalogs[`./locales/compiled/${code}.json`]
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
