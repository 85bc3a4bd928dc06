/**
 * Copies event arguments into plain JSON: bigints become decimal strings, arrays and objects are
 * copied key by key, everything else is kept as it is.
 * @param value - decoded event arguments (viem), or any value built from them
 * @returns a value `JSON.stringify` accepts
 */
export function toPlainJson(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (Array.isArray(value)) return value.map(toPlainJson)
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPlainJson(v)]))
  return value
}
