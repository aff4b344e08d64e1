import { describe, expect, it } from 'vitest'
import { validateAddition } from './building-block-taxonomy'

describe('the taxonomy addition forms', () => {
  it('accept a parent, a name and a source, and name each one missing', () => {
    const form = { parent: '4', name: 'Safe house', source: 'Provincial DSD circular 2026/14', description: '' }
    expect(validateAddition(form, 'Choose a category.')).toEqual({})
    expect(validateAddition({ parent: '', name: '  ', source: ' ', description: '' }, 'Choose a category.')).toEqual({
      parent: 'Choose a category.',
      name: 'A name is required.',
      source: 'A source is required.',
    })
  })
})
