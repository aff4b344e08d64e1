import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    setNotificationEmails: build.mutation<
      SetNotificationEmailsApiResponse,
      SetNotificationEmailsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/auth/notificationEmails`,
        method: "PUT",
        body: queryArg.notificationEmailsForm,
      }),
    }),
    getProfile: build.query<GetProfileApiResponse, GetProfileApiArg>({
      query: () => ({ url: `/api/auth/profile` }),
    }),
    updateProfile: build.mutation<
      UpdateProfileApiResponse,
      UpdateProfileApiArg
    >({
      query: (queryArg) => ({
        url: `/api/auth/updateProfile`,
        method: "PUT",
        body: queryArg.profileForm,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type SetNotificationEmailsApiResponse = /** status 200 Saved */ Saved;
export type SetNotificationEmailsApiArg = {
  notificationEmailsForm: NotificationEmailsForm;
};
export type GetProfileApiResponse = /** status 200 The profile */ ProfileAnswer;
export type GetProfileApiArg = void;
export type UpdateProfileApiResponse = /** status 200 Saved */ Saved;
export type UpdateProfileApiArg = {
  profileForm: ProfileForm;
};
export type ErrorItem = {
  /** The field or parameter at fault (`boundaryId`, `email`), or the kind of failure:
    `not_found`, `permission`, `csrf`, `conflict`, `unavailable`, `internal`. */
  code: string;
  /** The same text as `message`. */
  description: string;
};
export type Saved = {
  /** Always empty. */
  errors: ErrorItem[];
  /** The confirmation, for people. */
  message: string;
  /** Always `true`. */
  success: boolean;
};
export type ErrorBody = {
  /** One entry per problem (empty on a 409 that names the current state instead). */
  errors: ErrorItem[];
  /** What went wrong, for people, in the specification's wording. */
  message: string;
  /** Always `false`. */
  success: boolean;
};
export type NotificationEmailsForm = {
  /** `true`: send the building-block notification e-mails; `false`: do not. */
  buildingBlockEmails: boolean;
};
export type UserProfile = {
  /** Alternative number (digits), if any. */
  alternativeNumber: string | null;
  /** Whether the building-block notification e-mails are sent to this account
    (submissions waiting for review, the user's own submissions verified or returned). */
  buildingBlockEmails: boolean;
  /** The e-mail address. */
  email: string;
  /** First and last name. */
  fullName: string;
  /** True when the user holds BuildingBlockAdmin (35). */
  isBuildingBlockAdmin: boolean;
  /** Job role id, if chosen. */
  jobRole: number | null;
  /** Mobile number (digits), if any. */
  mobileNumber: string | null;
  /** Title id, if chosen. */
  titleId: number | null;
};
export type ProfileAnswer = {
  /** The profile. */
  data: UserProfile;
  /** Always `true`. */
  success: boolean;
};
export type ProfileForm = {
  /** Alternative number: 10 digits once stripped to digits (optional). */
  alternativeNumber?: string | null;
  /** The new password again. */
  confirmPassword?: string | null;
  /** The current password, required with a new one. */
  currentPassword?: string | null;
  /** Full name: letters, spaces, . ' - (at most 100 characters).
    The pattern lists the Latin letters South African languages are written in (Latin-1,
    Extended-A and -B with the click letters, Extended Additional: š, ḓ, ṱ, ǃ); the server
    accepts any alphabetic character. */
  fullName: string;
  /** Job role id (reference list). */
  jobRole: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;
  /** Mobile number: required, 10 digits once stripped to digits. */
  mobileNumber: string;
  /** A new password (optional): the rules of the sign-up's. */
  newPassword?: string | null;
  /** Title id (reference list). */
  titleId: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;
};
export const {
  useSetNotificationEmailsMutation,
  useGetProfileQuery,
  useUpdateProfileMutation,
} = injectedRtkApi;
