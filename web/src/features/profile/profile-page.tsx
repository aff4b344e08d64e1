// Profile (section 2): full name, title, job role, telephone, mobile and the read-only e-mail,
// with Edit, Save and Cancel. A successful save leaves edit mode (section 4); a refused one shows
// each error as 'code: description' joined by ' -- ' (section 8). Building-block admins get a
// header of their own colour.
import { useRef, useState } from 'react'
import { useGetUserJobRolesQuery, useGetUserTitlesQuery } from '../../api/auth-api'
import { errorsByField, failureOf, joinedCodeDescriptions } from '../../api/errors'
import { useGetProfileQuery, useUpdateProfileMutation } from '../../api/profile-api'
import { FormMessage, SelectField, SubmitButton, TextField, useFocusFirstInvalid } from '../../components/form'
import { ErrorMessage, Spinner } from '../../components/status'
import { strings } from '../../config/strings'
import { useDocumentTitle } from '../../lib/use-document-title'
import {
  collect,
  contactNumberErrors,
  digitsOnly,
  hasErrors,
  nameErrors,
  plainApostrophes,
  requiredErrors,
  type FieldErrors,
} from '../../lib/validation'
import type { ProfileForm as ProfileBody } from '../../api/generated'
import type { UserProfile } from '../../api/generated'

const p = strings.profile

/** Field names are the server's error codes. */
interface ProfileForm {
  fullName: string
  titleId: string
  jobRole: string
  alternativeNumber: string
  mobileNumber: string
}
type ProfileField = keyof ProfileForm

function formOf(profile: UserProfile): ProfileForm {
  return {
    fullName: profile.fullName ?? '',
    titleId: profile.titleId != null ? String(profile.titleId) : '',
    jobRole: profile.jobRole != null ? String(profile.jobRole) : '',
    alternativeNumber: digitsOnly(profile.alternativeNumber ?? ''),
    mobileNumber: digitsOnly(profile.mobileNumber ?? ''),
  }
}

/** Section 5 profile rules: full name valid, title and job role required, phones by the phone rule. */
export function validateProfile(form: ProfileForm): FieldErrors<ProfileField> {
  return collect<ProfileField>({
    fullName: nameErrors(form.fullName, p.fullName),
    titleId: requiredErrors(form.titleId, p.titleField),
    jobRole: requiredErrors(form.jobRole, p.jobRole),
    mobileNumber: contactNumberErrors(form.mobileNumber),
    alternativeNumber: contactNumberErrors(form.alternativeNumber, false),
  })
}

