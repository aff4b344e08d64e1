// Profile (section 2): full name, title, job role, telephone, mobile and the read-only e-mail,
// with Edit, Save and Cancel. A successful save leaves edit mode (section 4); a refused one shows
// each error as 'code: description' joined by ' -- ' (section 8). Building-block admins get a
// header of their own colour.
import { useState } from 'react'
import { useGetUserJobRolesQuery, useGetUserTitlesQuery } from '../../api/auth-api'
import { errorsByField, failureOf, joinedCodeDescriptions } from '../../api/errors'
import { useGetProfileQuery, useSetNotificationEmailsMutation, useUpdateProfileMutation } from '../../api/profile-api'
import { schemaResolver, showServerErrors, useSchemaForm } from '../../components/bound-fields'
import { FormMessage, SubmitButton, TextField } from '../../components/form'
import { PersonalDetailsFields } from '../../components/personal-details'
import { ErrorMessage, Spinner } from '../../components/status'
import { strings } from '../../config/strings'
import { useDocumentTitle } from '../../lib/use-document-title'
import { digitsOnly } from '../../lib/validation'
import type { UserProfile } from '../../api/generated'
import { formOf, profileDetails, profilePayload, profileSchema, type ProfileForm } from './profile-model'

const p = strings.profile
const resolver = schemaResolver<ProfileForm>(profileSchema)

export function ProfilePage() {
  useDocumentTitle(p.title)
  const profile = useGetProfileQuery()
  const titles = useGetUserTitlesQuery()
  const roles = useGetUserJobRolesQuery()
  const [editing, setEditing] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)

  if (profile.isLoading) return <Spinner />
  if (!profile.data) return <ErrorMessage />
  const data = profile.data.data
  const titleOf = (id: number | null) => titles.data?.find((t) => t.titleId === id)?.description
  const roleOf = (id: number | null) => roles.data?.find((r) => r.roleId === id)?.description

  function edit() {
    setEditing(true)
    setNotice(null)
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
          <ProfileEditForm
            profile={data}
            onSaved={(message) => {
              setEditing(false)
              setNotice(message || null)
            }}
            onCancel={() => setEditing(false)}
          />
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
        {data.isBuildingBlockAdmin ? <NotificationEmails receive={data.buildingBlockEmails} /> : null}
      </div>
    </section>
  )
}

/** The building-block notification e-mails, on or off; saved as soon as the box changes. */
function NotificationEmails({ receive }: { receive: boolean }) {
  const [save, saving] = useSetNotificationEmailsMutation()
  const [failed, setFailed] = useState(false)
  const [saved, setSaved] = useState<string | null>(null)
  async function choose(buildingBlockEmails: boolean) {
    setFailed(false)
    setSaved(null)
    try {
      const answer = await save({ notificationEmailsForm: { buildingBlockEmails } }).unwrap()
      setSaved(answer.message ?? null)
    } catch {
      setFailed(true)
    }
  }
  return (
    <fieldset className="profile__notifications" aria-describedby="notification-emails-hint">
      <legend>{p.notificationsTitle}</legend>
      <div className="form-field form-field--check">
        <div className="check">
          <input
            type="checkbox"
            id="building-block-emails"
            checked={receive}
            disabled={saving.isLoading}
            onChange={(event) => void choose(event.target.checked)}
          />
          <label htmlFor="building-block-emails">{p.buildingBlockEmails}</label>
        </div>
      </div>
      <p id="notification-emails-hint" className="field__hint">
        {p.buildingBlockEmailsHint}
      </p>
      <p role="status" className="profile__saved">
        {saved}
      </p>
      {failed ? <p role="alert">{p.notificationsNotSaved}</p> : null}
    </fieldset>
  )
}

/** Edit mode: the profile's personal details, Save and Cancel; the e-mail is read-only. */
function ProfileEditForm({
  profile,
  onSaved,
  onCancel,
}: {
  profile: UserProfile
  onSaved: (message: string) => void
  onCancel: () => void
}) {
  const [update] = useUpdateProfileMutation()
  const { control, handleSubmit, setError, formRef } = useSchemaForm<ProfileForm>(resolver, formOf(profile))
  const [general, setGeneral] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function save(form: ProfileForm) {
    setBusy(true)
    try {
      const result = await update({ profileForm: profilePayload(form) }).unwrap()
      onSaved(result.message)
    } catch (error) {
      const failure = failureOf(error, strings.errors.errorUpdatingProfile)
      showServerErrors(setError, errorsByField(failure.errors))
      setGeneral(failure.status == null ? strings.errors.errorUpdatingProfile : joinedCodeDescriptions(failure))
      setBusy(false)
    }
  }

  return (
    <form
      ref={formRef}
      onSubmit={(e) => {
        setGeneral(null)
        void handleSubmit(save)(e)
      }}
      noValidate
      className="auth-form"
    >
      <div className="form-grid">
        <PersonalDetailsFields control={control} details={profileDetails} />
        <TextField
          name="email"
          type="email"
          label={p.email}
          value={profile.email}
          onChange={() => {}}
          readOnly
          hint={p.emailReadOnly}
        />
      </div>
      <div className="auth-form__buttons">
        <button type="button" className="button button--outline" onClick={onCancel} disabled={busy}>
          {p.cancel}
        </button>
        <SubmitButton busy={busy} label={p.save} busyLabel={p.saving} />
      </div>
      <FormMessage error={general} />
    </form>
  )
}
