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
    logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
      query: () => ({ url: `/api/auth/logout`, method: "POST" }),
    }),
    register: build.mutation<RegisterApiResponse, RegisterApiArg>({
      query: (queryArg) => ({
        url: `/api/auth/register`,
        method: "POST",
        body: queryArg.body,
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
    userAuthenticated: build.mutation<
      UserAuthenticatedApiResponse,
      UserAuthenticatedApiArg
    >({
      query: () => ({ url: `/api/auth/userAuthenticated`, method: "POST" }),
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
export type AddPasswordApiResponse = unknown;
export type AddPasswordApiArg = {
  passwordBody: PasswordBody;
};
export type ForgotPasswordApiResponse = unknown;
export type ForgotPasswordApiArg = {
  forgotBody: ForgotBody;
};
export type GetOrganisationTypesApiResponse = unknown;
export type GetOrganisationTypesApiArg = void;
export type GetUserJobRolesApiResponse = unknown;
export type GetUserJobRolesApiArg = void;
export type GetUserTitlesApiResponse = unknown;
export type GetUserTitlesApiArg = void;
export type LoginApiResponse = unknown;
export type LoginApiArg = {
  loginBody: LoginBody;
};
export type LogoutApiResponse = unknown;
export type LogoutApiArg = void;
export type RegisterApiResponse = unknown;
export type RegisterApiArg = {
  /** The sign-up form (public spec §2 "Register"): organisation, designated person and password; validateStep 1–3 validates one step */
  body: object;
};
export type ResendOtpApiResponse = unknown;
export type ResendOtpApiArg = {
  resendBody: ResendBody;
};
export type ResetPasswordApiResponse = unknown;
export type ResetPasswordApiArg = {
  passwordBody: PasswordBody;
};
export type UserAuthenticatedApiResponse = unknown;
export type UserAuthenticatedApiArg = void;
export type VerifyOtpApiResponse = unknown;
export type VerifyOtpApiArg = {
  verifyOtpBody: VerifyOtpBody;
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
  ConfirmPassword?: string;
  Email?: string;
  Password?: string;
  /** The specification's UserType (public spec §7: add-password and reset-password send it);
    accepted and not needed, since each call is one flow. */
  UserType?: number | null;
};
export type ForgotBody = {
  Email?: string;
};
export type LoginBody = {
  Password?: string;
  Username?: string;
};
export type ResendBody = {
  Email?: string;
  UserType?: number | null;
};
export type VerifyOtpBody = {
  Email?: string;
  OTP?: string;
  UserType?: number | null;
};
export const {
  useAddPasswordMutation,
  useForgotPasswordMutation,
  useGetOrganisationTypesQuery,
  useGetUserJobRolesQuery,
  useGetUserTitlesQuery,
  useLoginMutation,
  useLogoutMutation,
  useRegisterMutation,
  useResendOtpMutation,
  useResetPasswordMutation,
  useUserAuthenticatedMutation,
  useVerifyOtpMutation,
} = injectedRtkApi;
