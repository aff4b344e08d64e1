// The header's bottom bar: view icons, category choice and the geography cascade. It sticks to
// the top of the screen once the page scrolls past it.
import { CategoryButtons, CategorySelect } from './category-picker'
import { GeographyCascade } from './geography-cascade'
import { OptionsPicker } from './options-picker'
import { ViewNav } from './view-nav'
import { strings } from '../../config/strings'

export function BottomBar() {
  return (
    <div className="bottom-bar" role="region" aria-label={strings.filters.label}>
      <div className="bottom-bar__row">
        <ViewNav />
        <div className="bottom-bar__mobile-only"><CategorySelect /></div>
        <GeographyCascade />
      </div>
      <div className="bottom-bar__row bottom-bar__row--categories">
        <div className="bottom-bar__desktop-only"><CategoryButtons /></div>
        <OptionsPicker />
      </div>
    </div>
  )
}
