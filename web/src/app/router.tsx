// Routes of section 2. Views other than the landing load lazily so the entry bundle stays small.
import { createBrowserRouter, redirect, type RouteObject } from 'react-router'
import { PublicLayout } from './public-layout'
import { withPublicViewsReplacing } from './history-policy'
import { AccountLayout } from './account-layout'
import { AnonymousOnly, RequireAuth } from './guards'
import { Component as HomeRoute } from './routes/home'
import { ErrorPage } from '../features/layout/error-page'
import { LoadingOverlay } from '../components/loading-overlay'
import { Action } from '../config/constants'
import { paths } from '../filters/paths'
import { ORGANISATION_ACTIONS } from '../session/landing'
import { adminRoute } from '../features/admin/routes'

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <ErrorPage />,
    // Shown while the first view's code loads; the public layout then keeps the same overlay up.
    hydrateFallbackElement: <LoadingOverlay />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          // The bare public index goes to home, keeping any filters.
          { index: true, loader: ({ request }) => redirect(paths.home + new URL(request.url).search) },
          {
            path: 'home',
            children: [
              // The landing view is part of the entry bundle (it is small; map and charts inside it load lazily).
              { index: true, Component: HomeRoute },
              { path: 'contact', lazy: () => import('./routes/contact') },
              { path: 'map', lazy: () => import('./routes/map') },
              { path: 'chart', lazy: () => import('./routes/chart') },
              { path: 'comparison', lazy: () => import('./routes/comparison') },
              { path: 'grid', lazy: () => import('./routes/grid') },
            ],
          },
          // The open data page: every dataset of the catalogue with its files (decision 0164). Not
          // filtered, so the layout leaves out the filter bar (`handle.filters`).
          { path: 'data', handle: { filters: false }, lazy: () => import('./routes/open-data') },
        ],
      },
      {
        element: <AccountLayout />,
        children: [
          // Private browsing and clearing the history, linked beside Quick exit.
          { path: 'cover-your-tracks', lazy: () => import('./routes/cover-your-tracks') },
          // The terms and conditions the sign-up form asks to accept.
          { path: 'terms', lazy: () => import('./routes/terms') },
          {
            path: 'auth',
            children: [
              {
                // Once authenticated, only add-password remains available of the auth screens.
                element: <AnonymousOnly />,
                children: [
                  { path: 'login', lazy: () => import('./routes/login') },
                  { path: 'sign-up', lazy: () => import('./routes/sign-up') },
                  { path: 'verify-otp', lazy: () => import('./routes/verify-otp') },
                  { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
                  { path: 'reset-password', lazy: () => import('./routes/reset-password') },
                ],
              },
              { path: 'add-password', lazy: () => import('./routes/add-password') },
            ],
          },
          {
            element: <RequireAuth />,
            children: [{ path: 'profile', lazy: () => import('./routes/profile') }],
          },
          // The admin console (features/admin/routes.tsx): /admin/ and its sub-routes.
          adminRoute,
          {
            // The organisation's designated person (ViewYourOrganisationSurveyResult, AddSurveyLink or
            // SetSurveyEffectiveDate) and health-check administrators.
            path: 'organisation',
            element: <RequireAuth anyOf={ORGANISATION_ACTIONS} />,
            children: [
              {
                lazy: () => import('../features/organisation/organisation-layout'),
                children: [
                  { index: true, lazy: () => import('./routes/organisation') },
                  { path: 'view/:resId', lazy: () => import('../features/organisation/results-view') },
                ],
              },
            ],
          },
          // The anonymous survey of an invite link: no account needed.
          { path: 'Questionnaire/SurveyQuestions', lazy: () => import('./routes/survey-questions') },
          {
            path: 'buildingBlock',
            element: <RequireAuth action={Action.BuildingBlockAdmin} />,
            children: [
              { index: true, lazy: () => import('./routes/building-block') },
              { path: 'manage/:boundaryId/:bldId', lazy: () => import('./routes/building-block-manage') },
              // The verification queue and the review
              // (docs/decisions/0056-the-verification-queue-and-the-review.md).
              { path: 'queue', lazy: () => import('./routes/building-block-queue') },
              { path: 'review/:stakeholderId', lazy: () => import('./routes/building-block-review') },
              // The bulk load by a province (docs/decisions/0059-bulk-load-of-provider-details.md).
              {
                path: 'bulkLoad',
                element: <RequireAuth action={Action.ImportBuildingBlockData} />,
                children: [{ index: true, lazy: () => import('./routes/building-block-bulk-load') }],
              },
              // A provider missing from the directory
              // (docs/decisions/0100-proposed-and-closed-providers.md).
              { path: 'propose', lazy: () => import('./routes/building-block-propose') },
              // Additions to the taxonomy (docs/decisions/0053-additions-to-the-taxonomy.md).
              {
                path: 'taxonomy',
                element: <RequireAuth action={Action.CreateNewBuildingBlock} />,
                children: [{ index: true, lazy: () => import('./routes/building-block-taxonomy') }],
              },
            ],
          },
        ],
      },
      // Unknown paths go to the public index.
      { path: '*', loader: () => redirect(paths.root) },
    ],
  },
]

/** The app's router; public views replace their history entry (history-policy.ts). */
export function makeRouter() {
  return createBrowserRouter(routes, { window: withPublicViewsReplacing(window) })
}
