// /admin/organisations/view/{orgId}/ (sections 2 and 4): the applicant's personal details, the
// organisation's details and address, and its verification status. Holders of
// VerifyOrganisation may Approve (hidden once approved) or Reject with a reason. The decision
// names the status on screen (ExpectedStatusId): when someone else decided first the server
// answers 409, and the screen shows its message and the current state. Success shows the
// server's message and returns to the list.
import { useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import { useLocation, useNavigate, useParams } from 'react-router'
import { Action } from '../../../config/constants'
import { adminStrings } from '../../../config/admin-strings'
import { useDocumentTitle } from '../../../lib/use-document-title'
import type { VerifyBody } from '../../../api/generated'
import { useGetOrganisationQuery, useVerifyOrganisationMutation } from '../admin-api'
import { EmailTemplate, FIRST_PAGE, ORGANISATION_PAGE_SIZE, VerificationStatus } from '../admin-constants'
import { adminFailureOf, ensureSuccess, joinedErrors } from '../admin-errors'
import { formatDateTime } from '../../../lib/instant'
import { adminPaths, textParam } from '../admin-paths'
import { Details, LoadFailure, PageHeader } from '../components/admin-ui'
import { useBusy } from '../components/busy'
import { useToast } from '../components/toasts'
import { usePermission } from '../use-permissions'
import { useSettle } from '../use-settle'
import { RejectModal } from './reject-modal'
import { StatusBadge } from './status'
import { decisionsFor, streetAddress } from './application-model'
import { VerificationHistory } from './verification-history'

const a = adminStrings.application

function ApplicationScreen() {
  const { orgId } = useParams()
  const id = textParam(orgId)
  const location = useLocation()
  const navigate = useNavigate()
  const toast = useToast()
  const allowed = usePermission()
  const org = useGetOrganisationQuery(id ? { id } : skipToken, { refetchOnMountOrArgChange: true })
  const application = org.data?.data
  const [verify, verifying] = useVerifyOrganisationMutation()
  const [rejecting, setRejecting] = useState(false)
  const [conflict, setConflict] = useState<string | null>(null)
  const settle = useSettle()
  useBusy(org.isLoading || verifying.isLoading || settle.settling)
  useDocumentTitle(application?.organisationName ?? a.title)

  const returnTo = (location.state as { returnTo?: string } | null)?.returnTo
  const listPath = adminPaths.organisations + (returnTo ? `?${returnTo}` : '')

  if (id == null) return <LoadFailure error={{ status: 404, data: { message: adminStrings.messages.noData } }} />

  async function decide(statusId: VerifyBody['VerificationStatusId'], template: number, reasons: string) {
    if (!application) return
    const { stakeholderId, organisationName } = application
    setConflict(null)
    try {
      const answer = ensureSuccess(
        await verify({
          verifyBody: {
            VerificationStatusId: statusId,
            StakeholderId: stakeholderId,
            EmailTemplateType: template,
            RejectedReasons: reasons,
            ExpectedStatusId: application.verificationStatusId,
          },
        }).unwrap(),
      )
      // The list reads a projection: wait until it shows the decision before going back to it.
      await settle.organisations(
        {
          statusId: null,
          OrganisationName: organisationName,
          sort: 'asc',
          pageSize: ORGANISATION_PAGE_SIZE,
          pageNumber: FIRST_PAGE,
        },
        (page) => page.data.some((row) => row.stakeholderId === stakeholderId && row.verificationStatusId === statusId),
      )
      setRejecting(false)
      toast.success(answer.message)
      void navigate(listPath)
    } catch (error) {
      const failure = adminFailureOf(error)
      if (failure.status === 409) {
        // Someone decided first: say so, and show what they decided (the mutation's tags reload it).
        setRejecting(false)
        setConflict(failure.message)
      }
      toast.error(joinedErrors(failure))
    }
  }

  const data = application
  const decisions = data
    ? decisionsFor(data.verificationStatusId, allowed(Action.VerifyOrganisation))
    : { approve: false, reject: false }

  return (
    <section aria-labelledby="admin-title" className="admin-application">
      <PageHeader
        title={data?.organisationName ?? a.title}
        back={listPath}
        backLabel={a.back}
        actions={
          data && (decisions.approve || decisions.reject) ? (
            <>
              {decisions.reject ? (
                <button
                  type="button"
                  className="button button--danger-outline"
                  onClick={() => setRejecting(true)}
                  disabled={verifying.isLoading}
                >
                  {a.reject}
                </button>
              ) : null}
              {decisions.approve ? (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={verifying.isLoading}
                  onClick={() => void decide(VerificationStatus.Approved, EmailTemplate.WelcomeMessage, '')}
                >
                  {verifying.isLoading && !rejecting ? a.approving : a.approve}
                </button>
              ) : null}
            </>
          ) : null
        }
      >
        {data ? <p className="admin-muted">{a.title}</p> : null}
      </PageHeader>
      {conflict ? (
        <div className="message message--warning" data-testid="decision-conflict">
          <p>{conflict}</p>
          <p>{a.decisionChanged}</p>
        </div>
      ) : null}
      {org.isError ? <LoadFailure error={org.error} /> : null}
      {data ? (
        <>
          <div className="admin-sections">
            <section className="admin-section" aria-labelledby="personal-details">
              <h2 id="personal-details">{a.personalDetails}</h2>
              <Details
                testId="personal-details-list"
                items={[
                  { label: a.titleField, value: data.title },
                  { label: a.fullName, value: data.name },
                  { label: a.email, value: data.email ? <a href={`mailto:${data.email}`}>{data.email}</a> : null },
                  { label: a.phone, value: data.phone },
                ]}
              />
            </section>
            <section className="admin-section" aria-labelledby="organisation-details">
              <h2 id="organisation-details">{a.organisationDetails}</h2>
              <Details
                testId="organisation-details-list"
                items={[
                  { label: a.organisationName, value: data.organisationName },
                  { label: a.organisationType, value: data.organisationType },
                  { label: a.roleInOrganisation, value: data.jobRole },
                ]}
              />
            </section>
            <section className="admin-section" aria-labelledby="organisation-address">
              <h2 id="organisation-address">{a.physicalAddress}</h2>
              <Details
                testId="organisation-address-list"
                items={[
                  { label: a.streetAddress, value: streetAddress(data) },
                  {
                    label: a.members,
                    value: data.membersInOrganisation != null ? String(data.membersInOrganisation) : null,
                  },
                  {
                    label: a.verificationStatus,
                    value: (
                      <span className="admin-status-cell" data-testid="verification-status">
                        <StatusBadge id={data.verificationStatusId} fallback={data.verificationStatus} />
                        {data.statusDate ? (
                          <time className="admin-muted" dateTime={data.statusDate}>
                            {formatDateTime(data.statusDate)}
                          </time>
                        ) : null}
                      </span>
                    ),
                  },
                ]}
              />
            </section>
          </div>
          <VerificationHistory orgId={data.stakeholderId} />
        </>
      ) : null}
      {rejecting ? (
        <RejectModal
          busy={verifying.isLoading}
          onClose={() => setRejecting(false)}
          onReject={(decision) =>
            void decide(VerificationStatus.Rejected, decision.EmailTemplateType, decision.RejectedReasons)
          }
        />
      ) : null}
    </section>
  )
}

export { ApplicationScreen as Component }
