// Entry of the anonymous survey (/Questionnaire/SurveyQuestions, served as survey.html): its
// own bundle without the dashboard's router, header menu, maps and charts, so a respondent's
// first visit on a phone stays light (docs/benchmarks.md "Bytes on a phone"). Quick exit stays.
// Its catalogs hold the survey's words only; another language's is fetched only when chosen.
import { StrictMode, useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { makeStore } from './app/store'
import { LogoMark } from './components/logo'
import { QuickExit } from './components/quick-exit'
import { SurveyPage } from './features/survey/survey-page'
import { surveyStrings } from './features/survey/survey-strings'
import { LanguagePicker, LanguageRoot, TranslationNote } from './i18n/language-picker'
import { startLanguage } from './i18n/locale'
import type { CompiledCatalog } from './i18n/runtime'
import english from './locales/compiled/en.survey.json'
import './styles/base.css'

const catalogs = import.meta.glob<CompiledCatalog>(
  ['./locales/compiled/*.survey.json', '!./locales/compiled/en.survey.json'],
  {
    import: 'default',
  },
)

/** The tab's title, in the reader's language. */
function SurveyTitle() {
  useEffect(() => {
    document.title = surveyStrings.title
  }, [])
  return null
}

void startLanguage(english as unknown as CompiledCatalog, (code) => {
  const load = catalogs[`./locales/compiled/${code}.survey.json`]
  return load ? load() : Promise.reject(new Error(`no catalog for ${code}`))
}).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={makeStore()}>
        <LanguageRoot>
          <SurveyTitle />
          <QuickExit />
          <header className="survey-header">
            <LogoMark size={32} />
            <span className="survey-header__name">{surveyStrings.appName}</span>
            <LanguagePicker className="survey-header__language" />
          </header>
          <TranslationNote />
          <main id="main" tabIndex={-1}>
            <SurveyPage search={window.location.search} />
          </main>
        </LanguageRoot>
      </Provider>
    </StrictMode>,
  ),
)
