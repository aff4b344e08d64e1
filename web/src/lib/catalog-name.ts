// A name the server sends in English, shown in the reader's language when the catalog knows it:
// crime types by id, the crime scale's bands by name. Anything the catalog does not know keeps
// the server's words (a new crime type, a band such as '1%-24%').

/** `table[key]` (a catalog section, rewritten on every language switch) when the catalog has
 * `key`, else `fallback`. */
export function catalogName(table: Readonly<Record<string, string>>, key: string, fallback: string): string {
  return Object.hasOwn(table, key) ? table[key] : fallback
}
