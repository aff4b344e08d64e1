// The colour legend drawn over the map, from the API's colorLegend.
import type { ColorBand } from '../../api/types'
import { strings } from '../../config/strings'
import { bandLabel, levelName } from '../../lib/legend'

export function MapLegend({
  scale,
  title = strings.map.legendTitle,
  plain = false,
  notVerified = false,
  extra = [],
}: {
  scale: ColorBand[]
  title?: string
  /** Show each band's description alone (bands named by their range, e.g. '1%-24%'). */
  plain?: boolean
  /**
   * Add the hatched class of areas whose listed providers are not yet verified (none, or too
   * few to speak for the area), with the coverage rule in words below the classes.
   */
  notVerified?: boolean
  /** Further classes of the map's own, before 'No data'. */
  extra?: { color: string; label: string }[]
}) {
  if (!scale.length) return null
  return (
    <div className="map-legend" data-testid="map-legend">
      <h3 className="map-legend__title">{title}</h3>
      <ul>
        {scale.map((band) => (
          <li key={`${band.start}-${band.end}`}>
            <span className="map-legend__swatch" style={{ background: band.color }} aria-hidden="true" />
            {plain && band.description ? levelName(band.description) : bandLabel(band)}
          </li>
        ))}
        {extra.map((e) => (
          <li key={e.label}>
            <span className="map-legend__swatch" style={{ background: e.color }} aria-hidden="true" />
            {e.label}
          </li>
        ))}
        {notVerified ? (
          <li>
            <span className="map-legend__swatch map-legend__swatch--not-verified" aria-hidden="true" />
            {strings.availability.notYetVerified}
          </li>
        ) : null}
        <li>
          <span className="map-legend__swatch map-legend__swatch--no-data" aria-hidden="true" />
          {strings.map.noData}
        </li>
      </ul>
      {notVerified ? <p className="map-legend__note">{strings.availability.coverageRule}</p> : null}
    </div>
  )
}
