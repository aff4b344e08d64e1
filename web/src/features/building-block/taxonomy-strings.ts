// Translated through the message catalogs (src/locales) under the prefix `taxonomy`: ids `taxonomy.*`.
// Wording of the administrators' additions to the building-block taxonomy
// (docs/decisions/0053-additions-to-the-taxonomy.md); the specification has none.
import { message, registerStrings } from '../../i18n/runtime'

export const taxonomyStrings = registerStrings('taxonomy', {
  link: 'Building blocks and requirements',
  title: 'Building blocks and requirements',
  intro:
    'Add a building block or a requirement to the national taxonomy, with the Act, policy or circular that asks for it. Each addition is a new version of the taxonomy; a new shipped file keeps it.',
  version: message<[number]>('Taxonomy version {version}', 'version'),
  addBlock: 'Add a building block',
  addRequirement: 'Add a requirement',
  category: 'Category',
  buildingBlock: 'Building block',
  name: 'Name',
  source: 'Source',
  sourceHint: 'The Act, policy, circular or programme that asks for it, e.g. “Provincial DSD circular 2026/14”.',
  description: 'Description (optional)',
  locatedNote:
    'The providers of an added building block are mapped with their location. A kind of place whose location must stay protected, as shelters, cannot be added here.',
  choose: 'Choose…',
  addBlockButton: 'Add building block',
  addRequirementButton: 'Add requirement',
  blockAdded: message<[string]>('Building block “{name}” added.', 'name'),
  requirementAdded: message<[string]>('Requirement “{name}” added.', 'name'),
  nameRequired: 'A name is required.',
  sourceRequired: 'A source is required.',
  categoryRequired: 'Choose a category.',
  blockRequired: 'Choose a building block.',
  failed: 'The addition was not recorded.',
  taxonomy: 'The taxonomy',
  addedTag: message<[number]>('added in version {version}', 'version'),
  noRequirements: 'No requirements yet: its availability is shown once it has one.',
  history: 'Versions',
  historyEmpty: 'No version recorded yet.',
  columns: { under: 'Under', source: 'Source', description: 'Description', by: 'By', when: 'When' },
  importedBy: 'The import of the shipped files',
  // Indexed by a version's kind, any string: the assertion widens the type (the rule misreads
  // registerStrings' inference of it).
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  kinds: { file: 'Shipped file', block: 'Building block', requirement: 'Requirement' } as Record<string, string>,
})

/** A shipped file's title with its version, if any, in brackets (formatting, no words). */
export function taxonomyFileName(title: string, version: string | null | undefined): string {
  return version ? `${title} (${version})` : title
}
