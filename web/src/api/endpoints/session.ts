import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
      query: () => ({ url: `/api/auth/logout`, method: "POST" }),
    }),
    userAuthenticated: build.query<
      UserAuthenticatedApiResponse,
      UserAuthenticatedApiArg
    >({
      query: () => ({ url: `/api/auth/userAuthenticated`, method: "POST" }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type LogoutApiResponse = /** status 200 Signed out */ Done;
export type LogoutApiArg = void;
export type UserAuthenticatedApiResponse =
  /** status 200 The session */ SessionState;
export type UserAuthenticatedApiArg = void;
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
export type SessionUserInfo = {
  /** The e-mail address. */
  email: string;
  /** First and last name. */
  name: string;
  /** Action ids the user holds (admin spec §3). */
  permissions: number[];
  /** The user id (UUID). */
  userId: string;
};
export type UserAction = {
  /** Action id. */
  actionId: number;
  /** Its name; null for an id the list does not know. */
  name: string | null;
};
export type SessionState = {
  /** The browser's CSRF token. */
  csrfToken: string;
  /** True in development mode (codes on screen, local outbox). */
  devMode: boolean;
  /** True when signed in. */
  isAuthenticated: boolean;
  /** The user's organisation's name, if any. */
  organisationName: string | null;
  /** The user's organisation's type id, if any. */
  organisationTypeId: number | null;
  user: null | SessionUserInfo;
  /** The actions the user holds (empty when not signed in). */
  userActions: UserAction[];
  /** 1 NewUser (must add a password), 2 ExistingUser, 3 ResetPassword; null when not signed in. */
  userType: number | null;
};
export const { useLogoutMutation, useUserAuthenticatedQuery } = injectedRtkApi;
