// Sign-up (section 2): three steps (personal details, organisation details, members and terms).
// Next checks the step in the form, then on the server (POST /api/auth/register with
// validateStep, nothing stored); the last step registers. Field errors show beneath the fields,
// and all of them joined by ' -- ' as the general error (section 8). Success goes to the OTP screen.
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { skipToken } from '@reduxjs/toolkit/query'
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form'
import { useGetOrganisationTypesQuery, useRegisterMutation } from '../../api/auth-api'
import { errorsByField, failureOf, joinedDescriptions } from '../../api/errors'
import { useListBoundariesInQuery } from '../../api/public-api'
import {
  BoundCheckboxField,
  BoundSelectField,
  BoundTextField,
  schemaResolver,
  showServerErrors,
  useSchemaForm,
} from '../../components/bound-fields'
import { FormMessage, SubmitButton, type Choice } from '../../components/form'
import { ExternalIcon } from '../../components/icons'
import { JobRoleSelect, PersonalDetailsFields } from '../../components/personal-details'
import { BoundaryType, links, NATIONAL_BOUNDARY_ID, REGISTRATION_STEPS, UserType } from '../../config/constants'
import { accountPaths } from '../../config/routes'
import { strings } from '../../config/strings'
import { directChildren } from '../../filters/geography'
import type { Boundary } from '../../api/generated'
import { AuthCard } from './auth-card'
import type { LoginState, OtpState } from './navigation-state'
import {
  emptySignUp,
  sentAs,
  signUpDetails,
  stepOfField,
  stepSchemas,
  toPayload,
  type SignUpForm,
} from './sign-up-model'

const a = strings.auth

function boundaryChoices(items: Boundary[] | undefined): Choice[] {
  return [...(items ?? [])]
    .sort((x, y) => x.description.localeCompare(y.description))
    .map((b) => ({ value: b.boundaryId, label: b.description }))
}

// One resolver per step: the form checks the step it shows.
const stepResolvers = Object.fromEntries(
  Object.entries(stepSchemas).map(([step, schema]) => [step, schemaResolver<SignUpForm>(schema)]),
)

export function SignUpScreen() {
  const navigate = useNavigate()
  const [register] = useRegisterMutation()
  const [step, setStep] = useState(1)
  const { control, handleSubmit, setValue, setError, clearErrors, formRef } = useSchemaForm<SignUpForm>(
    stepResolvers[step],
    emptySignUp,
  )
  const [general, setGeneral] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const stepHeading = useRef<HTMLHeadingElement>(null)
  const firstStep = useRef(true)

  // A new step starts at its heading, so screen-reader users hear where they are; unless the
  // server sent the user back to a step with errors: then the first of them has the focus.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false
      return
    }
    if (!formRef.current?.querySelector('[aria-invalid="true"]')) stepHeading.current?.focus()
  }, [step, formRef])

  async function send(form: SignUpForm) {
    setBusy(true)
    const last = step === REGISTRATION_STEPS
    try {
      const result = await register({ registrationForm: toPayload(form, last ? undefined : step) }).unwrap()
      if (!last) {
        setStep(step + 1)
        return
      }
      const state: OtpState = {
        userType: UserType.NewUser,
        email: result.email ?? form.email.trim(),
        resendCount: result.resendCount ?? 0,
        otp: result.otp ?? null,
        message: result.message,
      }
      void navigate(accountPaths.verifyOtp, { state })
    } catch (error) {
      const failure = failureOf(error)
      const byField = errorsByField(failure.errors)
      // The final submit checks every step: go back to the first one with an error.
      const steps = Object.keys(byField)
        .map(stepOfField)
        .filter((s): s is number => s != null)
      if (steps.length) setStep(Math.min(...steps))
      showServerErrors(setError, byField)
      setGeneral(joinedDescriptions(failure))
    } finally {
      setBusy(false)
    }
  }

  function back() {
    clearErrors()
    setGeneral(null)
    setStep((s) => Math.max(1, s - 1))
  }

  const last = step === REGISTRATION_STEPS
  return (
    <AuthCard title={a.signUpTitle} wide>
      <ol className="steps" aria-label={a.stepOf(step, REGISTRATION_STEPS)}>
        {a.steps.map((name, i) => (
          <li
            key={name}
            className={`steps__item ${i + 1 === step ? 'steps__item--current' : ''} ${i + 1 < step ? 'steps__item--done' : ''}`}
            aria-current={i + 1 === step ? 'step' : undefined}
          >
            <span className="steps__number" aria-hidden="true">
              {i + 1}
            </span>{' '}
            {name}
          </li>
        ))}
      </ol>
      <form
        ref={formRef}
        onSubmit={(e) => {
          setGeneral(null)
          void handleSubmit(send)(e)
        }}
        noValidate
        className="auth-form"
      >
        <h2 ref={stepHeading} tabIndex={-1} className="auth-form__step-title">
          <span className="auth-form__step-count">{a.stepOf(step, REGISTRATION_STEPS)}:</span> {a.steps[step - 1]}
        </h2>
        {step === 1 ? (
          <div className="form-grid">
            <PersonalDetailsFields control={control} details={signUpDetails} />
          </div>
        ) : null}
        {step === 2 ? <OrganisationDetails control={control} setValue={setValue} /> : null}
        {step === 3 ? <MemberDetails control={control} /> : null}
        <div className="auth-form__buttons">
          {step === 1 ? (
            <Link to={accountPaths.login} className="button button--outline">
              {a.back}
            </Link>
          ) : (
            <button type="button" className="button button--outline" onClick={back} disabled={busy}>
              {a.back}
            </button>
          )}
          <SubmitButton busy={busy} label={last ? a.submit : a.next} busyLabel={last ? a.submitting : a.checking} />
        </div>
        <FormMessage error={general} />
        {step === 1 ? (
          <p className="auth-form__aside">
            {a.haveAccount}{' '}
            <Link to={accountPaths.login} state={{ showForm: true } satisfies LoginState}>
              {a.logInHere}
            </Link>
          </p>
        ) : null}
      </form>
    </AuthCard>
  )
}

