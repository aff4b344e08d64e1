// The route error element: 'Unexpected Application Error!' (section 8).
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { strings } from '../../config/strings'
import { paths } from '../../filters/paths'

export function ErrorPage() {
  const error = useRouteError()
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null
  if (error) console.error(error)
  return (
    <main className="error-page" id="main">
      <h1>{strings.messages.unexpectedError}</h1>
      {detail ? <p className="error-page__detail">{detail}</p> : null}
      <p>
        <a href={paths.home}>{strings.messages.backHome}</a>
      </p>
    </main>
  )
}
