// Pure rules of the admin dashboard's cards.

/** Progress colour: red under a third, orange under two thirds, green above (section 9 colours). */
export function progressTone(value: number, total: number): 'low' | 'mid' | 'high' {
  const ratio = total > 0 ? value / total : 0
  return ratio >= 2 / 3 ? 'high' : ratio >= 1 / 3 ? 'mid' : 'low'
}
