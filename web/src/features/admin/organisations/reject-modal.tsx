// 'Reason for rejection' (section 2): Duplicated Organisation (default) or Other, which needs the
// reason typed in (placeholder 'please specify rejection reason'); switching away from Other
// clears the text.
import { useEffect, useId, useReducer, useRef } from 'react'
import { FieldErrorList } from '../../../components/form'
import { Modal } from '../../../components/modal'
import { adminStrings } from '../../../config/admin-strings'
import { initialReject, rejectErrors, rejectReducer, rejectionOf } from './reject-model'

const r = adminStrings.reject

export function RejectModal({
  busy,
  onReject,
  onClose,
}: {
  busy: boolean
  onReject: (decision: ReturnType<typeof rejectionOf>) => void
  onClose: () => void
}) {
  const [state, dispatch] = useReducer(rejectReducer, initialReject)
  const id = useId()
  const text = useRef<HTMLTextAreaElement>(null)
  const other = state.reason === 'other'

  useEffect(() => {
    if (state.error) text.current?.focus()
  }, [state.error])

  function submit(event: React.FormEvent) {
    event.preventDefault()
    dispatch({ type: 'submit' })
    if (rejectErrors(state).length) return
    onReject(rejectionOf(state))
  }

  return (
    <Modal
      title={r.title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--outline" onClick={onClose} disabled={busy}>
            {r.cancel}
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="button button--danger"
            disabled={busy}
            data-testid="confirm-reject"
          >
            {busy ? r.submitting : r.submit}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="reject-form">
        <fieldset className="reject-form__reasons">
          <legend className="visually-hidden">{r.reasons}</legend>
          <label className="check">
            <input
              type="radio"
              name="reason"
              value="duplicated"
              checked={state.reason === 'duplicated'}
              onChange={() => dispatch({ type: 'choose', reason: 'duplicated' })}
            />
            <span>{r.duplicated}</span>
          </label>
          <label className="check">
            <input
              type="radio"
              name="reason"
              value="other"
              checked={other}
              onChange={() => dispatch({ type: 'choose', reason: 'other' })}
            />
            <span>{r.other}</span>
          </label>
        </fieldset>
        {other ? (
          <div className={`form-field ${state.error ? 'form-field--invalid' : ''}`}>
            <label htmlFor={`${id}-text`}>{r.otherLabel}</label>
            <textarea
              id={`${id}-text`}
              ref={text}
              rows={4}
              value={state.text}
              placeholder={r.placeholder}
              onChange={(e) => dispatch({ type: 'type', text: e.target.value })}
              aria-required="true"
              aria-invalid={Boolean(state.error)}
              aria-describedby={state.error ? `${id}-errors` : undefined}
            />
            <FieldErrorList id={`${id}-errors`} errors={state.error ? [state.error] : undefined} />
          </div>
        ) : null}
      </form>
    </Modal>
  )
}
