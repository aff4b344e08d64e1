// /auth/add-password/
import { AddPasswordScreen } from '../../features/auth/add-password-screen'

export function Component() {
  return <AddPasswordScreen />
}
