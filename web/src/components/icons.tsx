// Small inline icons for the bottom bar and card actions; always paired with a text label.
type IconProps = { size?: number }

function Svg({ size = 22, children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}

export const HomeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 11l9-7 9 7" />
    <path d="M5 10v10h5v-6h4v6h5V10" />
  </Svg>
)
export const MapIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9 4L3 6v14l6-2 6 2 6-2V4l-6 2-6-2z" />
    <path d="M9 4v14M15 6v14" />
  </Svg>
)
export const GridIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="3" width="7" height="7" />
    <rect x="14" y="3" width="7" height="7" />
    <rect x="3" y="14" width="7" height="7" />
    <rect x="14" y="14" width="7" height="7" />
  </Svg>
)
export const ChartIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 20V10M10 20V4M16 20v-8M22 20H2" />
  </Svg>
)
export const MenuIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </Svg>
)
export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
)
export const FilterIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 5h18l-7 8v6l-4-2v-4L3 5z" />
  </Svg>
)
export const ExternalIcon = (p: IconProps) => (
  <Svg size={p.size ?? 14}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />
  </Svg>
)
export const ArrowUpIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Svg>
)
export const ArrowDownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 5v14M5 12l7 7 7-7" />
  </Svg>
)
export const ToTopIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 4h14M12 20V8M6 14l6-6 6 6" />
  </Svg>
)
export const ToBottomIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 20h14M12 4v12M6 10l6 6 6-6" />
  </Svg>
)
export const ExpandIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </Svg>
)
export const CollapseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
  </Svg>
)
export const SortIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M7 4v16M3 16l4 4 4-4M17 20V4M13 8l4-4 4 4" />
  </Svg>
)
export const DragIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="9" cy="6" r="1" />
    <circle cx="15" cy="6" r="1" />
    <circle cx="9" cy="12" r="1" />
    <circle cx="15" cy="12" r="1" />
    <circle cx="9" cy="18" r="1" />
    <circle cx="15" cy="18" r="1" />
  </Svg>
)
export const DownloadIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 4v11M7 10l5 5 5-5M4 20h16" />
  </Svg>
)
export const TableIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="4" width="18" height="16" />
    <path d="M3 10h18M3 15h18M9 4v16" />
  </Svg>
)
export const ImageIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 17l-5-5-9 8" />
  </Svg>
)
/** A card's full series (the dataset it is part of). */
export const SeriesIcon = (p: IconProps) => (
  <Svg {...p}>
    <ellipse cx="12" cy="5" rx="8" ry="3" />
    <path d="M4 5v14c0 1.7 3.6 3 8 3s8-1.3 8-3V5M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" />
  </Svg>
)
/** Embed: code brackets. */
export const EmbedIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" />
  </Svg>
)
/** Cite: a quotation mark. */
export const CiteIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M7 7h4v5c0 2.5-1.5 4.5-4 5M15 7h4v5c0 2.5-1.5 4.5-4 5" />
  </Svg>
)

/** The back arrow of page headers (admin console, organisation results); pair it with a label. */
export function BackArrowIcon() {
  return (
    <Svg>
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </Svg>
  )
}

/**
 * The icon of a building-block category (taxonomy.json ids: 1 Police, 2 Justice, 3 Health,
 * 4 Shelter and psychosocial support); a neutral square for any later category. Decorative:
 * the category's name is always beside it.
 */
export function BuildingBlockCategoryIcon({ categoryId, size = 18 }: { categoryId: number; size?: number }) {
  return (
    <span className={`bb-icon bb-icon--${categoryId}`} data-testid="bb-category-icon" aria-hidden="true">
      <Svg size={size}>
        {categoryId === 1 ? (
          // A shield.
          <path d="M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6l8-3z" />
        ) : categoryId === 2 ? (
          // Scales of justice.
          <>
            <path d="M12 3v18M7 21h10M4 7h16" />
            <path d="M6 7l-3 6a3 3 0 006 0L6 7zM18 7l-3 6a3 3 0 006 0l-3-6z" />
          </>
        ) : categoryId === 3 ? (
          // A medical cross.
          <path d="M9 3h6v6h6v6h-6v6H9v-6H3V9h6V3z" />
        ) : categoryId === 4 ? (
          // A house with a heart.
          <>
            <path d="M3 11l9-7 9 7M5 10v10h14V10" />
            <path d="M12 18l-2.6-2.5a1.6 1.6 0 012.6-1.9 1.6 1.6 0 012.6 1.9L12 18z" />
          </>
        ) : (
          <rect x="5" y="5" width="14" height="14" rx="2" />
        )}
      </Svg>
    </span>
  )
}
