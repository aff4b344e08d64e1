// /buildingBlock/manage/:boundaryId/:bldId (public spec §2 "Manage building block"): one
// municipality's providers of one building block. Read-only mode shows the details; Edit
// (EditBuildingBlock) opens edit mode, whose save records and submits the details; a submitted
// or returned provider links to its review (building-block-review.tsx), where the province's
// designated person (ValidateBuildingBlock) verifies or returns it
// (docs/decisions/0056-the-verification-queue-and-the-review.md). `?provider=<id>` selects a
// provider. Validation and messages of §5 and §8.

import { formatDateTime } from '../../lib/instant'
import { useEffect, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { skipToken } from '@reduxjs/toolkit/query'
import { ErrorMessage, Spinner } from '../../components/status'
import { Action } from '../../config/constants'
import { useDocumentTitle } from '../../lib/use-document-title'
import { can } from '../../session/landing'
import { useSession } from '../../session/use-session'
import type { BuildingBlockDetails, ContactPersonDetails, Done, ErrorBody } from '../../api/generated'
import {
  associatedArgs,
  useGetBuildingBlocksAssociatedToUserQuery,
  useGetProviderHistoryQuery,
  useGetProvidersOnMunicipalityQuery,
  useGetProviderWithRequirementsQuery,
  useUpdateProviderMutation,
  useDeleteContactPersonMutation,
} from './building-block-api'
import { Modal } from '../../components/modal'
import { decodeId } from './building-block-dashboard'
import { reviewPath } from './building-block-queue'
import { bbStrings as t, deleteContactQuestion } from './building-block-strings'
import { ProposeClosure, closurePending } from './building-block-closure'
import { errorText } from './building-block-proposals'

/** A contact person of the form: one of the provider's, or a new one (no id yet). */
interface Person extends Omit<ContactPersonDetails, 'contactPersonId'> {
  contactPersonId?: string
  buildingBlockRequirementId: number
  key: string
}
interface Form {
  physicalAddress: string
  postalAddress: string
  receptionNumber: string
  alternateNumber: string
  emailAddress: string
  available: number[]
  persons: Person[]
}
type Errors = Record<string, string>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function formOf(p: BuildingBlockDetails): Form {
  const contact = (type: number) => p.contacts.find((c) => c.contactTypeId === type)?.detail ?? ''
  return {
    physicalAddress: p.address.addressLine1 ?? '',
    postalAddress: p.address.addressLine2 ?? '',
    receptionNumber: contact(3),
    alternateNumber: contact(4),
    emailAddress: contact(1),
    available: p.buildingBlockRequirements.filter((r) => r.available).map((r) => r.buildingBlockRequirementId),
    persons: p.buildingBlockRequirements.flatMap((r) =>
      r.stakeholderContactPerson.map((c, i) => ({
        ...c,
        buildingBlockRequirementId: r.buildingBlockRequirementId,
        key: `${r.buildingBlockRequirementId}-${i}`,
      })),
    ),
  }
}

/** Client-side checks of §5 (the server checks the same). */
export function validate(form: Form, shelter: boolean): Errors {
  const e: Errors = {}
  const digits = (v: string | null) => !v || /^\d+$/.test(v.replace(/\s/g, ''))
  const ten = (v: string | null) => !v || /^\d{10}$/.test(v.replace(/\s/g, ''))
  if (!shelter && !form.physicalAddress.trim()) e.physicalAddress = t.physicalRequired
  if (!digits(form.receptionNumber)) e.receptionNumber = t.digitsOnly
  if (!digits(form.alternateNumber)) e.alternateNumber = t.digitsOnly
  if (form.emailAddress.trim() && !EMAIL.test(form.emailAddress.trim())) e.emailAddress = t.invalidEmail
  form.persons.forEach((p) => {
    if (!p.fullName.trim()) e[`${p.key}.fullName`] = t.nameRequired
    for (const f of ['mobileNumber', 'telephoneNumber', 'alternateNumber'] as const) {
      if (!ten(p[f])) e[`${p.key}.${f}`] = t.tenDigits
    }
    if (p.emailAddress?.trim() && !EMAIL.test(p.emailAddress.trim())) e[`${p.key}.emailAddress`] = t.invalidEmail
  })
  return e
}

function Field({
  label,
  value,
  onChange,
  error,
  readOnly,
  inputMode,
}: {
  label: string
  value: string
  onChange: (v: string) => void
  error?: string
  readOnly: boolean
  inputMode?: 'numeric' | 'email'
}) {
  return (
    <label className={`form-field ${error ? 'form-field--invalid' : ''}`}>
      <span>{label}</span>
      <input
        value={value}
        readOnly={readOnly}
        inputMode={inputMode}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <span className="field-errors" role="alert">
          {error}
        </span>
      ) : null}
    </label>
  )
}

