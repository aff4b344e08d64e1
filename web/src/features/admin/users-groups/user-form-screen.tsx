// .../create-user and .../edit-user/{userId} (sections 2 and 5): title, full name, e-mail
// (read-only when editing), mobile and telephone numbers, company, role, the relationship types,
// groups, and for a Building Block Coordinator the assigned municipalities. Errors show under the
// fields; a refusal from the server shows its errors joined by ' -- ' in an error toast. Save
// needs SetGroupMember; success returns to the user's view.
import { skipToken } from '@reduxjs/toolkit/query'
import { useNavigate, useParams } from 'react-router'
import { useWatch } from 'react-hook-form'
import { useGetUserJobRolesQuery, useGetUserTitlesQuery } from '../../../api/auth-api'
import {
  BoundCheckboxField,
  BoundSelectField,
  schemaResolver,
  showServerErrors,
  useSchemaForm,
} from '../../../components/bound-fields'
import { SubmitButton } from '../../../components/form'
import { JobRoleSelect, PersonalDetailsFields } from '../../../components/personal-details'
import { Action } from '../../../config/constants'
import { adminStrings, placeOf } from '../../../config/admin-strings'
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
import { BoundMultiSelect } from '../components/multi-select'
import { useToast } from '../components/toasts'
import { usePermission } from '../use-permissions'
import { useSettle } from '../use-settle'
import {
  emptyUserForm,
  fieldOfCode,
  formOfDetails,
  needsCompany,
  provincesOfMunicipalities,
  sameUser,
  userDetails,
  userPayload,
  userSchema,
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

const resolver = schemaResolver<UserForm>(userSchema)

const byName = <T,>(list: T[] | undefined, label: (t: T) => string) =>
  [...(list ?? [])].sort((a, b) => compareText(label(a), label(b)))

/** The form once the user to edit (if any) is read. */
function UserFormScreen({ userId }: { userId: string | null }) {
  const editing = userId != null
  useDocumentTitle(editing ? u.editTitle : u.createTitle)
  const details = useGetUserDetailsQuery(userId ? { stakeholderId: userId } : skipToken, {
    refetchOnMountOrArgChange: true,
  })
  useBusy(details.isLoading)
  if (details.isError) return <LoadFailure error={details.error} />
  if (editing && !details.data) return null
  // The form starts from the user as first read (a later refetch does not overwrite what is typed).
  return (
    <UserFormBody
      key={userId ?? ''}
      userId={userId}
      initial={details.data ? formOfDetails(details.data) : emptyUserForm}
    />
  )
}

function UserFormBody({ userId, initial }: { userId: string | null; initial: UserForm }) {
  const editing = userId != null
  const navigate = useNavigate()
  const toast = useToast()
  const allowed = usePermission()
  // The reference lists of the personal details, for the overlay while they load.
  const titles = useGetUserTitlesQuery()
  const roles = useGetUserJobRolesQuery()
  const companies = useGetOrganisationsQuery()
  const groups = useGetGroupsQuery({})
  const municipalities = useGetLocalMunicipalitiesQuery()
  const [create, creating] = useCreateNewUserMutation()
  const [edit, saving] = useEditUserDetailsMutation()
  const settle = useSettle()
  const busy = creating.isLoading || saving.isLoading || settle.settling
  const { control, handleSubmit, setError, setValue, formRef } = useSchemaForm<UserForm>(resolver, initial)
  const coordinator = useWatch({ control, name: 'buildingBlockCoordinator' })
  const municipalityIds = useWatch({ control, name: 'municipalityIds' })
  const provinceIds = useWatch({ control, name: 'provinceIds' })
  useBusy(titles.isLoading || roles.isLoading || companies.isLoading || groups.isLoading || busy)

  const back = editing ? adminPaths.viewUser(userId) : `${adminPaths.usersGroups}`

  async function save(form: UserForm) {
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
      const fieldErrors: Partial<Record<UserField, string[]>> = {}
      for (const [code, list] of Object.entries(failure.byCode)) {
        const field = fieldOfCode(code)
        if (field) fieldErrors[field] = [...(fieldErrors[field] ?? []), ...list]
      }
      showServerErrors(setError, fieldErrors)
      toast.error(joinedErrors(failure))
    }
  }

  const canSave = allowed(Action.SetGroupMember)

  return (
    <section aria-labelledby="admin-title" className="admin-detail">
      <PageHeader
        title={editing ? u.editTitle : u.createTitle}
        back={back}
        backLabel={editing ? u.backToUser : u.back}
      />
      <form
        ref={formRef}
        onSubmit={(e) => void handleSubmit(save)(e)}
        noValidate
        className="admin-form"
        data-testid="user-form"
      >
        <div className="admin-form__grid">
          <PersonalDetailsFields control={control} details={userDetails(editing)} />
          <BoundSelectField
            control={control}
            name="companyId"
            label={u.company}
            hint={u.companyHint}
            required={needsCompany({ buildingBlockCoordinator: coordinator, municipalityIds, provinceIds })}
            choices={byName(companies.data, (o) => o.organisationName).map((o) => ({
              value: o.stakeholderId,
              label: o.organisationName,
            }))}
          />
          <JobRoleSelect control={control} name="roleId" label={u.role} />
        </div>
        <fieldset className="admin-form__relationships">
          <legend>{u.relationship}</legend>
          <BoundCheckboxField control={control} name="contactPerson">
            {u.contactPerson}
          </BoundCheckboxField>
          <BoundCheckboxField
            control={control}
            name="buildingBlockCoordinator"
            onChange={(on) => {
              if (!on) {
                setValue('municipalityIds', [])
                setValue('provinceIds', [])
              }
            }}
          >
            {u.buildingBlockCoordinator}
          </BoundCheckboxField>
        </fieldset>
        <BoundMultiSelect
          control={control}
          name="groupIds"
          legend={u.groups}
          testId="groups-select"
          options={byName(groups.data, (g) => g.description).map((g) => ({ value: g.groupId, label: g.description }))}
        />
        {coordinator ? (
          <>
            <BoundMultiSelect
              control={control}
              name="provinceIds"
              legend={u.provinces}
              testId="provinces-select"
              options={provincesOfMunicipalities(municipalities.data)}
            />
            <BoundMultiSelect
              control={control}
              name="municipalityIds"
              legend={u.municipalities}
              testId="municipalities-select"
              filterable
              filterLabel={u.filterMunicipalities}
              options={(municipalities.data ?? []).map((m) => ({
                value: m.stakeholderId,
                label: m.name,
                detail: placeOf(m.districtName === m.name ? null : m.districtName, m.provinceName),
                group: placeOf(m.provinceName, m.districtName === m.name ? null : m.districtName),
              }))}
            />
          </>
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
