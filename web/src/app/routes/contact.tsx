// /home/contact: the contact directory.
import { ContactDirectory } from '../../features/contact/contact-directory'

export function Component() {
  return <ContactDirectory />
}
