// A provider's contact card (spec §2 "Contact directory"; the map's stakeholder modal): phone
// numbers and e-mail, the address when one was captured (never for a shelter: the server sends
// none), and the verified requirements, each toggling its contact persons.
import { useState } from 'react'
import type { ContactSearchResult, DirectoryContact } from '../api/generated'
import { strings } from '../config/strings'
import { NoData } from './status'

function Contacts({ contacts, empty }: { contacts: DirectoryContact[]; empty: string }) {
  if (!contacts.length) return <NoData message={empty} />
  return (
    <ul className="plain-list">
      {contacts.map((c) => (
        <li key={c.contactId}>
          {c.areaCode ? `${c.areaCode} ` : ''}
          {c.detail}
        </li>
      ))}
    </ul>
  )
}

export function ContactCard({ result, headingLevel = 3 }: { result: ContactSearchResult; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  const [open, setOpen] = useState<number | null>(null)
  return (
    <li className="card contact-card">
      <Heading className="card__title">{result.name}</Heading>
      <p className="card__subtitle">
        {[result.buildingBlock, result.localMunicipalityName].filter(Boolean).join(' · ')}
      </p>
      <Contacts contacts={result.contacts} empty={strings.contact.noContacts} />
      {result.address?.addressLine1 ? (
        <p>{result.address.addressLine1}</p>
      ) : (
        <NoData message={strings.contact.noAddresses} />
      )}
      {result.buildingBlockRequirements.length === 0 ? (
        <NoData message={strings.contact.noServices} />
      ) : (
        <ul className="requirement-list">
          {result.buildingBlockRequirements.map((req) => (
            <li key={req.buildingBlockRequirementId}>
              <button
                type="button"
                className="text-button"
                aria-expanded={open === req.buildingBlockRequirementId}
                onClick={() =>
                  setOpen((v) => (v === req.buildingBlockRequirementId ? null : req.buildingBlockRequirementId))
                }
              >
                {req.name}
              </button>
              {open === req.buildingBlockRequirementId ? (
                req.stakeholderContactPerson.length === 0 ? (
                  <NoData message={strings.contact.noContactDetails} />
                ) : (
                  <ul className="plain-list">
                    {req.stakeholderContactPerson.map((person) => (
                      <li key={person.contactId}>
                        <strong>{person.name}</strong>
                        {person.role ? <span className="contact-card__role">, {person.role}</span> : null}
                        <Contacts contacts={person.contacts} empty={strings.contact.noContactDetails} />
                      </li>
                    ))}
                  </ul>
                )
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}
