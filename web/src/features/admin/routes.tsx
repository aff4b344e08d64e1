// The admin console's routes (admin spec section 2), mounted by app/router.tsx under the account
// layout. Every admin screen needs WorldOfImpactAdmin (the guard sends anonymous visitors to the
// public index, others to their own landing); the screens load lazily, so none of their code is
// in the landing page's bundle.
import { Navigate, type RouteObject } from 'react-router'
import { RequireAuth } from '../../app/guards'
import { Action } from '../../config/constants'

export const adminRoute: RouteObject = {
  path: 'admin',
  element: <RequireAuth action={Action.WorldOfImpactAdmin} />,
  children: [
    // The collective-action screen's former address (/admin/challenges/, with or without the
    // slash), kept for bookmarks: it leads to /admin/collective-actions/.
    {
      path: 'challenges',
      lazy: async () => {
        const { adminPaths } = await import('./admin-paths')
        return { element: <Navigate to={adminPaths.collectiveActions} replace /> }
      },
    },
    {
      lazy: () => import('./admin-layout'),
      children: [
        { index: true, lazy: () => import('./dashboard/dashboard-screen') },
        { path: 'questionnaire', lazy: () => import('./questionnaire/questionnaire-screen') },
        { path: 'collective-actions', lazy: () => import('./collective-actions/collective-actions-screen') },
        {
          path: 'organisations',
          children: [
            { index: true, lazy: () => import('./organisations/applications-screen') },
            { path: 'view/:orgId', lazy: () => import('./organisations/application-screen') },
          ],
        },
        {
          path: 'manage-users-groups',
          children: [
            { index: true, lazy: () => import('./users-groups/users-groups-screen') },
            { path: 'view-user/:userId', lazy: () => import('./users-groups/user-view-screen') },
            {
              path: 'create-user',
              lazy: async () => ({ Component: (await import('./users-groups/user-form-screen')).CreateUserScreen }),
            },
            {
              path: 'edit-user/:userId',
              lazy: async () => ({ Component: (await import('./users-groups/user-form-screen')).EditUserScreen }),
            },
            { path: 'view-group/:groupId', lazy: () => import('./users-groups/group-view-screen') },
            {
              path: 'create-group',
              lazy: async () => ({ Component: (await import('./users-groups/group-form-screen')).CreateGroupScreen }),
            },
            {
              path: 'edit-group/:groupId',
              lazy: async () => ({ Component: (await import('./users-groups/group-form-screen')).EditGroupScreen }),
            },
          ],
        },
      ],
    },
  ],
}

export const adminRoutes: RouteObject[] = [adminRoute]
