// Sign-up (section 2): three steps (personal details, organisation details, members and terms).
// Next checks the step in the form, then on the server (POST /api/auth/register with
// validateStep, nothing stored); the last step registers. Field errors show beneath the fields,
// and all of them joined by ' -- ' as the general error (section 8). Success goes to the OTP screen.
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { skipToken } from '@reduxjs/toolkit/query'
import {
  useGetOrganisationTypesQuery,
  useGetUserJobRolesQuery,
  useGetUserTitlesQuery,
  useRegisterMutation,
} from '../../api/auth-api'
import { errorsByField, failureOf, joinedDescriptions } from '../../api/errors'
import { useListBoundariesInQuery } from '../../api/public-api'
import {
  CheckboxField,
  FormMessage,
  PasswordField,
  SelectField,
  SubmitButton,
  TextField,
  useFocusFirstInvalid,
  type Choice,
} from '../../components/form'
import { ExternalIcon } from '../../components/icons'
import { BoundaryType, links, NATIONAL_BOUNDARY_ID, REGISTRATION_STEPS, UserType } from '../../config/constants'
import { accountPaths } from '../../config/routes'
import { strings } from '../../config/strings'
import { directChildren } from '../../filters/geography'
import { digitsOnly, hasErrors, type FieldErrors } from '../../lib/validation'
import type { Boundary } from '../../api/generated'
import { AuthCard } from './auth-card'
import type { LoginState, OtpState } from './navigation-state'
import { emptySignUp, stepOfField, toPayload, validateStep, type SignUpField, type SignUpForm } from './sign-up-model'

const a = strings.auth

function boundaryChoices(items: Boundary[] | undefined): Choice[] {
  return [...(items ?? [])]
    .sort((x, y) => x.description.localeCompare(y.description))
    .map((b) => ({ value: b.boundaryId, label: b.description }))
}

export function SignUpScreen() {
  const navigate = useNavigate()
  const [register] = useRegisterMutation()
  const [form, setForm] = useState<SignUpForm>(emptySignUp)
  const [step, setStep] = useState(1)
  const [errors, setErrors] = useState<FieldErrors<SignUpField>>({})
  const [general, setGeneral] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const stepHeading = useRef<HTMLHeadingElement>(null)
  const firstStep = useRef(true)
  useFocusFirstInvalid(formRef, attempt)

  // A new step starts at its heading, so screen-reader users hear where they are.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false
      return
    }
    stepHeading.current?.focus()
  }, [step])

  const set =
    <K extends SignUpField>(field: K) =>
    (value: SignUpForm[K]) => {
      setForm((f) => ({ ...f, [field]: value }))
      setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e))
    }

  function refuse(found: FieldErrors<SignUpField>, message: string | null) {
    setErrors(found)
    setGeneral(message)
    setAttempt((n) => n + 1)
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setGeneral(null)
    const found = validateStep(form, step)
    if (hasErrors(found)) {
      refuse(found, null)
      return
    }
    setBusy(true)
    const last = step === REGISTRATION_STEPS
    try {
      const result = await register({ registrationForm: toPayload(form, last ? undefined : step) }).unwrap()
      setErrors({})
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
      const byField = errorsByField(failure.errors) as FieldErrors<SignUpField>
      // The final submit checks every step: go back to the first one with an error.
      const steps = Object.keys(byField)
        .map(stepOfField)
        .filter((s): s is number => s != null)
      if (steps.length) setStep(Math.min(...steps))
      refuse(byField, joinedDescriptions(failure))
    } finally {
      setBusy(false)
    }
  }

  function back() {
    setErrors({})
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
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="auth-form">
        <h2 ref={stepHeading} tabIndex={-1} className="auth-form__step-title">
          <span className="auth-form__step-count">{a.stepOf(step, REGISTRATION_STEPS)}:</span> {a.steps[step - 1]}
        </h2>
        {step === 1 ? <PersonalDetails form={form} errors={errors} set={set} /> : null}
        {step === 2 ? <OrganisationDetails form={form} errors={errors} set={set} setForm={setForm} /> : null}
        {step === 3 ? <MemberDetails form={form} errors={errors} set={set} /> : null}
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
  form: SignUpForm
  errors: FieldErrors<SignUpField>
  set: <K extends SignUpField>(field: K) => (value: SignUpForm[K]) => void
}

