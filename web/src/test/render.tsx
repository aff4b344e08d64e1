// Renders the real routes with a real store at a given URL (memory history) for integration tests.
import { render } from '@testing-library/react'
import { Provider } from 'react-redux'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { routes } from '../app/router'
import { makeStore } from '../app/store'

export function renderApp(url = '/home') {
  const store = makeStore()
  const router = createMemoryRouter(routes, { initialEntries: [url] })
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { ...view, store, router }
}
