import { describe, expect, it, vi, afterEach } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { dashboardHeading, decodeId, encodeId, managePath } from './building-block-dashboard'
import { validate } from './building-block-manage'
import { bbStrings } from './building-block-strings'
import { QuickExit } from '../../components/quick-exit'
import { links } from '../../config/constants'
import { strings } from '../../config/strings'

const base = {
  physicalAddress: '1 Church Street',
  postalAddress: '',
  receptionNumber: '0498460015',
  alternateNumber: '',
  emailAddress: '',
  available: [1],
  persons: [],
}

describe('building-block manage rules (spec §5)', () => {
  it('requires the physical address except for shelters and checks digits, 10-digit phones and e-mail', () => {
    expect(validate(base, false)).toEqual({})
    expect(validate({ ...base, physicalAddress: ' ' }, false)).toEqual({ physicalAddress: bbStrings.physicalRequired })
    expect(validate({ ...base, physicalAddress: '' }, true)).toEqual({})
    expect(validate({ ...base, receptionNumber: '049-846' }, false).receptionNumber).toBe(bbStrings.digitsOnly)
    const person = {
      key: 'k',
      buildingBlockRequirementId: 1,
      fullName: '',
      jobRole: null,
      mobileNumber: '123',
      emailAddress: 'x@',
      telephoneNumber: null,
      alternateNumber: null,
      isPublic: false,
    }
    expect(validate({ ...base, persons: [person] }, false)).toEqual({
      'k.fullName': bbStrings.nameRequired,
      'k.mobileNumber': bbStrings.tenDigits,
      'k.emailAddress': bbStrings.invalidEmail,
    })
  })

  it('encodes ids in the manage path and decodes them back', () => {
    expect(decodeId(encodeId(1042))).toBe(1042)
    expect(managePath(1042, 1)).toBe(`/buildingBlock/manage/${encodeId(1042)}/${encodeId(1)}`)
    expect(decodeId('not base64!')).toBeNull()
  })
})

describe('Quick exit', () => {
  afterEach(() => vi.restoreAllMocks())

  it('leaves with one click or Escape twice, replacing the history entry', () => {
    const replace = vi.fn()
    vi.stubGlobal('location', { ...window.location, replace })
    render(<QuickExit />)
    fireEvent.click(screen.getByRole('button', { name: strings.quickExit.label }))
    expect(replace).toHaveBeenCalledWith(links.quickExit)
    replace.mockClear()
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(replace).not.toHaveBeenCalled()
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(replace).toHaveBeenCalledTimes(1)
    vi.unstubAllGlobals()
  })
})

describe('the dashboard heading names its reader', () => {
  const joburg = { name: 'City of Johannesburg Metropolitan Municipality', provinceName: 'Gauteng' }
  const tshwane = { name: 'City of Tshwane Metropolitan Municipality', provinceName: 'Gauteng' }
  const cape = { name: 'City of Cape Town Metropolitan Municipality', provinceName: 'Western Cape' }
  const municipal = { reviews: false, administers: false }
  it('a municipality’s designated person sees their municipality', () => {
    expect(dashboardHeading([joburg], municipal)).toBe(
      'Municipality designated person: City of Johannesburg Metropolitan Municipality',
    )
    expect(dashboardHeading([joburg, tshwane], municipal)).toBe('Municipality designated person: 2 municipalities')
  })
  it('a province’s designated person sees the province and how many municipalities', () => {
    expect(dashboardHeading([joburg, tshwane], { reviews: true, administers: false })).toBe(
      'Provincial designated person: Gauteng | 2 municipalities',
    )
    expect(dashboardHeading([joburg], { reviews: true, administers: false })).toBe(
      'Provincial designated person: Gauteng | 1 municipality',
    )
    expect(dashboardHeading([joburg, cape], { reviews: true, administers: false })).toBe(
      'Provincial designated person: 2 provinces | 2 municipalities',
    )
  })
  it('an administrator keeps the specification’s System Admin; nobody sees an empty heading', () => {
    expect(dashboardHeading([joburg, cape], { reviews: true, administers: true })).toBe(
      'System Admin: 2 provinces | 2 municipalities',
    )
    expect(dashboardHeading([], municipal)).toBe(bbStrings.title)
  })
})
