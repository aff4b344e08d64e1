// The /api/auth calls of the auth screens, the profile and the admin user forms (section 7):
// sign-in, registration, OTP and passwords, and the reference lists of the forms (the session
// check and sign-out, which every page needs, are in session-api.ts). The endpoints are generated
// from the API document into endpoints/auth.ts (npm run gen:api); this file only adds what the
// document cannot say: the reference lists' tag, and the session reload (and CSRF token drop)
// after the calls that rotate the session.
import { generatedApi } from './endpoints/auth'
import type {
  AddPasswordApiArg,
  ForgotPasswordApiArg,
  LoginApiArg,
  ResendOtpApiArg,
  ResetPasswordApiArg,
  VerifyOtpApiArg,
} from './generated'
import { typedMutation } from './typed-hooks'
import { reloadSessionAfter } from './session-api'
import type { AuthResult } from './types'

/** The generated endpoints with the app's tags and session lifecycles. */
export const authApi = generatedApi.enhanceEndpoints({
  endpoints: {
    login: { onQueryStarted: reloadSessionAfter() },
    // A NewUser without a password is signed in by the server.
    verifyOtp: { onQueryStarted: reloadSessionAfter((result) => result.requiresPassword === true) },
    addPassword: { onQueryStarted: reloadSessionAfter() },
    getUserTitles: { providesTags: ['Reference'] },
    getUserJobRoles: { providesTags: ['Reference'] },
    getOrganisationTypes: { providesTags: ['Reference'] },
  },
})

// The hooks are the generated ones: the lifecycles and tags above apply to them, as this module
// runs before any component that imports them from here.
export {
  useRegisterMutation,
  useGetUserTitlesQuery,
  useGetUserJobRolesQuery,
  useGetOrganisationTypesQuery,
} from './endpoints/auth'

// The sign-in, code and password answers (AuthResult: success, message, field errors, the
// development code...), which the document does not describe yet.
export const useLoginMutation = typedMutation<AuthResult, LoginApiArg>(authApi.useLoginMutation)
export const useVerifyOtpMutation = typedMutation<AuthResult, VerifyOtpApiArg>(authApi.useVerifyOtpMutation)
/** A new code for e-mail verification (NewUser). */
export const useResendOtpMutation = typedMutation<AuthResult, ResendOtpApiArg>(authApi.useResendOtpMutation)
/** A code for a password reset; also the resend of the reset flow. */
export const useForgotPasswordMutation = typedMutation<AuthResult, ForgotPasswordApiArg>(
  authApi.useForgotPasswordMutation,
)
export const useResetPasswordMutation = typedMutation<AuthResult, ResetPasswordApiArg>(authApi.useResetPasswordMutation)
export const useAddPasswordMutation = typedMutation<AuthResult, AddPasswordApiArg>(authApi.useAddPasswordMutation)
