// Entry point: store, router, styles.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { RouterProvider } from 'react-router'
import { makeStore } from './app/store'
import { makeRouter } from './app/router'
import './styles.css'

const store = makeStore()
const router = makeRouter()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
)
