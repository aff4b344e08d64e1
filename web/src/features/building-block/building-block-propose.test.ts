import { describe, expect, it } from 'vitest'
import { validateProposal } from './building-block-propose'
import { areaBounds } from './area-bounds'

const form = {
  name: 'Hillbrow Community Clinic',
  buildingBlockId: '3',
  municipalityId: '1000',
  receptionNumber: '011 555 0101',
  alternateNumber: '',
  physicalAddress: '',
  longitude: '',
  latitude: '',
}

describe('the proposal form', () => {
  it('accepts a whole form and names each missing or wrong field', () => {
    expect(validateProposal(form)).toEqual({})
    expect(
      validateProposal({ ...form, name: ' ', buildingBlockId: '', municipalityId: '', alternateNumber: '011-5' }),
    ).toEqual({
      name: 'Name is required.',
      buildingBlockId: 'Choose a building block.',
      municipalityId: 'Choose a municipality.',
      alternateNumber: 'Only digits are accepted.',
    })
  })

  it('frames a municipality by its polygons', () => {
    const square = [
      [
        [28, -26],
        [28.2, -26],
        [28.2, -26.3],
        [28, -26],
      ],
    ]
    const area = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', id: 1, geometry: { type: 'Polygon', coordinates: square }, properties: {} }],
    } as unknown as Parameters<typeof areaBounds>[0]
    expect(areaBounds(area)).toEqual([
      [28, -26.3],
      [28.2, -26],
    ])
    expect(areaBounds({ ...area, features: [] })).toBeNull()
  })
})