interface StepProps {
  control: Control<SignUpForm>
}

function OrganisationDetails({ control, setValue }: StepProps & { setValue: UseFormSetValue<SignUpForm> }) {
  const types = useGetOrganisationTypesQuery()
  const [provinceId, districtId] = useWatch({ control, name: ['province', 'district'] })
  const province = provinceId ? Number(provinceId) : null
  const district = districtId ? Number(districtId) : null
  const provinces = useListBoundariesInQuery({
    boundaryTypeId: BoundaryType.District,
    parentBoundaryId: NATIONAL_BOUNDARY_ID,
  })
  const districts = useListBoundariesInQuery(
    province != null ? { boundaryTypeId: BoundaryType.District, parentBoundaryId: province } : skipToken,
  )
  const locals = useListBoundariesInQuery(
    district != null ? { boundaryTypeId: BoundaryType.Local, parentBoundaryId: district } : skipToken,
  )
  // The optional lines: the server's limits stop the typing (no message says them).
  const line = (name: keyof SignUpForm, property: Parameters<typeof sentAs>[0]) => ({
    control,
    name,
    optional: true,
    maxLength: sentAs(property).maxLength,
  })

  return (
    <div className="form-grid">
      <BoundTextField control={control} name="orgName" label={a.orgName} autoComplete="organization" />
      <BoundTextField {...line('orgBranch', 'OrganisationBranch')} label={a.orgBranch} />
      <BoundSelectField
        control={control}
        name="orgType"
        label={a.orgType}
        choices={(types.data ?? []).map((t) => ({ value: t.organisationTypeId, label: t.description }))}
      />
      <JobRoleSelect control={control} name="role" label={a.role} />
      <BoundTextField {...line('streetNumber', 'StreetNumber')} label={a.streetNumber} />
      <BoundTextField {...line('streetName', 'StreetName')} label={a.streetName} autoComplete="address-line1" />
      <BoundTextField {...line('suburb', 'Suburb')} label={a.suburb} />
      <BoundTextField {...line('city', 'City')} label={a.city} autoComplete="address-level2" />
      <BoundTextField
        {...line('postalCode', 'PostalCode')}
        label={a.postalCode}
        inputMode="numeric"
        autoComplete="postal-code"
      />
      {/* Province → district → local municipality: a new choice clears the levels below it. */}
      <BoundSelectField
        control={control}
        name="province"
        label={a.province}
        onChange={() => {
          setValue('district', '')
          setValue('localMunicipality', '')
        }}
        choices={boundaryChoices(directChildren(provinces.data, NATIONAL_BOUNDARY_ID, 'province'))}
        disabled={!provinces.data}
      />
      <BoundSelectField
        control={control}
        name="district"
        label={a.district}
        onChange={() => setValue('localMunicipality', '')}
        choices={boundaryChoices(directChildren(districts.data, province, 'district'))}
        disabled={province == null || !districts.data}
      />
      <BoundSelectField
        control={control}
        name="localMunicipality"
        label={a.localMunicipality}
        choices={boundaryChoices(directChildren(locals.data, district, 'municipality'))}
        disabled={district == null || !locals.data}
      />
    </div>
  )
}

function MemberDetails({ control }: StepProps) {
  return (
    <div className="form-grid form-grid--single">
      <BoundTextField
        control={control}
        name="numOfOrgMembers"
        type="number"
        min={sentAs('MemberInOrganisation').minimum}
        step={1}
        inputMode="numeric"
        label={a.numOfOrgMembers}
      />
      <BoundCheckboxField control={control} name="terms">
        {a.termsBefore}{' '}
        {links.disclaimer ? (
          <a href={links.disclaimer} target="_blank" rel="noopener noreferrer">
            {a.termsLink} <ExternalIcon />
            <span className="visually-hidden"> {strings.header.opensInNewTab}</span>
          </a>
        ) : (
          a.termsLink
        )}
      </BoundCheckboxField>
    </div>
  )
}