function message(a: Done | undefined, fallback: string): string {
  return a?.message || fallback
}

export function ManageBuildingBlock() {
  const params = useParams()
  const municipalityId = decodeId(params.boundaryId)
  const buildingBlockId = decodeId(params.bldId)
  const { session } = useSession()
  const mayEdit = can(session, Action.EditBuildingBlock)
  const [search] = useSearchParams()
  const asked = Number(search.get('provider')) || null
  const associated = useGetBuildingBlocksAssociatedToUserQuery(associatedArgs(municipalityId ?? null), {
    skip: municipalityId == null,
  })
  const providers = useGetProvidersOnMunicipalityQuery(
    municipalityId && buildingBlockId ? { boundaryStakeholderId: municipalityId, buildingBlockId } : skipToken,
  )
  const [selected, setSelected] = useState<number | null>(null)
  const stakeholderId =
    selected ??
    providers.data?.find((x) => x.stakeholderId === asked)?.stakeholderId ??
    providers.data?.[0]?.stakeholderId ??
    null
  const details = useGetProviderWithRequirementsQuery(
    stakeholderId && buildingBlockId ? { stakeholderId, buildingBlockId } : skipToken,
  )
  const history = useGetProviderHistoryQuery(stakeholderId ? { stakeholderId } : skipToken)
  const [update, updating] = useUpdateProviderMutation()
  const [deleteContactPerson, deleting] = useDeleteContactPersonMutation()
  // A saved contact person whose Delete waits for confirmation (a new one is only dropped from
  // the form): the specification's DeleteStakeholderById removes them at once.
  const [removing, setRemoving] = useState<Person | null>(null)
  const [editing, setEditing] = useState(false)
  const [form, setForm] = useState<Form | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null)

  const muni = associated.data?.find((m) => m.stakeholderId === municipalityId)
  const block = muni?.buildingBlockCategories
    .flatMap((c) => c.buildingBlocks)
    .find((b) => b.buildingBlockId === buildingBlockId)
  useDocumentTitle(`${block?.description ?? t.title} – ${muni?.name ?? ''}`)
  useEffect(() => {
    if (details.currentData && !editing) setForm(formOf(details.currentData))
  }, [details.currentData, editing])
  // The details of the provider selected now: while another's load, none (never the previous
  // provider's form, which Edit would otherwise submit for the new one).
  const p = details.currentData
  const readOnly = !editing
  const set = (patch: Partial<Form>) => setForm((f) => (f ? { ...f, ...patch } : f))
  const setPerson = (key: string, patch: Partial<Person>) =>
    set({ persons: form!.persons.map((x) => (x.key === key ? { ...x, ...patch } : x)) })
  // Spec §4 accordion: one open requirement at a time; opening one disables the others.
  const [open, setOpen] = useState<number | null>(null)

  if (municipalityId == null || buildingBlockId == null) return <ErrorMessage />
  if (providers.isLoading || associated.isLoading) return <Spinner />
  if (providers.isError || associated.isError) return <ErrorMessage />

  async function save() {
    if (!form || !p) return
    const found = validate(form, p.isShelter)
    setErrors(found)
    if (Object.keys(found).length) {
      setNotice({ ok: false, text: t.correctErrors })
      return
    }
    const result = await update({
      updateBody: {
        stakeholderId: p.stakeholderId,
        buildingBlockId: p.buildingBlockId,
        physicalAddress: form.physicalAddress,
        postalAddress: form.postalAddress,
        receptionNumber: form.receptionNumber,
        alternateNumber: form.alternateNumber,
        emailAddress: form.emailAddress,
        buildingBlockRequirements: form.available,
        contactPersons: form.persons.map(({ key: _key, contactPersonId: _id, ...rest }) => rest),
      },
    })
    if ('data' in result && result.data?.success) {
      setNotice({ ok: true, text: message(result.data, t.updated) })
      setEditing(false)
    } else {
      const data = 'error' in result ? (result.error as { data?: Partial<ErrorBody> }).data : undefined
      const fieldErrors: Errors = {}
      data?.errors?.forEach((e) => {
        if (e.code === 'physicalAddress') fieldErrors.physicalAddress = e.description
      })
      setErrors(fieldErrors)
      setNotice({ ok: false, text: data?.message ?? t.notUpdated })
    }
  }

  async function removeContactPerson(x: Person) {
    if (!p || !x.contactPersonId) return
    const result = await deleteContactPerson({
      buildingBlockId: p.buildingBlockId,
      stakeholderId: x.contactPersonId,
      bldBlockstakeholderId: p.stakeholderId,
    })
    setRemoving(null)
    if ('data' in result && result.data?.success) {
      setNotice({ ok: true, text: message(result.data, t.contactDeleted) })
      setForm((f) => (f ? { ...f, persons: f.persons.filter((y) => y.key !== x.key) } : f))
    } else setNotice({ ok: false, text: errorText(result, t.contactNotDeleted) })
  }

  return (
    <section className="bb-manage" aria-labelledby="bb-manage-title">
      {removing ? (
        <Modal
          title={t.deleteContactTitle}
          onClose={() => setRemoving(null)}
          footer={
            <>
              <button type="button" className="button button--outline" onClick={() => setRemoving(null)}>
                {t.cancel}
              </button>
              <button
                type="button"
                className="button button--danger"
                disabled={deleting.isLoading}
                onClick={() => void removeContactPerson(removing)}
              >
                {t.deleteContact}
              </button>
            </>
          }
        >
          <p>{deleteContactQuestion(removing.fullName)}</p>
        </Modal>
      ) : null}
      <header className="bb-manage__header">
        <h1 id="bb-manage-title">
          {muni?.name} · {block?.description}
        </h1>
        <p>
          {t.numberOfUpdates}:{' '}
          <strong data-testid="bb-updates">
            {block?.totalVerifiedBuildingBlockCount ?? 0}/{block?.totalBuildingBlockCount ?? 0}
          </strong>
        </p>
      </header>
      <label className="form-field">
        <span>{t.selectProvider}</span>
        <select
          value={stakeholderId ?? ''}
          disabled={editing}
          onChange={(e) => {
            setSelected(Number(e.target.value))
            setNotice(null)
          }}
        >
          {(providers.data ?? []).map((x) => (
            <option key={x.stakeholderId} value={x.stakeholderId}>
              {x.name} ({t.status[x.status] ?? x.status})
            </option>
          ))}
        </select>
      </label>
      {notice ? (
        <p className={notice.ok ? 'form-notice' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      {details.isFetching && !p ? (
        <Spinner />
      ) : p && form ? (
        <form
          className="bb-form"
          onSubmit={(e) => {
            e.preventDefault()
            void save()
          }}
          noValidate
        >
          <p className="bb-status">{t.status[p.status] ?? p.status}</p>
          {p.isShelter ? (
            <p className="form-field__hint">{t.shelterNote}</p>
          ) : (
            <>
              <Field
                label={t.physicalAddress}
                value={form.physicalAddress}
                readOnly={readOnly}
                error={errors.physicalAddress}
                onChange={(v) => set({ physicalAddress: v })}
              />
              <Field
                label={t.postalAddress}
                value={form.postalAddress}
                readOnly={readOnly}
                onChange={(v) => set({ postalAddress: v })}
              />
            </>
          )}
          <Field
            label={t.receptionNumber}
            value={form.receptionNumber}
            readOnly={readOnly}
            inputMode="numeric"
            error={errors.receptionNumber}
            onChange={(v) => set({ receptionNumber: v })}
          />
          <Field
            label={t.alternateNumber}
            value={form.alternateNumber}
            readOnly={readOnly}
            inputMode="numeric"
            error={errors.alternateNumber}
            onChange={(v) => set({ alternateNumber: v })}
          />
          <Field
            label={t.emailAddress}
            value={form.emailAddress}
            readOnly={readOnly}
            inputMode="email"
            error={errors.emailAddress}
            onChange={(v) => set({ emailAddress: v })}
          />
          <fieldset className="bb-requirements">
            <legend>{t.requirements}</legend>
            {p.buildingBlockRequirements.map((r) => {
              const rid = r.buildingBlockRequirementId
              const people = form.persons.filter((x) => x.buildingBlockRequirementId === rid)
              const isOpen = open === rid
              return (
                <div key={rid} className="bb-requirement">
                  <label className="check">
                    <input
                      type="checkbox"
                      disabled={readOnly}
                      checked={form.available.includes(rid)}
                      onChange={(e) =>
                        set({
                          available: e.target.checked
                            ? [...form.available, rid]
                            : form.available.filter((x) => x !== rid),
                        })
                      }
                    />
                    {r.name}
                  </label>
                  <button
                    type="button"
                    className="text-button"
                    aria-expanded={isOpen}
                    disabled={open != null && !isOpen}
                    onClick={() => setOpen(isOpen ? null : rid)}
                  >
                    {isOpen ? '−' : '+'} {people.length} contact person(s)
                  </button>
                  {isOpen ? (
                    <div className="bb-persons">
                      {p?.isShelter ? null : (
                        <p id="bb-public-hint" className="field-hint">
                          {t.publicHint}
                        </p>
                      )}
                      {people.map((x) => (
                        <div key={x.key} className="bb-person">
                          <Field
                            label={t.fullName}
                            value={x.fullName}
                            readOnly={readOnly}
                            error={errors[`${x.key}.fullName`]}
                            onChange={(v) => setPerson(x.key, { fullName: v })}
                          />
                          <Field
                            label={t.mobileNumber}
                            value={x.mobileNumber ?? ''}
                            readOnly={readOnly}
                            inputMode="numeric"
                            error={errors[`${x.key}.mobileNumber`]}
                            onChange={(v) => setPerson(x.key, { mobileNumber: v })}
                          />
                          <Field
                            label={t.emailAddress}
                            value={x.emailAddress ?? ''}
                            readOnly={readOnly}
                            inputMode="email"
                            error={errors[`${x.key}.emailAddress`]}
                            onChange={(v) => setPerson(x.key, { emailAddress: v })}
                          />
                          <Field
                            label={t.telephoneNumber}
                            value={x.telephoneNumber ?? ''}
                            readOnly={readOnly}
                            inputMode="numeric"
                            error={errors[`${x.key}.telephoneNumber`]}
                            onChange={(v) => setPerson(x.key, { telephoneNumber: v })}
                          />
                          <Field
                            label={t.alternateNumber}
                            value={x.alternateNumber ?? ''}
                            readOnly={readOnly}
                            inputMode="numeric"
                            error={errors[`${x.key}.alternateNumber`]}
                            onChange={(v) => setPerson(x.key, { alternateNumber: v })}
                          />
                          <Field
                            label={t.jobRole}
                            value={x.jobRole ?? ''}
                            readOnly={readOnly}
                            onChange={(v) => setPerson(x.key, { jobRole: v })}
                          />
                          {p?.isShelter ? (
                            <p className="bb-person__consent">{t.shelterPersonsInternal}</p>
                          ) : editing ? (
                            <label className="bb-person__consent form-check">
                              <input
                                type="checkbox"
                                checked={x.isPublic}
                                aria-describedby="bb-public-hint"
                                onChange={(e) => setPerson(x.key, { isPublic: e.target.checked })}
                              />
                              {t.isPublic}
                            </label>
                          ) : (
                            <p className="bb-person__consent">{x.isPublic ? t.shownInPublic : t.internalOnly}</p>
                          )}
                          {editing ? (
                            <button
                              type="button"
                              className="button"
                              data-testid="bb-delete-contact"
                              onClick={() =>
                                x.contactPersonId
                                  ? setRemoving(x)
                                  : set({ persons: form.persons.filter((y) => y.key !== x.key) })
                              }
                            >
                              {t.deleteContact}
                            </button>
                          ) : null}
                        </div>
                      ))}
                      {editing ? (
                        <button
                          type="button"
                          className="button"
                          onClick={() =>
                            set({
                              persons: [
                                ...form.persons,
                                {
                                  key: `new-${Date.now()}`,
                                  buildingBlockRequirementId: rid,
                                  fullName: '',
                                  jobRole: null,
                                  mobileNumber: null,
                                  emailAddress: null,
                                  telephoneNumber: null,
                                  alternateNumber: null,
                                  isPublic: false,
                                },
                              ],
                            })
                          }
                        >
                          {t.addContact}
                        </button>
                      ) : null}
                    </div>
                  ) : null}
                </div>
              )
            })}
          </fieldset>
          <div className="bb-actions">
            {editing ? (
              <>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    setEditing(false)
                    setErrors({})
                    setNotice(null)
                  }}
                >
                  {t.cancel}
                </button>
                <button key="save" type="submit" className="button button--primary" disabled={updating.isLoading}>
                  {t.save}
                </button>
              </>
            ) : (
              <>
                <Link to="/buildingBlock/" className="button">
                  {t.back}
                </Link>
                {mayEdit ? (
                  <button
                    key="edit"
                    type="button"
                    className="button button--primary"
                    onClick={(e) => {
                      // The save button takes this one's place as the click re-renders; without
                      // the key (React would reuse this element, now type=submit) and without
                      // cancelling the click, the browser would submit the unchanged details.
                      e.preventDefault()
                      setEditing(true)
                      setNotice(null)
                    }}
                  >
                    {t.edit}
                  </button>
                ) : null}
                {p.status === 'submitted' || p.status === 'returned' ? (
                  <Link to={reviewPath(p.stakeholderId)} className="button" data-testid="bb-review-link">
                    {t.reviewChanges}
                  </Link>
                ) : null}
              </>
            )}
          </div>
        </form>
      ) : null}
      {p && !editing && can(session, Action.DeleteBuildingBlock) ? (
        <ProposeClosure
          key={p.stakeholderId}
          stakeholderId={p.stakeholderId}
          name={p.name}
          pending={closurePending(history.data?.history ?? [])}
        />
      ) : null}
      {history.data?.history.length ? (
        <section className="bb-history" aria-labelledby="bb-history-title">
          <h2 id="bb-history-title">{t.history}</h2>
          <ol>
            {history.data.history.map((h) => (
              <li key={h.sequence}>
                <time dateTime={h.at}>{formatDateTime(h.at)}</time> · <strong>{h.event}</strong> · {h.actorName} ·{' '}
                {h.detail}
              </li>
            ))}
          </ol>
          <a href={`/api/buildingblock/history?stakeholderId=${stakeholderId}&format=csv`}>{t.historyCsv}</a>
        </section>
      ) : null}
    </section>
  )
}
