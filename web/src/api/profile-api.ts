// The signed-in user's profile: GET /api/auth/profile and PUT /api/auth/updateProfile, generated
// from the API document into endpoints/profile.ts (npm run gen:api). This file only adds what the
// document cannot say: the cache tags, how long the profile is kept, and the saved values shown
// at once.
import { generatedApi } from './endpoints/profile'
import type { ProfileForm, UserProfile } from './generated'

/** The profile with the values of a saved form (a field the form leaves out keeps its value). */
export function withSavedValues(profile: UserProfile, form: Partial<ProfileForm>): UserProfile {
  const saved = <K extends keyof ProfileForm & keyof UserProfile>(key: K, current: UserProfile[K]) =>
    form[key] === undefined ? current : (form[key] as UserProfile[K])
  return {
    ...profile,
    fullName: form.fullName ?? profile.fullName,
    titleId: saved('titleId', profile.titleId),
    jobRole: saved('jobRole', profile.jobRole),
    mobileNumber: saved('mobileNumber', profile.mobileNumber),
    alternativeNumber: saved('alternativeNumber', profile.alternativeNumber),
  }
}

export const profileApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getProfile: {
      providesTags: ['Profile'],
      // Another user may sign in next in the same tab.
      keepUnusedDataFor: 0,
    },
    updateProfile: {
      // The saved values show at once, not the old ones until the profile has reloaded.
      async onQueryStarted({ profileForm }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled
          dispatch(
            generatedApi.util.updateQueryData('getProfile', undefined, (draft) => {
              draft.data = withSavedValues(draft.data, profileForm)
            }),
          )
        } catch {
          // Nothing was saved.
        }
      },
      /** The header shows the name from the session, so the session reloads too. */
      invalidatesTags: ['Profile', 'Session'],
    },
    setNotificationEmails: {
      invalidatesTags: ['Profile'],
    },
  },
})

// The hooks are the generated ones: the tags and the lifecycle above apply to them, as this
// module runs before any component that imports them from here.
export { useGetProfileQuery, useSetNotificationEmailsMutation, useUpdateProfileMutation } from './endpoints/profile'
