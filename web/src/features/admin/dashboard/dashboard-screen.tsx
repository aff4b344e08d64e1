// /admin/ (section 1 and 2): the Organisations card (new applications received, last updated,
// View all) and the Surveys card (participating against approved organisations, actual against
// expected responses, last updated). Manage links show only with ViewOrganisations: the
// Organisations card's is inactive, the Surveys card's goes to the questionnaire manager.
import { Link } from 'react-router'
import { Action } from '../../../config/constants'
import { adminStrings } from '../../../config/admin-strings'
import { strings } from '../../../config/strings'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { landingFor, permissionsOf } from '../../../session/landing'
import { useSession } from '../../../session/use-session'
import { useGetAdminDashboardQuery } from '../admin-api'
import { adminPaths } from '../admin-paths'
import { formatDateTime } from '../../../lib/instant'
import { ExampleData, LoadFailure, PageHeader } from '../components/admin-ui'
import { useBusy } from '../components/busy'
import { usePermission } from '../use-permissions'
import type { AdminDashboard } from '../../../api/generated'
import { progressTone } from './dashboard-model'

const d = adminStrings.dashboard

function DashboardScreen() {
  useDocumentTitle(d.title)
  const { session } = useSession()
  const allowed = usePermission()
  const dashboard = useGetAdminDashboardQuery(undefined, { refetchOnMountOrArgChange: true })
  useBusy(dashboard.isLoading)
  const canManage = allowed(Action.ViewOrganisations)
  const landing = landingFor(permissionsOf(session))
  const others = [landing.main, ...landing.alternatives].filter((a) => a && a.path !== adminPaths.dashboard)

  return (
    <section aria-labelledby="admin-title" className="admin-dashboard">
      <PageHeader title={d.title}>
        {session.user ? <p className="admin-muted">{d.signedInAs(session.user.name)}</p> : null}
      </PageHeader>
      {dashboard.isError ? <LoadFailure error={dashboard.error} /> : null}
      {dashboard.isSuccess ? <Cards data={dashboard.data?.[0] ?? emptyDashboard} canManage={canManage} /> : null}
      <p className="admin-dashboard__links">
        <Link to={adminPaths.usersGroups} className="button button--primary">
          {d.manageUsersAndGroups}
        </Link>
      </p>
      {others.length ? (
        <nav aria-label={strings.areas.alsoAvailable} className="admin-dashboard__others">
          <h2>{strings.areas.alsoAvailable}</h2>
          <ul>
            {others.map((a) => (
              <li key={a!.path}>
                <Link to={a!.path}>{a!.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  )
}

const emptyDashboard: AdminDashboard = {
  example: false,
  inProgressCount: 0,
  lastUpdatedOrganisationDate: null,
  lastUpdatedQuestionnaireDate: null,
  healthCheckParticipants: 0,
  approvedOrganisationsCount: 0,
  actualResponses: 0,
  expectedResponses: 0,
}

function LastUpdated({ value }: { value: string | null }) {
  return (
    <p className="admin-card__updated">
      {d.lastUpdated}: {value ? <time dateTime={value}>{formatDateTime(value)}</time> : d.neverUpdated}
    </p>
  )
}

function Cards({ data, canManage }: { data: AdminDashboard; canManage: boolean }) {
  return (
    <div className="admin-cards">
      <article className="admin-card" aria-labelledby="card-organisations" data-testid="organisations-card">
        <header className="admin-card__header">
          <h2 id="card-organisations">{d.organisations}</h2>
          {canManage ? (
            <Link to={adminPaths.organisations} className="admin-card__manage">
              {d.manage}
            </Link>
          ) : null}
        </header>
        <p className="admin-card__figure">
          <span className="admin-card__number" data-testid="in-progress-count">
            {data.inProgressCount}
          </span>
          <span className="admin-card__label">{d.newApplications}</span>
        </p>
        <LastUpdated value={data.lastUpdatedOrganisationDate} />
        <p className="admin-card__footer">
          <Link to={adminPaths.organisations} className="button button--outline" aria-label={d.viewAllApplications}>
            {d.viewAll}
          </Link>
        </p>
      </article>
      <article className="admin-card" aria-labelledby="card-surveys" data-testid="surveys-card">
        <header className="admin-card__header">
          <h2 id="card-surveys">{d.surveys}</h2>
          {canManage ? (
            <Link to={adminPaths.questionnaire} className="admin-card__manage">
              {d.manage}
            </Link>
          ) : null}
        </header>
        <Progress
          label={d.participating}
          text={d.participatingOf(data.healthCheckParticipants, data.approvedOrganisationsCount)}
          value={data.healthCheckParticipants}
          total={data.approvedOrganisationsCount}
          testId="participation"
        />
        <Progress
          label={d.responses}
          text={d.responsesOf(data.actualResponses, data.expectedResponses)}
          value={data.actualResponses}
          total={data.expectedResponses}
          testId="responses"
        />
        {data.example ? <ExampleData note={d.exampleDataNote} /> : null}
        <LastUpdated value={data.lastUpdatedQuestionnaireDate} />
      </article>
      <article className="admin-card" aria-labelledby="card-collective-actions" data-testid="collective-actions-card">
        <header className="admin-card__header">
          <h2 id="card-collective-actions">{strings.actions.admin}</h2>
        </header>
        <p className="admin-card__footer">
          <Link to={adminPaths.collectiveActions} className="button button--outline">
            {strings.actions.record}
          </Link>
        </p>
      </article>
    </div>
  )
}

function Progress({
  label,
  text,
  value,
  total,
  testId,
}: {
  label: string
  text: string
  value: number
  total: number
  testId: string
}) {
  const percent = total > 0 ? Math.min(100, Math.round((value / total) * 100)) : 0
  return (
    <div className="admin-progress" data-testid={testId}>
      <div className="admin-progress__labels">
        <span className="admin-progress__label">{label}</span>
        <span className="admin-progress__text">{text}</span>
      </div>
      <div
        className={`admin-progress__bar admin-progress__bar--${progressTone(value, total)}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}

export { DashboardScreen as Component }
