/** A route step's `args` as the published OpenAPI types them (`Hop.args`): every value a string or a list of strings. */
export type HopArgs = Record<string, string | string[]>

function toText(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value)
  // Nothing the engine emits today; a nested object keeps its JSON text rather than being dropped.
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
}

/**
 * A route step's arguments in the wire types of the published OpenAPI (`Hop.args`:
 * `additionalProperties: oneOf [string, string[]]`, which `@ensofinance/sdk`'s types follow), for
 * every step of every protocol on both transports: numbers and bigints as their decimal text
 * (`fee: 3000` → `"3000"`, `feeBps`, `tickSpacing`), booleans as `"true"`/`"false"` (`zeroForOne`),
 * arrays item by item, `null` and `undefined` left out.
 * @param args - a step's arguments as the engine or a use case built them
 * @returns the same keys with string or string-array values
 * @example
 * toHopArgs({ amountIn: 10n, fee: 3000, zeroForOne: true }) // { amountIn: '10', fee: '3000', zeroForOne: 'true' }
 */
export function toHopArgs(args: Readonly<Record<string, unknown>>): HopArgs {
  const out: HopArgs = {}
  for (const [key, value] of Object.entries(args)) {
    if (value === null || value === undefined) continue
    out[key] = Array.isArray(value) ? value.filter((v) => v !== null && v !== undefined).map(toText) : toText(value)
  }
  return out
}
