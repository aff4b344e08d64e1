// What a new survey link (POST /api/healthcheck/inviteCode, generated `generateInviteCode`)
// changes. Two lazily loaded screens make links, each through its own wrapper: the
// organisation's dashboard (features/organisation/health-check-api.ts) and the administrators'
// questionnaire manager (features/admin/questionnaire/questionnaire-api.ts). Both enhance the one
// generated endpoint, and the enhancement that runs last replaces the other's tags, so both give
// this same list: the organisation's survey periods, the questionnaire summaries and the admin
// dashboard's counts.
export const SURVEY_LINK_TAGS = ['OrganisationHealthChecks', 'AdminSurveys', 'AdminDashboard'] as const
