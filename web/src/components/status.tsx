// Loading, error and empty states used by every card and view (section 8 wording).
import { strings } from '../config/strings'

export function Spinner({ label = strings.messages.loading }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  )
}

export function ErrorMessage({ message = strings.messages.generic }: { message?: string }) {
  return (
    <p className="message message--error" role="alert">
      {message}
    </p>
  )
}

export function NoData({ message = strings.messages.noData }: { message?: string }) {
  return <p className="message message--empty">{message}</p>
}

/** Spinner while loading, the error message on failure, the empty message when there is nothing. */
export function QueryState({
  isLoading,
  isError,
  isEmpty,
  errorMessage,
  emptyMessage,
  children,
}: {
  isLoading: boolean
  isError: boolean
  isEmpty: boolean
  errorMessage?: string
  emptyMessage?: string
  children: React.ReactNode
}) {
  if (isLoading) return <Spinner />
  if (isError) return <ErrorMessage message={errorMessage} />
  if (isEmpty) return <NoData message={emptyMessage} />
  return <>{children}</>
}
