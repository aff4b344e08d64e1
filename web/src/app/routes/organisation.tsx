// /organisation/ (HealthCheckAdmin): a placeholder until the organisation dashboard is built.
import { accountPaths } from '../../config/routes'
import { strings } from '../../config/strings'
import { AreaHome } from '../../features/areas/area-home'

export function Component() {
  return <AreaHome title={strings.areas.organisationTitle} path={accountPaths.organisation} />
}
