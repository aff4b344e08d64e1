// /auth/verify-otp/
import { OtpScreen } from '../../features/auth/otp-screen'

export function Component() {
  return <OtpScreen />
}
