// The /api/auth calls (section 7): the session check, sign-in, registration, OTP and passwords,
// and the reference lists of the forms. Calls after which the server rotates the session (and
// with it the CSRF token) drop the old token and reload the session.
import { baseApi } from './base-api'
import { csrfTokenExpired } from './csrf-slice'
import type { AuthResult, JobRole, OrganisationType, RegistrationPayload, Session, Title } from './types'
import type { ForgotBody, LoginBody, PasswordBody, ResendBody, VerifyOtpBody } from './generated'

export const anonymousSession: Session = {
  isAuthenticated: false,
  user: null,
  userType: null,
  organisationName: null,
  organisationTypeId: null,
  userActions: [],
}

type Lifecycle = { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: AuthResult }> }

/** After a call that rotated the session: forget the old CSRF token and reload the session. */
function reloadSessionAfter(rotated: (result: AuthResult) => boolean = () => true) {
  return async (_arg: unknown, { dispatch, queryFulfilled }: Lifecycle) => {
    try {
      const { data } = await queryFulfilled
      if (!rotated(data)) return
      dispatch(csrfTokenExpired())
      dispatch(baseApi.util.invalidateTags(['Session', 'Profile']))
    } catch {
      // A failed call changes nothing.
    }
  }
}

// Request bodies: the server's schemas (generated.ts, from the OpenAPI document), every field
// required on this side although the server answers a missing one with its validation message.
export type LoginArgs = Required<LoginBody>
export type VerifyOtpArgs = Required<VerifyOtpBody>
export type ResendOtpArgs = Required<ResendBody>
export type ResetPasswordArgs = Required<PasswordBody>
export type AddPasswordArgs = Omit<Required<PasswordBody>, 'Email'>

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Section 4: a failed check (network or server) counts as anonymous. */
    getSession: build.query<Session, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: 'auth/userAuthenticated', method: 'POST' })
        const data = result.data as Session | undefined
        return { data: data && typeof data.isAuthenticated === 'boolean' ? data : anonymousSession }
      },
      providesTags: ['Session'],
      keepUnusedDataFor: 3600,
    }),
    login: build.mutation<AuthResult, LoginArgs>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      onQueryStarted: reloadSessionAfter(),
    }),
    logout: build.mutation<AuthResult, void>({
      query: () => ({ url: 'auth/logout', method: 'POST' }),
      onQueryStarted: reloadSessionAfter(),
    }),
    register: build.mutation<AuthResult, RegistrationPayload>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
    }),
    verifyOtp: build.mutation<AuthResult, VerifyOtpArgs>({
      query: (body) => ({ url: 'auth/verify-otp', method: 'POST', body }),
      // A NewUser without a password is signed in by the server.
      onQueryStarted: reloadSessionAfter((result) => result.requiresPassword === true),
    }),
    /** A new code for e-mail verification (NewUser). */
    resendOtp: build.mutation<AuthResult, ResendOtpArgs>({
      query: (body) => ({ url: 'auth/resend-otp', method: 'POST', body }),
    }),
    /** A code for a password reset; also the resend of the reset flow. */
    forgotPassword: build.mutation<AuthResult, Required<ForgotBody>>({
      query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<AuthResult, ResetPasswordArgs>({
      query: (body) => ({ url: 'auth/reset-password', method: 'POST', body }),
    }),
    addPassword: build.mutation<AuthResult, AddPasswordArgs>({
      query: (body) => ({ url: 'auth/add-password', method: 'POST', body }),
      onQueryStarted: reloadSessionAfter(),
    }),
    getUserTitles: build.query<Title[], void>({
      query: () => 'auth/getUserTitles',
      providesTags: ['Reference'],
    }),
    getUserJobRoles: build.query<JobRole[], void>({
      query: () => 'auth/getUserJobRoles',
      providesTags: ['Reference'],
    }),
    getOrganisationTypes: build.query<OrganisationType[], void>({
      query: () => 'auth/getOrganisationTypes',
      providesTags: ['Reference'],
    }),
  }),
})

export const {
  useGetSessionQuery,
  useLoginMutation,
  useLogoutMutation,
  useRegisterMutation,
  useVerifyOtpMutation,
  useResendOtpMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useAddPasswordMutation,
  useGetUserTitlesQuery,
  useGetUserJobRolesQuery,
  useGetOrganisationTypesQuery,
} = authApi
