// /auth/reset-password/
import { ResetPasswordScreen } from '../../features/auth/reset-password-screen'

export function Component() {
  return <ResetPasswordScreen />
}
