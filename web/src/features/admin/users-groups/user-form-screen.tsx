// .../create-user and .../edit-user/{userId} (sections 2 and 5): title, full name, e-mail
// (read-only when editing), mobile and telephone numbers, company, role, the relationship types,
// groups, and for a Building Block Coordinator the assigned municipalities. Errors show under the
// fields; a refusal from the server shows its errors joined by ' -- ' in an error toast. Save
// needs SetGroupMember; success returns to the user's view.
import { useEffect, useRef, useState } from 'react'
import { skipToken } from '@reduxjs/toolkit/query'
import { useNavigate, useParams } from 'react-router'
import { useGetUserJobRolesQuery, useGetUserTitlesQuery } from '../../../api/auth-api'
import { CheckboxField, SelectField, SubmitButton, TextField, useFocusFirstInvalid } from '../../../components/form'
import { Action } from '../../../config/constants'
import { adminStrings } from '../../../config/admin-strings'
import { digitsOnly, hasErrors, type FieldErrors } from '../../../lib/validation'
import { useDocumentTitle } from '../../../lib/use-document-title'
import {
  useCreateNewUserMutation,
  useEditUserDetailsMutation,
  useGetGroupsQuery,
  useGetLocalMunicipalitiesQuery,
  useGetOrganisationsQuery,
  useGetUserDetailsQuery,
} from '../admin-api'
import { adminFailureOf, ensureSuccess, joinedErrors } from '../admin-errors'
import { compareText } from '../admin-format'
import { adminPaths, textParam } from '../admin-paths'
import { LoadFailure, PageHeader } from '../components/admin-ui'
import { useBusy } from '../components/busy'
import { MultiSelect } from '../components/multi-select'
import { useToast } from '../components/toasts'
import { usePermission } from '../use-permissions'
import { useSettle } from '../use-settle'
import {
  emptyUserForm,
  fieldOfCode,
  formOfDetails,
  sameUser,
  userPayload,
  validateUser,
  type UserField,
  type UserForm,
} from './user-model'

const u = adminStrings.user
const c = adminStrings.common

export function CreateUserScreen() {
  return <UserFormScreen userId={null} />
}

export function EditUserScreen() {
  const id = textParam(useParams().userId)
  if (id == null) return <LoadFailure error={{ status: 404, data: { message: adminStrings.messages.noData } }} />
  return <UserFormScreen userId={id} />
}

