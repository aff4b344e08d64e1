// The signed-in user's profile: GET /api/auth/profile and PUT /api/auth/updateProfile.
import { baseApi } from './base-api'
import type { AuthResult, Profile, ProfileUpdate } from './types'

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({
      query: () => 'auth/profile',
      transformResponse: (response: { data: Profile }) => response.data,
      providesTags: ['Profile'],
      // Another user may sign in next in the same tab.
      keepUnusedDataFor: 0,
    }),
    /** The header shows the name from the session, so the session reloads too. */
    updateProfile: build.mutation<AuthResult, ProfileUpdate>({
      query: (body) => ({ url: 'auth/updateProfile', method: 'PUT', body }),
      // The saved values show at once, not the old ones until the profile has reloaded.
      async onQueryStarted(update, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled
          dispatch(profileApi.util.updateQueryData('getProfile', undefined, (draft) => ({ ...draft, ...update })))
        } catch {
          // Nothing was saved.
        }
      },
      invalidatesTags: ['Profile', 'Session'],
    }),
  }),
})

export const { useGetProfileQuery, useUpdateProfileMutation } = profileApi
