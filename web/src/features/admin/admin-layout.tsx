// The frame of every admin screen (inside the account layout and its WorldOfImpactAdmin guard):
// the toasts, the loading overlay and the admin styles, which load with this chunk only.
import { Outlet } from 'react-router'
import { BusyProvider } from './components/busy'
import { ToastProvider } from './components/toasts'
import './admin.css'

function AdminLayout() {
  return (
    <ToastProvider>
      <BusyProvider>
        {(busy) => (
          <div className="admin-page" aria-busy={busy}>
            <Outlet />
          </div>
        )}
      </BusyProvider>
    </ToastProvider>
  )
}

export { AdminLayout as Component }
