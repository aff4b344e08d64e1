// The 'Reason for rejection' choice (sections 2 and 5): Duplicated Organisation (the default) or
// Other with required free text; changing away from Other clears the text.
import { adminStrings } from '../../../config/admin-strings'
import { EmailTemplate } from '../admin-constants'

export type RejectReason = 'duplicated' | 'other'

export interface RejectState {
  reason: RejectReason
  text: string
  /** The message beneath the text box after a refused submit. */
  error: string | null
}

export type RejectEvent = { type: 'choose'; reason: RejectReason } | { type: 'type'; text: string } | { type: 'submit' }

export const initialReject: RejectState = { reason: 'duplicated', text: '', error: null }

export function rejectReducer(state: RejectState, event: RejectEvent): RejectState {
  switch (event.type) {
    case 'choose':
      if (event.reason === state.reason) return state
      return { reason: event.reason, text: event.reason === 'other' ? state.text : '', error: null }
    case 'type':
      return { ...state, text: event.text, error: state.error && event.text.trim() ? null : state.error }
    case 'submit':
      return { ...state, error: rejectErrors(state)[0] ?? null }
  }
}

export function rejectErrors(state: Pick<RejectState, 'reason' | 'text'>): string[] {
  return state.reason === 'other' && !state.text.trim() ? [adminStrings.reject.required] : []
}

/** The e-mail template and the reason sent with the rejection. */
export function rejectionOf(state: Pick<RejectState, 'reason' | 'text'>): {
  EmailTemplateType: number
  RejectedReasons: string
} {
  return state.reason === 'other'
    ? { EmailTemplateType: EmailTemplate.Other, RejectedReasons: state.text.trim() }
    : { EmailTemplateType: EmailTemplate.DuplicateOrganization, RejectedReasons: adminStrings.reject.duplicated }
}
