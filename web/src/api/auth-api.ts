// The /api/auth calls of the auth screens, the profile and the admin user forms (section 7):
// sign-in, registration, OTP and passwords, and the reference lists of the forms (the session
// check and sign-out, which every page needs, are in session-api.ts). The endpoints are generated
// from the API document into endpoints/auth.ts (npm run gen:api); this file only adds what the
// document cannot say: the reference lists' tag, and the session reload (and CSRF token drop)
// after the calls that rotate the session.
import { generatedApi } from './endpoints/auth'
import { reloadSessionAfter } from './session-api'

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
  useLoginMutation,
  useVerifyOtpMutation,
  /** A new code for e-mail verification (NewUser). */
  useResendOtpMutation,
  /** A code for a password reset; also the resend of the reset flow. */
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useAddPasswordMutation,
} from './endpoints/auth'
