// Entry of the anonymous survey (/Questionnaire/SurveyQuestions, served as survey.html): its
// own bundle without the dashboard's router, header menu, maps and charts, so a respondent's
// first visit on a phone stays light (docs/benchmarks.md "Bytes on a phone"). Quick exit stays.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { makeStore } from './app/store'
import { LogoMark } from './components/logo'
import { QuickExit } from './components/quick-exit'
import { SurveyPage } from './features/survey/survey-page'
import './styles/base.css'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={makeStore()}>
      <QuickExit />
      <header className="survey-header">
        <LogoMark size={32} />
        <span className="survey-header__name">GBVF Dashboard</span>
      </header>
      <main id="main" tabIndex={-1}>
        <SurveyPage search={window.location.search} />
      </main>
    </Provider>
  </StrictMode>,
)
