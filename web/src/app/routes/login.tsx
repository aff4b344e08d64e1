// /auth/login/
import { LoginScreen } from '../../features/auth/login-screen'

export function Component() {
  return <LoginScreen />
}
