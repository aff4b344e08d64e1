// Mounts its children only when their place comes near the viewport ("Bytes on a
// phone"): the map library and the chart library are large downloads, and most visitors in South
// Africa pay for mobile data by the megabyte. Until then a box of `minHeight` keeps the layout
// from jumping. Where IntersectionObserver does not exist (old browsers, jsdom) the children
// mount at once.
import { useEffect, useRef, useState, type ReactNode } from 'react'

interface Props {
  children: ReactNode
  /** Height of the empty box before mounting (CSS length). */
  minHeight: string
  /** How far outside the viewport mounting starts (IntersectionObserver rootMargin). */
  rootMargin?: string
  /** Identifies the box in tests. */
  testId?: string
  /** Start watching only once this is true: while the content above is still loading it is
   *  short, and the box would be in view although it will not be once that content is there. */
  layoutSettled?: boolean
}

export function WhenVisible({
  children,
  minHeight,
  rootMargin = '0px 0px 50px 0px',
  testId,
  layoutSettled = true,
}: Props) {
  const box = useRef<HTMLDivElement>(null)
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = box.current
    if (visible || !element || !layoutSettled) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true)
          observer.disconnect()
        }
      },
      { rootMargin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [visible, rootMargin, layoutSettled])
  if (visible) return <>{children}</>
  return <div ref={box} style={{ minHeight }} data-testid={testId} data-when-visible="waiting" aria-hidden="true" />
}
