// The contact card of one provider of the directory, as a map pin's modal shows it: the
// building-block map's provider pins and the crime map's police stations.
import { providerContactArgs, useSearchContactsQuery } from '../api/contact-api'
import { ContactCard } from './contact-card'
import { ErrorMessage, NoData, Spinner } from './status'
import { strings } from '../config/strings'

/**
 * The stakeholder modal of a pin (the specification's name): the contact card of provider
 * `providerId` (the directory's `stakeholderId`).
 */
export function ProviderContacts({ providerId }: { providerId: string }) {
  const q = useSearchContactsQuery(providerContactArgs(providerId))
  if (q.isLoading) return <Spinner />
  if (q.isError || !q.data) return <ErrorMessage />
  if (q.data.length === 0) return <NoData message={strings.contact.noContacts} />
  return (
    <ul className="contact-list" data-testid="provider-contacts">
      {q.data.map((r) => (
        <ContactCard key={r.stakeholderId} result={r} headingLevel={4} />
      ))}
    </ul>
  )
}
