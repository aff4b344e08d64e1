// /auth/sign-up/
import { SignUpScreen } from '../../features/auth/sign-up-screen'

export function Component() {
  return <SignUpScreen />
}
