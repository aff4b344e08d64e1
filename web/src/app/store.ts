// Redux store: the RTK Query cache, the small UI slice and the session's CSRF token.
import { combineSlices, configureStore } from '@reduxjs/toolkit'
import { setupListeners } from '@reduxjs/toolkit/query'
import { baseApi } from '../api/base-api'
import { availabilitySlice } from '../api/availability-slice'
import { csrfSlice } from '../api/csrf-slice'
import { uiSlice } from './ui-slice'

const rootReducer = combineSlices(baseApi, uiSlice, csrfSlice, availabilitySlice)
export type RootState = ReturnType<typeof rootReducer>

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  })
  setupListeners(store.dispatch)
  return store
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']
