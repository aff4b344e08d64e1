// src/api/form-rules.json (written by `npm run gen:api`) is the copy of the OpenAPI document's
// validation keywords that the forms' schemas are built from: it must say what the document says,
// keyword for keyword, for every property of every body it holds. (ops/test's gen:api:check
// compares the whole file too.)
import { describe, expect, it } from 'vitest'
import { meetsRules, type PropertyRule } from '../lib/openapi-rules'
import formRules from './form-rules.json'
import openapi from './openapi.json'

const KEYWORDS = ['maxLength', 'minLength', 'pattern', 'format', 'minimum', 'maximum'] as const

interface Schema {
  required?: string[]
  properties?: Record<string, Record<string, unknown>>
}
const documentSchemas = openapi.components.schemas as unknown as Record<string, Schema>
const copied = formRules as Record<string, { required: string[]; properties: Record<string, PropertyRule> }>

describe('the form rules are the OpenAPI document’s', () => {
  it.each(Object.keys(copied))('%s', (name) => {
    const document = documentSchemas[name]
    expect(document, `${name} is in the document`).toBeDefined()
    expect(copied[name].required).toEqual(document.required ?? [])
    expect(Object.keys(copied[name].properties).sort()).toEqual(Object.keys(document.properties ?? {}).sort())
    for (const [property, rule] of Object.entries(copied[name].properties)) {
      for (const keyword of KEYWORDS) {
        expect(rule[keyword], `${name}.${property} ${keyword}`).toEqual(document.properties?.[property][keyword])
      }
    }
  })

  it('every string format of these bodies has a check (none is skipped)', () => {
    for (const schema of Object.values(copied))
      for (const rule of Object.values(schema.properties)) expect(() => meetsRules([rule])).not.toThrow()
  })
})
