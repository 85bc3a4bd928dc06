import { getAddress, type Hex } from 'viem'

const WORD = /^0x[0-9a-fA-F]{64}$/
const TWO_256 = 1n << 256n
const TWO_255 = 1n << 255n
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)

/**
 * One 32-byte ABI word decoded as a static elementary type, as viem's `decodeAbiParameters` gives it,
 * written out as the explanation shows values: `uintN`/`intN` in decimal (two's complement over the
 * whole word for `intN`; up to 48 bits only within 2^53, as viem refuses more), `address` checksummed, `bool` as `true`/`false`, `bytesN` as the first N
 * bytes' hex. `undefined` for anything else (a dynamic or composite type, a word that is not 32
 * bytes, a `bool` that is neither 0 nor 1): the caller decodes those the slow way. Pure; the fast path
 * of an explained plan, where viem's generic decoder was most of the decoding time.
 */
export function decodeStaticWord(type: string, word: Hex): string | undefined {
  if (!WORD.test(word)) return undefined
  const integer = /^(u?)int(\d*)$/.exec(type)
  if (integer) {
    const unsigned = integer[1] === 'u'
    let value = BigInt(word)
    if (!unsigned && value >= TWO_255) value -= TWO_256
    // viem gives a number, not a bigint, up to 48 bits, and refuses a word past 2^53 there.
    const bits = integer[2] === '' ? 256 : Number(integer[2])
    if (bits <= 48 && (value > MAX_SAFE || value < -MAX_SAFE)) return undefined
    return value.toString()
  }
  if (type === 'address') return getAddress(`0x${word.slice(26)}`)
  if (type === 'bool') {
    const value = BigInt(word)
    return value === 0n ? 'false' : value === 1n ? 'true' : undefined
  }
  const bytes = /^bytes([1-9]|[12][0-9]|3[0-2])$/.exec(type)
  if (bytes) return `0x${word.slice(2, 2 + 2 * Number(bytes[1])).toLowerCase()}`
  return undefined
}