export function ProfilePage() {
  useDocumentTitle(p.title)
  const profile = useGetProfileQuery()
  const titles = useGetUserTitlesQuery()
  const roles = useGetUserJobRolesQuery()
  const [update] = useUpdateProfileMutation()
  const [form, setForm] = useState<ProfileForm | null>(null)
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({})
  const [general, setGeneral] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, attempt)

  if (profile.isLoading) return <Spinner />
  if (!profile.data) return <ErrorMessage />
  const data = profile.data.data
  const titleOf = (id: number | null) => titles.data?.find((t) => t.titleId === id)?.description
  const roleOf = (id: number | null) => roles.data?.find((r) => r.roleId === id)?.description
  const editing = form != null

  const set = (field: ProfileField) => (value: string) => {
    setForm((f) => (f ? { ...f, [field]: value } : f))
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e))
  }

  function edit() {
    setForm(formOf(data))
    setErrors({})
    setGeneral(null)
    setNotice(null)
  }

  function cancel() {
    setForm(null)
    setErrors({})
    setGeneral(null)
  }

  async function save(event: React.FormEvent) {
    event.preventDefault()
    if (!form) return
    setGeneral(null)
    const found = validateProfile(form)
    setErrors(found)
    if (hasErrors(found)) {
      setAttempt((n) => n + 1)
      return
    }
    setBusy(true)
    try {
      const result = await update({
        profileForm: {
          fullName: plainApostrophes(form.fullName.trim()),
          // The selects offer the server's reference lists; the server refuses any other id.
          titleId: Number(form.titleId) as ProfileBody['titleId'],
          jobRole: Number(form.jobRole) as ProfileBody['jobRole'],
          mobileNumber: digitsOnly(form.mobileNumber),
          alternativeNumber: digitsOnly(form.alternativeNumber),
        },
      }).unwrap()
      setForm(null)
      setNotice(result.message || null)
    } catch (error) {
      const failure = failureOf(error, strings.errors.errorUpdatingProfile)
      setErrors(errorsByField(failure.errors))
      setGeneral(failure.status == null ? strings.errors.errorUpdatingProfile : joinedCodeDescriptions(failure))
    } finally {
      setBusy(false)
    }
  }

  const shown = (value: string | null | undefined) => value || <span className="profile__empty">{p.notProvided}</span>

  return (
    <section className="profile" aria-labelledby="profile-title">
      <header
        className={`profile__header ${data.isBuildingBlockAdmin ? 'profile__header--building-block' : ''}`}
        data-testid="profile-header"
      >
        <h1 id="profile-title">{p.title}</h1>
        <p className="profile__name">{data.fullName}</p>
        {data.isBuildingBlockAdmin ? <p className="profile__role">{p.buildingBlockAdmin}</p> : null}
      </header>
      <div className="profile__body">
        {editing ? (
          <form ref={formRef} onSubmit={(e) => void save(e)} noValidate className="auth-form">
            <div className="form-grid">
              <TextField
                name="fullName"
                label={p.fullName}
                value={form.fullName}
                onChange={set('fullName')}
                errors={errors.fullName}
                autoComplete="name"
              />
              <SelectField
                name="titleId"
                label={p.titleField}
                value={form.titleId}
                onChange={set('titleId')}
                errors={errors.titleId}
                choices={(titles.data ?? []).map((t) => ({ value: t.titleId, label: t.description }))}
              />
              <SelectField
                name="jobRole"
                label={p.jobRole}
                value={form.jobRole}
                onChange={set('jobRole')}
                errors={errors.jobRole}
                choices={(roles.data ?? []).map((r) => ({ value: r.roleId, label: r.description }))}
              />
              <TextField
                name="alternativeNumber"
                type="tel"
                inputMode="tel"
                label={p.telephone}
                optional
                value={form.alternativeNumber}
                onChange={(v) => set('alternativeNumber')(digitsOnly(v))}
                errors={errors.alternativeNumber}
                hint={strings.auth.telephoneHint}
              />
              <TextField
                name="mobileNumber"
                type="tel"
                inputMode="tel"
                label={p.mobile}
                value={form.mobileNumber}
                onChange={(v) => set('mobileNumber')(digitsOnly(v))}
                errors={errors.mobileNumber}
                autoComplete="tel"
                hint={strings.auth.telephoneHint}
              />
              <TextField
                name="email"
                type="email"
                label={p.email}
                value={data.email}
                onChange={() => {}}
                readOnly
                hint={p.emailReadOnly}
              />
            </div>
            <div className="auth-form__buttons">
              <button type="button" className="button button--outline" onClick={cancel} disabled={busy}>
                {p.cancel}
              </button>
              <SubmitButton busy={busy} label={p.save} busyLabel={p.saving} />
            </div>
            <FormMessage error={general} />
          </form>
        ) : (
          <>
            <dl className="profile__details" data-testid="profile-details">
              <div>
                <dt>{p.fullName}</dt>
                <dd>{shown(data.fullName)}</dd>
              </div>
              <div>
                <dt>{p.titleField}</dt>
                <dd>{shown(titleOf(data.titleId))}</dd>
              </div>
              <div>
                <dt>{p.jobRole}</dt>
                <dd>{shown(roleOf(data.jobRole))}</dd>
              </div>
              <div>
                <dt>{p.telephone}</dt>
                <dd>{shown(digitsOnly(data.alternativeNumber ?? ''))}</dd>
              </div>
              <div>
                <dt>{p.mobile}</dt>
                <dd>{shown(digitsOnly(data.mobileNumber ?? ''))}</dd>
              </div>
              <div>
                <dt>{p.email}</dt>
                <dd>{data.email}</dd>
              </div>
            </dl>
            <div className="auth-form__buttons">
              <button type="button" className="button button--primary" onClick={edit}>
                {p.edit}
              </button>
            </div>
            <FormMessage notice={notice} />
          </>
        )}
      </div>
    </section>
  )
}
