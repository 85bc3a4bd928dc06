/**
 * Removes the empty values of a parsed query string, in place: `?destinationChainId=` means the same as
 * leaving `destinationChainId` out, on every endpoint (issue 24). A key given only empty values is
 * deleted; one given several keeps its non-empty values (a single one as a plain string). So an
 * optional parameter sent empty takes its default, and a required one is reported missing by name
 * (`MISSING_FIELD`), the way every validator already treats an absent field; no handler or mapper
 * ever sees `''` where a number, address or flag belongs.
 * @param query - Fastify's parsed query (a null-prototype object of strings and string arrays)
 * @returns the same object
 */
export function dropEmptyQueryValues<T>(query: T): T {
  if (typeof query !== 'object' || query === null) return query
  const entries = query as Record<string, unknown>
  for (const key of Object.keys(entries)) {
    const value = entries[key]
    if (value === '') delete entries[key]
    else if (Array.isArray(value) && value.includes('')) {
      const kept = value.filter((v) => v !== '')
      if (kept.length === 0) delete entries[key]
      else entries[key] = kept.length === 1 ? kept[0] : kept
    }
  }
  return query
}
