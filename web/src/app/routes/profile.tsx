// /profile/ (signed-in users only).
import { ProfilePage } from '../../features/profile/profile-page'

export function Component() {
  return <ProfilePage />
}
