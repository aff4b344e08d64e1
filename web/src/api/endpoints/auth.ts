import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    addPassword: build.mutation<AddPasswordApiResponse, AddPasswordApiArg>({
      query: (queryArg) => ({
        url: `/api/auth/add-password`,
        method: "POST",
        body: queryArg.passwordBody,
      }),
    }),
    forgotPassword: build.mutation<
      ForgotPasswordApiResponse,
      ForgotPasswordApiArg
    >({
      query: (queryArg) => ({
        url: `/api/auth/forgot-password`,
        method: "POST",
        body: queryArg.forgotBody,
      }),
    }),
    getOrganisationTypes: build.query<
      GetOrganisationTypesApiResponse,
      GetOrganisationTypesApiArg
    >({
      query: () => ({ url: `/api/auth/getOrganisationTypes` }),
    }),
    getUserJobRoles: build.query<
      GetUserJobRolesApiResponse,
      GetUserJobRolesApiArg
    >({
      query: () => ({ url: `/api/auth/getUserJobRoles` }),
    }),
    getUserTitles: build.query<GetUserTitlesApiResponse, GetUserTitlesApiArg>({
      query: () => ({ url: `/api/auth/getUserTitles` }),
    }),
    login: build.mutation<LoginApiResponse, LoginApiArg>({
      query: (queryArg) => ({
        url: `/api/auth/login`,
        method: "POST",
        body: queryArg.loginBody,
      }),
    }),
    register: build.mutation<RegisterApiResponse, RegisterApiArg>({
      query: (queryArg) => ({
        url: `/api/auth/register`,
        method: "POST",
        body: queryArg.registrationForm,
      }),
    }),
    resendOtp: build.mutation<ResendOtpApiResponse, ResendOtpApiArg>({
      query: (queryArg) => ({
        url: `/api/auth/resend-otp`,
        method: "POST",
        body: queryArg.resendBody,
      }),
    }),
    resetPassword: build.mutation<
      ResetPasswordApiResponse,
      ResetPasswordApiArg
    >({
      query: (queryArg) => ({
        url: `/api/auth/reset-password`,
        method: "POST",
        body: queryArg.passwordBody,
      }),
    }),
    verifyOtp: build.mutation<VerifyOtpApiResponse, VerifyOtpApiArg>({
      query: (queryArg) => ({
        url: `/api/auth/verify-otp`,
        method: "POST",
        body: queryArg.verifyOtpBody,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type AddPasswordApiResponse = /** status 200 Saved */ Done;
export type AddPasswordApiArg = {
  passwordBody: PasswordBody;
};
export type ForgotPasswordApiResponse =
  /** status 200 The same answer whether or not the account exists */ AuthAnswer;
export type ForgotPasswordApiArg = {
  forgotBody: ForgotBody;
};
export type GetOrganisationTypesApiResponse =
  /** status 200 Every organisation type */ OrganisationType[];
export type GetOrganisationTypesApiArg = void;
export type GetUserJobRolesApiResponse =
  /** status 200 Every job role */ JobRole[];
export type GetUserJobRolesApiArg = void;
export type GetUserTitlesApiResponse = /** status 200 Every title */ Title[];
export type GetUserTitlesApiArg = void;
export type LoginApiResponse = /** status 200 Signed in */ AuthAnswer;
export type LoginApiArg = {
  loginBody: LoginBody;
};
export type RegisterApiResponse =
  /** status 200 Registered (the OTP e-mail is sent), or the step is valid */ Registered;
export type RegisterApiArg = {
  registrationForm: RegistrationForm;
};
export type ResendOtpApiResponse =
  /** status 200 A new code was sent (the same answer whether or not one was due) */ AuthAnswer;
export type ResendOtpApiArg = {
  resendBody: ResendBody;
};
export type ResetPasswordApiResponse = /** status 200 Saved */ Done;
export type ResetPasswordApiArg = {
  passwordBody: PasswordBody;
};
export type VerifyOtpApiResponse =
  /** status 200 Code accepted: the user type and address, and for a NewUser whether a password is still to be chosen */ AuthAnswer;
export type VerifyOtpApiArg = {
  verifyOtpBody: VerifyOtpBody;
};
export type Done = {
  /** The confirmation, for people. */
  message: string;
  /** Always `true`. */
  success: boolean;
};
export type ErrorItem = {
  /** The field or parameter at fault (`boundaryId`, `email`), or the kind of failure:
    `not_found`, `permission`, `csrf`, `conflict`, `unavailable`, `internal`. */
  code: string;
  /** The same text as `message`. */
  description: string;
};
export type ErrorBody = {
  /** One entry per problem (empty on a 409 that names the current state instead). */
  errors: ErrorItem[];
  /** What went wrong, for people, in the specification's wording. */
  message: string;
  /** Always `false`. */
  success: boolean;
};
export type PasswordBody = {
  ConfirmPassword: string;
  Email: string;
  Password: string;
  /** The specification's UserType (public spec §7: add-password and reset-password send it);
    accepted and not needed, since each call is one flow. */
  UserType?: number | null;
};
export type AuthAnswer = {
  /** The address the answer is about (the one the code was sent to). */
  email?: string | null;
  /** Always empty: validation failures answer the error body instead. */
  errors: ErrorItem[];
  /** For people, in the specification's wording. */
  message: string;
  /** The six-digit code itself, only when the server runs in development mode (`null`
    otherwise, and absent where no code is involved). */
  otp?: string | null;
  /** verify-otp of a NewUser: `true` when the account has no password yet (the server
    signed the person in to add one). */
  requiresPassword?: boolean | null;
  /** Codes requested again in this round (spec §5: at most 3). */
  resendCount?: number | null;
  /** `false` only on the 403 that sends an unverified person to the OTP screen. */
  success: boolean;
  /** The user type the next screen works with (spec §3): 1 NewUser, 2 ExistingUser,
    3 ResetPassword. */
  userType?: number | null;
};
export type ForgotBody = {
  Email: string;
};
export type OrganisationType = {
  /** Its name. */
  description: string;
  /** Organisation type id. */
  organisationTypeId: number;
};
export type JobRole = {
  /** Its name. */
  description: string;
  /** Job role id. */
  roleId: number;
};
export type Title = {
  /** "Mr", "Ms", ... */
  description: string;
  /** Title id. */
  titleId: number;
};
export type LoginBody = {
  Password: string;
  Username: string;
};
export type Registered = {
  /** The address the code was sent to (absent for a valid step). */
  email?: string | null;
  /** Always empty (a valid step only). */
  errors?: ErrorItem[] | null;
  /** The registration message of public spec §8 (empty for a valid step). */
  message: string;
  /** The code itself, only in development mode; null otherwise (absent for a valid step). */
  otp?: string | null;
  /** Codes sent again so far (absent for a valid step). */
  resendCount?: number | null;
  /** Always `true`. */
  success: boolean;
  /** 1 NewUser (absent for a valid step). */
  userType?: number | null;
};
export type RegistrationForm = {
  /** City (optional). */
  City?: string | null;
  /** The password again. */
  ConfirmPassword?: string | null;
  /** District of that province (boundary id). */
  District?: number | null;
  /** E-mail address. */
  Email?: string | null;
  /** First name: letters, spaces, . ' - (at most 100 characters). */
  FirstName?: string | null;
  /** Job role id (reference list). */
  JobRole?: number | null;
  /** Last name, as the first name. */
  LastName?: string | null;
  /** Local municipality of that district (boundary id). */
  LocalMunicipality?: number | null;
  /** Members in the organisation: at least 1. */
  MemberInOrganisation?: number | null;
  /** Mobile number: 10 digits once stripped to digits. */
  MobileNumber?: string | null;
  /** Branch (optional). */
  OrganisationBranch?: string | null;
  /** Organisation name: letters, digits, spaces and . ' - , & ( ) / (at most 100 characters). */
  OrganisationName?: string | null;
  /** Organisation type id (reference list). */
  OrganisationType?: number | null;
  /** Password: at least 12 characters with a digit, a lowercase and an uppercase letter and
    one of `!@#$%^&*()` (public spec §5, §9). */
  Password?: string | null;
  /** Postal code: digits (optional). */
  PostalCode?: string | null;
  /** Province (boundary id). */
  Province?: number | null;
  /** Street name (optional). */
  StreetName?: string | null;
  /** Street number (optional). */
  StreetNumber?: string | null;
  /** Suburb (optional). */
  Suburb?: string | null;
  /** Title id (reference list). */
  Title?: number | null;
  /** The terms and conditions are accepted (must be true). */
  terms?: boolean | null;
  /** 1, 2 or 3: only that step is validated and nothing is stored. */
  validateStep?: number | null;
};
export type ResendBody = {
  Email: string;
  UserType?: number | null;
};
export type VerifyOtpBody = {
  Email: string;
  OTP: string;
  UserType?: number | null;
};
export const {
  useAddPasswordMutation,
  useForgotPasswordMutation,
  useGetOrganisationTypesQuery,
  useGetUserJobRolesQuery,
  useGetUserTitlesQuery,
  useLoginMutation,
  useRegisterMutation,
  useResendOtpMutation,
  useResetPasswordMutation,
  useVerifyOtpMutation,
} = injectedRtkApi;
