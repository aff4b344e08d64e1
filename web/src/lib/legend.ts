// Map colour lookup (section 5): the first scale band with start <= density < end, else black.
import { catalogName } from './catalog-name'
import { colours } from '../config/constants'
import { strings } from '../config/strings'

export interface LegendBand {
  start: number
  end: number | null
  color: string
  description?: string | null
}

export function legendColour(
  scale: readonly LegendBand[] | null | undefined,
  density: number | null | undefined,
): string {
  if (density == null || !Number.isFinite(density) || !scale) return colours.noBand
  for (const band of scale) {
    const end = band.end == null ? Number.POSITIVE_INFINITY : band.end
    if (band.start <= density && density < end) return band.color
  }
  return colours.noBand
}

/** Human label for a band, e.g. 'Low (0 to 10)' or 'High (30 or more)'. */
export function bandLabel(band: LegendBand): string {
  const m = strings.legend
  const range = band.end == null || band.end >= 1e9 ? m.orMore(band.start) : m.toUnder(band.start, band.end)
  return band.description ? m.band(levelName(band.description), range) : range
}

/** A band's name in the reader's language: the crime scale's Low, Medium and High from the
 * catalog, any other name (a range such as '1%-24%') as the server gives it. */
export function levelName(description: string): string {
  return catalogName(strings.legend.levels, description, description)
}
