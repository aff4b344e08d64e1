// UI state shared across views: grid card order per parent boundary (kept while browsing).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export interface UiState {
  /** Boundary ids in the order the user arranged them, keyed by the parent boundary id. */
  gridOrder: Record<string, number[]>
}

const initialState: UiState = { gridOrder: {} }

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    setGridOrder(state, action: PayloadAction<{ key: string; order: number[] }>) {
      state.gridOrder[action.payload.key] = action.payload.order
    },
  },
  selectors: {
    selectGridOrder: (state, key: string) => state.gridOrder[key],
  },
})

export const { setGridOrder } = uiSlice.actions
export const { selectGridOrder } = uiSlice.selectors
