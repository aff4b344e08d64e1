// The admin console's toasts are the shared ones (src/components/toasts.tsx).
export { ToastProvider, useToast, type ToastKind } from '../../../components/toasts'
