// The sources a view credits in the footer. Every piece of a view that shows data (a map, a
// component's cards, the grid, the directory) declares its own credit lines with <Credits>; the
// footer lists the union of what is on screen, so each view credits exactly its own sources.
import { createContext, useContext, useEffect, useId, useMemo, useState, type ReactNode } from 'react'
import { credits as creditLines } from '../config/strings'

type Registry = {
  lines: string[]
  register: (id: string, lines: readonly string[]) => void
  unregister: (id: string) => void
}

const CreditsContext = createContext<Registry | null>(null)

/** Canonical order of the footer: the order of `credits` in config/strings.ts, then any other line. */
const ORDER: readonly string[] = Object.values(creditLines)

/** Union of the registered lines, each once, in canonical order. */
export function orderCredits(groups: Iterable<readonly string[]>): string[] {
  const all = new Set<string>()
  for (const group of groups) for (const line of group) all.add(line)
  const rank = (line: string) => {
    const i = ORDER.indexOf(line)
    return i === -1 ? ORDER.length : i
  }
  return [...all].sort((a, b) => rank(a) - rank(b))
}

/** Holds the credit lines of the pieces on screen; one per layout. */
export function CreditsProvider({ children }: { children: ReactNode }) {
  const [groups, setGroups] = useState<ReadonlyMap<string, readonly string[]>>(new Map())
  // The functions stay the same for the provider's life, so declaring pieces never re-register.
  const actions = useMemo(
    () => ({
      register: (id: string, lines: readonly string[]) =>
        setGroups((prev) => {
          const old = prev.get(id)
          if (old && old.length === lines.length && old.every((l, i) => l === lines[i])) return prev
          return new Map(prev).set(id, lines)
        }),
      unregister: (id: string) =>
        setGroups((prev) => {
          if (!prev.has(id)) return prev
          const next = new Map(prev)
          next.delete(id)
          return next
        }),
    }),
    [],
  )
  const registry = useMemo<Registry>(() => ({ lines: orderCredits(groups.values()), ...actions }), [groups, actions])
  return <CreditsContext.Provider value={registry}>{children}</CreditsContext.Provider>
}

/** Declares the credit lines of the piece it sits in while that piece is on screen. Renders nothing. */
export function Credits({ lines }: { lines: readonly string[] }) {
  const registry = useContext(CreditsContext)
  const id = useId()
  const key = lines.join('\n')
  const register = registry?.register
  const unregister = registry?.unregister
  useEffect(() => {
    if (!register) return
    register(id, key ? key.split('\n') : [])
  }, [register, id, key])
  useEffect(() => () => unregister?.(id), [unregister, id])
  return null
}

/** The lines the footer shows: those of the pieces on screen. */
export function useCreditLines(): string[] {
  return useContext(CreditsContext)?.lines ?? []
}
