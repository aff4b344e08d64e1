// The product mark: an awareness ribbon on the product blue. Decorative next to the visible name.
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#2E539D" />
      <path
        d="M32 10c-7 0-11 5-11 11 0 5 3 10 7 15l-9 14 5 4 8-12 8 12 5-4-9-14c4-5 7-10 7-15 0-6-4-11-11-11zm0 6c3 0 5 2 5 5 0 3-2 7-5 10-3-3-5-7-5-10 0-3 2-5 5-5z"
        fill="#fff"
      />
      <path d="M32 16c3 0 5 2 5 5 0 3-2 7-5 10-3-3-5-7-5-10 0-3 2-5 5-5z" fill="#A8161D" />
    </svg>
  )
}
