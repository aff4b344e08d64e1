// The frame of the organisation area (inside the account layout and its guard): the shared toasts
// (admin spec §8) and the area's styles, loaded with this chunk only.
import { Outlet } from 'react-router'
import { ToastProvider } from '../../components/toasts'
import { Credits } from '../../components/credits'
import { credits } from '../../config/strings'
import './organisation.css'

/** Layout route of /organisation/ and /organisation/view/:resId. */
export function OrganisationLayout() {
  return (
    <ToastProvider>
      <div className="hc-area">
        <Credits lines={[credits.healthCheck]} />
        <Outlet />
      </div>
    </ToastProvider>
  )
}

export { OrganisationLayout as Component }
