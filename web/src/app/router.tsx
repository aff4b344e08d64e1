// Public routes (section 2). Views other than the landing load lazily so the entry bundle stays small.
import { createBrowserRouter, redirect, type RouteObject } from 'react-router'
import { PublicLayout } from './public-layout'
import { Component as HomeRoute } from './routes/home'
import { ErrorPage } from '../features/layout/error-page'
import { LoadingOverlay } from '../features/layout/loading-overlay'
import { paths } from '../filters/paths'

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <ErrorPage />,
    // Shown while the first view's code loads; the layout then keeps the same overlay up.
    hydrateFallbackElement: <LoadingOverlay />,
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
      // Unknown paths go to the public index.
      { path: '*', loader: () => redirect(paths.root) },
    ],
  },
]

export function makeRouter() {
  return createBrowserRouter(routes)
}