function PersonalDetails({ form, errors, set }: StepProps) {
  const titles = useGetUserTitlesQuery()
  return (
    <div className="form-grid">
      <SelectField
        name="title"
        label={a.title}
        value={form.title}
        onChange={set('title')}
        errors={errors.title}
        choices={(titles.data ?? []).map((t) => ({ value: t.titleId, label: t.description }))}
      />
      <TextField
        name="firstName"
        label={a.firstName}
        value={form.firstName}
        onChange={set('firstName')}
        errors={errors.firstName}
        autoComplete="given-name"
      />
      <TextField
        name="lastName"
        label={a.lastName}
        value={form.lastName}
        onChange={set('lastName')}
        errors={errors.lastName}
        autoComplete="family-name"
      />
      <TextField
        name="email"
        type="email"
        label={a.email}
        value={form.email}
        onChange={set('email')}
        errors={errors.email}
        autoComplete="email"
        inputMode="email"
      />
      <PasswordField
        name="password"
        label={a.password}
        value={form.password}
        onChange={set('password')}
        errors={errors.password}
        autoComplete="new-password"
        hint={a.passwordHint}
        noCopy
      />
      <PasswordField
        name="confirmPassword"
        label={a.confirmPassword}
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
        errors={errors.confirmPassword}
        autoComplete="new-password"
        noCopy
      />
      <TextField
        name="telephone"
        type="tel"
        label={a.telephone}
        value={form.telephone}
        hint={a.telephoneHint}
        onChange={(v) => set('telephone')(digitsOnly(v))}
        errors={errors.telephone}
        autoComplete="tel"
        inputMode="tel"
      />
    </div>
  )
}

function OrganisationDetails({
  form,
  errors,
  set,
  setForm,
}: StepProps & { setForm: React.Dispatch<React.SetStateAction<SignUpForm>> }) {
  const types = useGetOrganisationTypesQuery()
  const roles = useGetUserJobRolesQuery()
  const province = form.province ? Number(form.province) : null
  const district = form.district ? Number(form.district) : null
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

  // Province → district → local municipality: a new choice clears the levels below it.
  const pick = (field: 'province' | 'district' | 'localMunicipality') => (value: string) => {
    set(field)(value)
    if (field === 'province') setForm((f) => ({ ...f, district: '', localMunicipality: '' }))
    if (field === 'district') setForm((f) => ({ ...f, localMunicipality: '' }))
  }

  return (
    <div className="form-grid">
      <TextField
        name="orgName"
        label={a.orgName}
        value={form.orgName}
        onChange={set('orgName')}
        errors={errors.orgName}
        autoComplete="organization"
      />
      <TextField
        name="orgBranch"
        label={a.orgBranch}
        value={form.orgBranch}
        onChange={set('orgBranch')}
        errors={errors.orgBranch}
        optional
      />
      <SelectField
        name="orgType"
        label={a.orgType}
        value={form.orgType}
        onChange={set('orgType')}
        errors={errors.orgType}
        choices={(types.data ?? []).map((t) => ({ value: t.organisationTypeId, label: t.description }))}
      />
      <SelectField
        name="role"
        label={a.role}
        value={form.role}
        onChange={set('role')}
        errors={errors.role}
        choices={(roles.data ?? []).map((r) => ({ value: r.roleId, label: r.description }))}
      />
      <TextField
        name="streetNumber"
        label={a.streetNumber}
        value={form.streetNumber}
        onChange={set('streetNumber')}
        errors={errors.streetNumber}
        optional
      />
      <TextField
        name="streetName"
        label={a.streetName}
        value={form.streetName}
        onChange={set('streetName')}
        errors={errors.streetName}
        optional
        autoComplete="address-line1"
      />
      <TextField
        name="suburb"
        label={a.suburb}
        value={form.suburb}
        onChange={set('suburb')}
        errors={errors.suburb}
        optional
      />
      <TextField
        name="city"
        label={a.city}
        value={form.city}
        onChange={set('city')}
        errors={errors.city}
        optional
        autoComplete="address-level2"
      />
      <TextField
        name="postalCode"
        label={a.postalCode}
        value={form.postalCode}
        onChange={set('postalCode')}
        errors={errors.postalCode}
        optional
        inputMode="numeric"
        autoComplete="postal-code"
      />
      <SelectField
        name="province"
        label={a.province}
        value={form.province}
        onChange={pick('province')}
        errors={errors.province}
        choices={boundaryChoices(directChildren(provinces.data, NATIONAL_BOUNDARY_ID, 'province'))}
        disabled={!provinces.data}
      />
      <SelectField
        name="district"
        label={a.district}
        value={form.district}
        onChange={pick('district')}
        errors={errors.district}
        choices={boundaryChoices(directChildren(districts.data, province, 'district'))}
        disabled={province == null || !districts.data}
      />
      <SelectField
        name="localMunicipality"
        label={a.localMunicipality}
        value={form.localMunicipality}
        onChange={pick('localMunicipality')}
        errors={errors.localMunicipality}
        choices={boundaryChoices(directChildren(locals.data, district, 'municipality'))}
        disabled={district == null || !locals.data}
      />
    </div>
  )
}

function MemberDetails({ form, errors, set }: StepProps) {
  return (
    <div className="form-grid form-grid--single">
      <TextField
        name="numOfOrgMembers"
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        label={a.numOfOrgMembers}
        value={form.numOfOrgMembers}
        onChange={set('numOfOrgMembers')}
        errors={errors.numOfOrgMembers}
      />
      <CheckboxField name="terms" checked={form.terms} onChange={set('terms')} errors={errors.terms}>
        {a.termsBefore}{' '}
        <a href={links.disclaimer} target="_blank" rel="noopener noreferrer">
          {a.termsLink} <ExternalIcon />
          <span className="visually-hidden"> {strings.header.opensInNewTab}</span>
        </a>
      </CheckboxField>
    </div>
  )
}
