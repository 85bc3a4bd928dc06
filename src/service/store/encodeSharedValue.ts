/** Tag key of a value JSON cannot carry by itself. */
const TAG = '__sy'

type Tagged = { [TAG]: 'bigint' | 'map' | 'set' | 'bytes' | 'undefined'; v?: unknown }

/**
 * Plain data → JSON text that {@link decodeSharedValue} turns back into the same value: bigint,
 * Map, Set, Uint8Array and `undefined` (also inside arrays and as object fields) are tagged.
 * @param value - plain data
 * @returns JSON text
 */
export function encodeSharedValue(value: unknown): string {
  return JSON.stringify({ v: value }, function (this: unknown, key, v: unknown) {
    // `v` is after toJSON; read the raw value so a Uint8Array is not seen as an index map.
    const raw = (this as Record<string, unknown>)[key]
    if (typeof raw === 'bigint') return { [TAG]: 'bigint', v: raw.toString() } satisfies Tagged
    if (raw === undefined) return { [TAG]: 'undefined' } satisfies Tagged
    if (raw instanceof Map) return { [TAG]: 'map', v: [...raw.entries()] } satisfies Tagged
    if (raw instanceof Set) return { [TAG]: 'set', v: [...raw.values()] } satisfies Tagged
    if (raw instanceof Uint8Array) return { [TAG]: 'bytes', v: Buffer.from(raw).toString('base64') } satisfies Tagged
    return v
  })
}

/**
 * The value {@link encodeSharedValue} encoded.
 * @param text - JSON text from {@link encodeSharedValue}
 * @returns the value
 * @throws SyntaxError when `text` is not JSON
 */
export function decodeSharedValue(text: string): unknown {
  const undefinedMarker = Symbol('undefined')
  const parsed = JSON.parse(text, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || !(TAG in v)) return v
    const t = v as Tagged
    switch (t[TAG]) {
      case 'bigint': return BigInt(t.v as string)
      case 'map': return new Map(t.v as [unknown, unknown][])
      case 'set': return new Set(t.v as unknown[])
      case 'bytes': return new Uint8Array(Buffer.from(t.v as string, 'base64'))
      // A reviver returning undefined deletes the field; keep a marker and restore it below.
      case 'undefined': return undefinedMarker
      default: return v
    }
  }) as { v: unknown }
  return restoreUndefined(parsed.v, undefinedMarker)
}

function restoreUndefined(value: unknown, marker: symbol): unknown {
  if (value === marker) return undefined
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = restoreUndefined(value[i], marker)
    return value
  }
  if (value instanceof Map) {
    for (const [k, v] of value) value.set(k, restoreUndefined(v, marker))
    return value
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array) && !(value instanceof Set)) {
    const record = value as Record<string, unknown>
    for (const k of Object.keys(record)) record[k] = restoreUndefined(record[k], marker)
  }
  return value
}
