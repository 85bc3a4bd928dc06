import { PlainTag, type PlainTape } from './plainTape.js'

/** Reads a {@link PlainTape} back into values; caches one object builder per shape. */
export type PlainDecoder = {
  /** Decodes the value `tape` holds. */
  decode(tape: PlainTape): unknown
}

type Read = () => unknown
type Builder = (read: Read) => Record<string, unknown>

/** Builds an object of `keys` property by property (any shape; no compilation). */
function genericBuilder(keys: readonly string[]): Builder {
  // `__proto__` assigned would set the prototype; defined, it is an own data property, as the encoder saw it.
  if (keys.includes('__proto__'))
    return (read) => {
      const object: Record<string, unknown> = {}
      for (const key of keys) Object.defineProperty(object, key, { value: read(), enumerable: true, writable: true, configurable: true })
      return object
    }
  return (read) => {
    const object: Record<string, unknown> = {}
    for (const key of keys) object[key] = read()
    return object
  }
}

/**
 * An object literal per shape, so every decoded object of a shape gets one hidden class at once
 * instead of a property-by-property transition chain. Values are read left to right, the order the
 * encoder wrote them.
 */
function compileBuilder(keys: readonly string[]): Builder {
  if (keys.includes('__proto__')) return genericBuilder(keys)
  // Each key is emitted as a JSON string literal, so no key can inject code.
  return new Function('read', `return {${keys.map((key) => `${JSON.stringify(key)}: read()`).join(', ')}}`) as Builder
}

/** Tapes a shape must appear in before it gets a compiled builder: objects keyed by data (token addresses) seldom repeat. */
const COMPILE_AFTER = 3
/** Compiled builders (and shapes counted) kept before the cache starts over. */
const MAX_BUILDERS = 2_000

/**
 * Creates a decoder (one per thread; its builder cache lives as long as it does).
 *
 * @example
 * const value = createPlainDecoder().decode(createPlainEncoder().encode({ a: 1n }))
 * @returns a reusable decoder
 */
export function createPlainDecoder(): PlainDecoder {
  const builders = new Map<string, Builder>()
  const uses = new Map<string, number>()
  const builderOf = (keys: readonly string[]): Builder => {
    // JSON keeps key lists apart that a join would confuse (`['']` and `[]`, `['a,b']` and `['a', 'b']`).
    const id = JSON.stringify(keys)
    const compiled = builders.get(id)
    if (compiled !== undefined) return compiled
    const used = (uses.get(id) ?? 0) + 1
    if (used < COMPILE_AFTER) {
      if (uses.size >= MAX_BUILDERS) uses.clear()
      uses.set(id, used)
      return genericBuilder(keys)
    }
    if (builders.size >= MAX_BUILDERS) builders.clear()
    uses.delete(id)
    const builder = compileBuilder(keys)
    builders.set(id, builder)
    return builder
  }
  // One `read` for the decoder's life, over the state of the tape being decoded: the cached builders
  // then always call the same function, and V8 can inline it into them.
  let tags: Uint8Array = new Uint8Array(0)
  let nums: Float64Array = new Float64Array(0)
  let limbs: BigUint64Array = new BigUint64Array(0)
  let strings: string[] = []
  let others: unknown[] = []
  let shapeBuilders: Builder[] = []
  let it = 0
  let in_ = 0
  let il = 0
  const read = (): unknown => {
    switch (tags[it++]) {
      case PlainTag.undefined:
        return undefined
      case PlainTag.null:
        return null
      case PlainTag.false:
        return false
      case PlainTag.true:
        return true
      case PlainTag.number:
        return nums[in_++]
      case PlainTag.string:
        return strings[nums[in_++]!]
      case PlainTag.bigint:
      case PlainTag.negativeBigint: {
        const negative = tags[it - 1] === PlainTag.negativeBigint
        const count = nums[in_++]!
        let value = limbs[il++]!
        for (let k = 1; k < count; k++) value |= limbs[il++]! << BigInt(64 * k)
        return negative ? -value : value
      }
      case PlainTag.array: {
        const length = nums[in_++]!
        const array: unknown[] = []
        for (let i = 0; i < length; i++) array.push(read())
        return array
      }
      case PlainTag.object:
        return shapeBuilders[nums[in_++]!]!(read)
      case PlainTag.other:
        return others[nums[in_++]!]
      default:
        throw new Error(`corrupt plain tape: tag ${tags[it - 1]} at ${it - 1}`)
    }
  }
  return {
    decode(tape) {
      tags = tape.tags
      nums = tape.nums
      limbs = tape.limbs
      others = tape.others
      shapeBuilders = tape.shapes.map(builderOf)
      strings = []
      for (let i = 0, at = 0; i < tape.lengths.length; i++) {
        const end = at + tape.lengths[i]!
        strings.push(tape.text.slice(at, end))
        at = end
      }
      it = 0
      in_ = 0
      il = 0
      try {
        return read()
      } finally {
        // Let the tape be collected.
        strings = others = []
        shapeBuilders = []
      }
    },
  }
}
