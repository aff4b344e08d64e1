// The header's bottom bar: view icons, category choice and the geography cascade. On wide screens
// it sticks to the top of the screen. On mobile it stays in place until the page scrolls past it,
// then a compact bar with the view icons sticks to the top (section 2).
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { CategoryButtons, CategorySelect } from './category-picker'
import { GeographyCascade } from './geography-cascade'
import { OptionsPicker } from './options-picker'
import { ViewNav } from './view-nav'
import { strings } from '../../config/strings'
import { useIsMobileDashboard } from '../../lib/use-media-query'
import { useFilters } from '../../filters/use-filters'
import { chooseCategory } from '../../filters/selection'

export function BottomBar() {
  const mobile = useIsMobileDashboard()
  const { filters, view, update } = useFilters()
  // The grid on phones: the sticky bar keeps Clear (back to the category cards) and 'Filter by'.
  const gridFilters = mobile && view === 'grid' && filters.componentId != null
  const slot = useRef<HTMLDivElement>(null)
  const bar = useRef<HTMLDivElement>(null)
  const [stuck, setStuck] = useState(false)
  const [height, setHeight] = useState<number | undefined>(undefined)

  // No dependency list on purpose: the bar's height follows its content, so it is measured after
  // every render; setHeight with an unchanged number does not render again.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- measures after every render (see above)
  useLayoutEffect(() => {
    if (!stuck && bar.current) setHeight(bar.current.offsetHeight)
  })

  useEffect(() => {
    if (!mobile) {
      setStuck(false)
      return
    }
    const onScroll = () => {
      const top = slot.current?.getBoundingClientRect().top ?? 0
      setStuck(top + (height ?? 0) < 0)
    }
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [mobile, height])

  return (
    <div ref={slot} className="bottom-bar-slot" style={mobile && stuck ? { height } : undefined}>
      <div
        ref={bar}
        className={`bottom-bar ${mobile && stuck ? 'bottom-bar--stuck' : ''}`}
        role="region"
        aria-label={strings.filters.label}
      >
        <div className="bottom-bar__row">
          <ViewNav />
          <div className="bottom-bar__mobile-only bottom-bar__filter">
            <CategorySelect />
          </div>
          <div className="bottom-bar__filter bottom-bar__geography">
            <GeographyCascade />
          </div>
        </div>
        <div className={`bottom-bar__row bottom-bar__row--categories${gridFilters ? ' bottom-bar__row--grid' : ''}`}>
          <div className="bottom-bar__desktop-only">
            <CategoryButtons />
          </div>
          <OptionsPicker />
          {gridFilters ? (
            <button
              type="button"
              className="button button--outline bottom-bar__clear"
              data-testid="grid-clear"
              onClick={() => update(chooseCategory(filters, null))}
            >
              {strings.filters.clear}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  )
}
