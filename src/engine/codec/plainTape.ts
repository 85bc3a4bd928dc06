/**
 * A batch of plain values (objects, arrays, strings, numbers, booleans, bigints, null, undefined) laid
 * out as a few flat buffers. Structured clone copies typed arrays and strings quickly but rebuilds
 * every object and bigint field by field; a route carries ~10 objects and ~8 bigints, so cloning it
 * costs more main-thread time than the search saves. The tape is written by
 * {@link import('./createPlainEncoder.js').createPlainEncoder} and read by
 * {@link import('./createPlainDecoder.js').createPlainDecoder}.
 */
export type PlainTape = {
  /** One tag per value, see {@link PlainTag}. */
  tags: Uint8Array
  /** Numbers, and the payload of the other tags (string index, array length, shape index, limb count). */
  nums: Float64Array
  /**
   * Every distinct string of the tape, concatenated (one string clones in one copy; an array of
   * strings clones at ~0.2 µs per element), cut back by `lengths`.
   */
  text: string
  /** Length of each string in `text`, in order; a string's index is its position here. */
  lengths: Uint32Array
  /** Key lists of the object shapes used, in first-use order. */
  shapes: string[][]
  /** Magnitudes of bigints, 64 bits per limb, least significant first. */
  limbs: BigUint64Array
  /** Values that are not plain (Map, Date, typed arrays, class instances): carried by structured clone. */
  others: unknown[]
}

/** Tags of a {@link PlainTape}. */
export const PlainTag = {
  undefined: 0,
  null: 1,
  false: 2,
  true: 3,
  number: 4,
  string: 5,
  bigint: 6,
  negativeBigint: 7,
  array: 8,
  object: 9,
  other: 10,
} as const
