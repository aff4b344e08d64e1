// Public route paths (section 2) and the view each one is.

export const paths = {
  root: '/',
  home: '/home',
  contact: '/home/contact',
  map: '/home/map',
  chart: '/home/chart',
  comparison: '/home/comparison',
  grid: '/home/grid',
  // The open data page: the datasets as files (not filtered; the filter bar is not shown).
  openData: '/data',
} as const

export type View = keyof typeof paths

export function viewFromPath(pathname: string): View {
  const clean = pathname.replace(/\/+$/, '') || '/'
  for (const [view, path] of Object.entries(paths) as [View, string][]) {
    if (path === clean) return view
  }
  return 'home'
}
