// The colour legend drawn over the map, from the API's colorLegend.
import type { ColorBand } from '../../api/types'
import { strings } from '../../config/strings'
import { bandLabel } from '../../lib/legend'

export function MapLegend({ scale, title = strings.map.legendTitle }: { scale: ColorBand[]; title?: string }) {
  if (!scale.length) return null
  return (
    <div className="map-legend" data-testid="map-legend">
      <h3 className="map-legend__title">{title}</h3>
      <ul>
        {scale.map((band) => (
          <li key={`${band.start}-${band.end}`}>
            <span className="map-legend__swatch" style={{ background: band.color }} aria-hidden="true" />
            {bandLabel(band)}
          </li>
        ))}
        <li>
          <span className="map-legend__swatch" style={{ background: '#d9d9d9' }} aria-hidden="true" />
          {strings.map.noData}
        </li>
      </ul>
    </div>
  )
}