function UserFormScreen({ userId }: { userId: string | null }) {
  const editing = userId != null
  useDocumentTitle(editing ? u.editTitle : u.createTitle)
  const navigate = useNavigate()
  const toast = useToast()
  const allowed = usePermission()
  const details = useGetUserDetailsQuery(userId ? { stakeholderId: userId } : skipToken, {
    refetchOnMountOrArgChange: true,
  })
  const titles = useGetUserTitlesQuery()
  const roles = useGetUserJobRolesQuery()
  const companies = useGetOrganisationsQuery()
  const groups = useGetGroupsQuery({})
  const municipalities = useGetLocalMunicipalitiesQuery()
  const [create, creating] = useCreateNewUserMutation()
  const [edit, saving] = useEditUserDetailsMutation()
  const settle = useSettle()
  const busy = creating.isLoading || saving.isLoading || settle.settling
  const [form, setForm] = useState<UserForm | null>(editing ? null : emptyUserForm)
  const [errors, setErrors] = useState<FieldErrors<UserField>>({})
  const [attempt, setAttempt] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, attempt)
  useBusy(details.isLoading || titles.isLoading || roles.isLoading || companies.isLoading || groups.isLoading || busy)

  useEffect(() => {
    if (editing && details.data && form == null) setForm(formOfDetails(details.data))
  }, [editing, details.data, form])

  const back = editing ? adminPaths.viewUser(userId) : `${adminPaths.usersGroups}`

  if (details.isError) return <LoadFailure error={details.error} />
  if (!form) return null

  const set =
    <K extends keyof UserForm>(field: K) =>
    (value: UserForm[K]) => {
      setForm((f) => (f ? { ...f, [field]: value } : f))
      setErrors((e) => (e[field as UserField] ? { ...e, [field]: undefined } : e))
    }

  async function save(event: React.FormEvent) {
    event.preventDefault()
    if (!form) return
    const found = validateUser(form)
    setErrors(found)
    if (hasErrors(found)) {
      setAttempt((n) => n + 1)
      return
    }
    try {
      const body = userPayload(form)
      const answer = editing
        ? ensureSuccess(await edit({ stakeholderId: userId, userForm: body }).unwrap())
        : ensureSuccess(await create({ userForm: body }).unwrap())
      const newId = editing ? userId : (answer as { stakeholderId?: string }).stakeholderId
      if (newId) await settle.user(newId, (read) => sameUser(read, body))
      toast.success(answer.message || u.saved)
      void navigate(newId ? adminPaths.viewUser(newId) : `${adminPaths.usersGroups}`)
    } catch (error) {
      const failure = adminFailureOf(error)
      const fieldErrors: FieldErrors<UserField> = {}
      for (const [code, list] of Object.entries(failure.byCode)) {
        const field = fieldOfCode(code)
        if (field) fieldErrors[field] = [...(fieldErrors[field] ?? []), ...list]
      }
      if (hasErrors(fieldErrors)) {
        setErrors(fieldErrors)
        setAttempt((n) => n + 1)
      }
      toast.error(joinedErrors(failure))
    }
  }

  const canSave = allowed(Action.SetGroupMember)
  const byName = <T,>(list: T[] | undefined, label: (t: T) => string) =>
    [...(list ?? [])].sort((a, b) => compareText(label(a), label(b)))

  return (
    <section aria-labelledby="admin-title" className="admin-detail">
      <PageHeader
        title={editing ? u.editTitle : u.createTitle}
        back={back}
        backLabel={editing ? u.backToUser : u.back}
      />
      <form ref={formRef} onSubmit={(e) => void save(e)} noValidate className="admin-form" data-testid="user-form">
        <div className="admin-form__grid">
          <SelectField
            name="titleId"
            label={u.titleField}
            value={form.titleId}
            onChange={set('titleId')}
            errors={errors.titleId}
            choices={(titles.data ?? []).map((t) => ({ value: t.titleId, label: t.description }))}
          />
          <TextField
            name="name"
            label={u.fullName}
            value={form.name}
            onChange={set('name')}
            errors={errors.name}
            autoComplete="off"
          />
          <TextField
            name="email"
            type="email"
            label={u.email}
            value={form.email}
            onChange={set('email')}
            errors={errors.email}
            readOnly={editing}
            hint={editing ? u.emailReadOnly : undefined}
            autoComplete="off"
          />
          <TextField
            name="mobile"
            type="tel"
            inputMode="tel"
            label={u.mobile}
            optional
            value={form.mobile}
            onChange={(v) => set('mobile')(digitsOnly(v))}
            errors={errors.mobile}
            hint={u.phoneHint}
            autoComplete="off"
          />
          <TextField
            name="telephone"
            type="tel"
            inputMode="tel"
            label={u.telephone}
            optional
            value={form.telephone}
            onChange={(v) => set('telephone')(digitsOnly(v))}
            errors={errors.telephone}
            hint={u.phoneHint}
            autoComplete="off"
          />
          <SelectField
            name="companyId"
            label={u.company}
            value={form.companyId}
            onChange={set('companyId')}
            errors={errors.companyId}
            choices={byName(companies.data, (o) => o.organisationName).map((o) => ({
              value: o.stakeholderId,
              label: o.organisationName,
            }))}
          />
          <SelectField
            name="roleId"
            label={u.role}
            value={form.roleId}
            onChange={set('roleId')}
            errors={errors.roleId}
            choices={(roles.data ?? []).map((r) => ({ value: r.roleId, label: r.description }))}
          />
        </div>
        <fieldset className="admin-form__relationships">
          <legend>{u.relationship}</legend>
          <CheckboxField name="contactPerson" checked={form.contactPerson} onChange={set('contactPerson')}>
            {u.contactPerson}
          </CheckboxField>
          <CheckboxField
            name="buildingBlockCoordinator"
            checked={form.buildingBlockCoordinator}
            onChange={(on) => {
              set('buildingBlockCoordinator')(on)
              if (!on) set('municipalityIds')([])
            }}
          >
            {u.buildingBlockCoordinator}
          </CheckboxField>
        </fieldset>
        <MultiSelect
          legend={u.groups}
          name="groupIds"
          testId="groups-select"
          value={form.groupIds}
          onChange={set('groupIds')}
          errors={errors.groupIds}
          options={byName(groups.data, (g) => g.description).map((g) => ({ value: g.groupId, label: g.description }))}
        />
        {form.buildingBlockCoordinator ? (
          <MultiSelect
            legend={u.municipalities}
            name="municipalityIds"
            testId="municipalities-select"
            filterable
            filterLabel={u.filterMunicipalities}
            value={form.municipalityIds}
            onChange={set('municipalityIds')}
            errors={errors.municipalityIds}
            options={byName(municipalities.data, (m) => m.name).map((m) => ({ value: m.stakeholderId, label: m.name }))}
          />
        ) : null}
        <div className="admin-buttons">
          <button type="button" className="button button--outline" onClick={() => void navigate(back)} disabled={busy}>
            {c.cancel}
          </button>
          {canSave ? <SubmitButton busy={busy} label={c.save} busyLabel={c.saving} /> : null}
        </div>
      </form>
    </section>
  )
}
