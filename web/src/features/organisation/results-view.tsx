// /organisation/view/:resId (admin spec §2 "View results"; the id is the encoded health check
// id): stacked bars per question for Policies and Practices, and Organisational Behaviours with
// questions of identical answer categories and scores grouped in one chart; a 0–100 % axis in
// steps of 20 and a tooltip with category and percentage. Under 5 responses the server gives no
// distribution and its privacy message is shown instead.
import { Link, useParams } from 'react-router'
import { BackArrowIcon } from '../../components/icons'
import { ErrorMessage, NoData, Spinner } from '../../components/status'
import { useDocumentTitle } from '../../lib/use-document-title'
import { useGetOrganisationalResultQuery } from './health-check-api'
import { GroupChart, QuestionChart } from './health-check-charts'
import {
  QuestionCategory,
  categoryOf,
  formatPercent,
  groupQuestions,
  privacyMessage,
  singleGroup,
} from './health-check-model'
import { hcStrings as s, resultsTitle } from './health-check-strings'
import { organisationPaths } from './paths'
import type { CategoryResult } from '../../api/generated'
import { strings } from '../../config/strings'
import { formatCount } from '../../lib/format'

/** The results of one health check of the caller's organisation (route component). */
export function ResultsView() {
  const { resId = '' } = useParams()
  const query = useGetOrganisationalResultQuery({ resultBody: { HealthCheckId: resId } }, { skip: !resId })
  const { isLoading, isError } = query
  const data = query.data?.data
  const title = data ? resultsTitle(data.questionnaireType, data.questionnaire) : s.resultsTitleLoading
  useDocumentTitle(title)
  const hidden = privacyMessage(data)
  const categories = data?.questionCategories ?? []
  const policies = categoryOf(categories, QuestionCategory.Policies)
  const practices = categoryOf(categories, QuestionCategory.Practices)
  const behaviours = categoryOf(categories, QuestionCategory.Behaviours)
  const general = categoryOf(categories, QuestionCategory.General)

  let content
  if (!resId || isError) content = <ErrorMessage message={s.resultsFailed} />
  else if (isLoading || !data) content = <Spinner />
  else
    content = (
      <>
        {data.example ? (
          <p className="message hc-example" role="note">
            {s.example}
          </p>
        ) : null}
        <p className="hc-note" data-testid="hc-results-responses">
          {s.responsesNote(data.responses.band, data.expectedResponses)}
        </p>
        <p className="hc-note" data-testid="hc-results-noise">
          {data.privacy.note}
        </p>
        {hidden ? (
          <p className="message hc-privacy" role="note" data-testid="hc-privacy">
            {hidden}
          </p>
        ) : (
          <>
            {data.overallMaturity != null ? (
              <p className="hc-note" data-testid="hc-results-maturity">
                {s.maturity}: <strong>{formatPercent(data.overallMaturity)}</strong>
              </p>
            ) : null}
            <section aria-labelledby="hc-pp" className="hc-results-section" data-testid="hc-policies-practices">
              <h2 id="hc-pp">{s.policiesPractices}</h2>
              {policies || practices ? (
                [policies, practices].map((c) =>
                  c ? <CategoryQuestions key={c.questionCategoryId} category={c} /> : null,
                )
              ) : (
                <NoData message={s.noDataDisplay} />
              )}
            </section>
            <section aria-labelledby="hc-ob" className="hc-results-section" data-testid="hc-behaviours">
              <h2 id="hc-ob">
                {s.behaviours}
                {behaviours?.categoryScore != null ? ` — ${formatPercent(behaviours.categoryScore)}` : ''}
              </h2>
              {behaviours && behaviours.questions.length > 0 ? (
                groupQuestions(behaviours.questions).map((g) => <GroupChart key={g.key} group={g} />)
              ) : (
                <NoData message={s.noDataDisplay} />
              )}
            </section>
            {general && general.questions.length > 0 ? <GeneralQuestions category={general} /> : null}
          </>
        )}
      </>
    )

  return (
    <section className="hc-page" aria-labelledby="hc-results-title">
      <div className="hc-title-row">
        <Link to={organisationPaths.dashboard} className="hc-back" aria-label={s.back} title={s.back}>
          <BackArrowIcon />
        </Link>
        <h1 id="hc-results-title" className="hc-page__title">
          {title}
        </h1>
      </div>
      {content}
    </section>
  )
}

/** A category of Policies and Practices: its score and one stacked bar per question. */
function CategoryQuestions({ category }: { category: CategoryResult }) {
  return (
    <div className="hc-category-block">
      <h3 className="hc-category">
        {category.description}
        {category.categoryScore != null ? ` — ${formatPercent(category.categoryScore)}` : ''}
      </h3>
      {category.questions.map((q) => (
        <QuestionChart key={q.questionId} group={singleGroup(q)} />
      ))}
    </div>
  )
}

/**
 * The General questions ("Where would you go for help", choose all that apply): each answer's
 * share of the question's respondents as the server gives it (percentages only, and only once
 * the results pass the privacy threshold, like every other result).
 */
function GeneralQuestions({ category }: { category: CategoryResult }) {
  const t = strings.surveyResults
  return (
    <section aria-labelledby="hc-general" className="hc-results-section" data-testid="hc-general">
      <h2 id="hc-general">{t.generalTitle}</h2>
      {category.questions.map((q) => (
        <div key={q.questionId} className="hc-question" data-testid="hc-general-question">
          <h3 className="hc-category">{q.description}</h3>
          <p className="hc-note">{t.shareNote(formatCount(q.respondents))}</p>
          <ul className="bar-list" aria-label={q.description}>
            {q.answers.map((a) => (
              <li key={a.possibleAnswerId} className="bar-list__item" data-testid="hc-general-answer">
                <span className="bar-list__label">{a.description}</span>
                <span className="bar-list__value">
                  {a.distributionValue == null ? t.withheld : formatPercent(a.distributionValue)}
                </span>
                <span className="bar-list__bar" aria-hidden="true">
                  <span style={{ width: `${Math.max(0, Math.min(100, a.distributionValue ?? 0))}%` }} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  )
}

export { ResultsView as Component }
