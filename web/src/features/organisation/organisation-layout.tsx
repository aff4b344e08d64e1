// The frame of the organisation area: toasts (admin spec §8) and the shared admin styles, loaded
// with this chunk only.
import { Outlet } from 'react-router'
import { ToastProvider } from '../admin/components/toasts'
import '../admin/admin.css'
import './organisation.css'

function OrganisationLayout() {
  return (
    <ToastProvider>
      <div className="admin-page hc-area">
        <Outlet />
      </div>
    </ToastProvider>
  )
}

export { OrganisationLayout as Component }
