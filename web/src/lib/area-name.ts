// The name of an area as the reader's language says it. Places keep the names their sources give
// them (the Municipal Demarcation Board's, SAPS's); the nation is named by the catalog, so that a
// heading in Afrikaans reads "Kaart van Suid-Afrika", as the area selector does.
import { strings } from '../config/strings'

/** The name of `boundary` to show: the catalog's name of the nation for the national boundary
 * (`level` `national`), the source's name (`description`) for any other; empty while unknown. */
export function areaName(boundary: { level: string; description: string } | null | undefined): string {
  if (!boundary) return ''
  return boundary.level === 'national' ? strings.filters.allProvinces : boundary.description
}
