// The contact card shows a requirement's contact persons as published: name and job role, work
// numbers only.
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ContactCard } from './contact-card'

const result = {
  address: null,
  buildingBlock: 'Clinic',
  buildingBlockId: 3,
  localMunicipalityName: 'City of Johannesburg',
  name: 'Hillbrow Community Clinic',
  stakeholderId: 7,
  contacts: [{ areaCode: null, contactId: 1, contactTypeId: 3, detail: '0115550101' }],
  buildingBlockRequirements: [
    {
      buildingBlockRequirementId: 11,
      name: 'Post-exposure prophylaxis',
      stakeholderContactPerson: [
        {
          contactId: 'p-1',
          name: 'Thandi Nkosi',
          role: 'Nurse in charge',
          stakeholderTypeId: 2,
          contacts: [{ areaCode: null, contactId: 1, contactTypeId: 3, detail: '0115550102' }],
        },
        { contactId: 'p-2', name: 'Sipho Dlamini', role: null, stakeholderTypeId: 2, contacts: [] },
      ],
    },
  ],
}

describe('ContactCard', () => {
  it("shows each published contact person's job role beside the name", async () => {
    render(
      <ul>
        <ContactCard result={result} />
      </ul>,
    )
    await userEvent.setup().click(screen.getByRole('button', { name: 'Post-exposure prophylaxis' }))
    expect(screen.getByText('Thandi Nkosi').closest('li')).toHaveTextContent('Thandi Nkosi, Nurse in charge0115550102')
    expect(screen.getByText('Sipho Dlamini').closest('li')?.textContent).not.toContain(',')
  })
})
