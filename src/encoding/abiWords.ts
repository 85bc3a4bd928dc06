import { InvalidAbiValueError } from '../errors/encoding.js'

const HEX = /^0x[0-9a-fA-F]*$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const MAX_UINT256 = (1n << 256n) - 1n
const ZEROS = '0'.repeat(64)

/**
 * ABI words as hex (no `0x`), for the few fixed layouts the router's calldata has: what viem's generic
 * `encodeAbiParameters` gives for them, byte for byte (checked against it in abiWords.test.ts), without
 * walking the ABI and concatenating a hex string per value. Every route's calldata is built twice (once to
 * simulate, once with the final minimums) and a stream re-quotes every distinct request every block.
 */
export const abiWords = {
  /** A uint256 (or uint8, or an offset) as one word. */
  uint(value: bigint | number): string {
    if (typeof value === 'number' ? !Number.isSafeInteger(value) || value < 0 : value < 0n || value > MAX_UINT256) throw new InvalidAbiValueError({ reason: `${value} is not a uint256` })
    const hex = value.toString(16)
    return ZEROS.slice(hex.length) + hex
  },
  /** An address, left-padded and lowercased as viem writes it. */
  address(value: string): string {
    if (!ADDRESS.test(value)) throw new InvalidAbiValueError({ reason: `${value} is not an address` })
    return `000000000000000000000000${value.slice(2).toLowerCase()}`
  },
  /** A bytes32 as given (case kept). */
  bytes32(value: string): string {
    if (value.length !== 66 || !HEX.test(value)) throw new InvalidAbiValueError({ reason: `${value.slice(0, 80)} is not a bytes32` })
    return value.slice(2)
  },
  /** The tail of a `bytes` value: its length, then its bytes right-padded to whole words (case kept). */
  bytes(value: string): string {
    const parts: string[] = []
    abiWords.pushBytes(value, parts)
    return parts.join('')
  },
  /** {@link abiWords.bytes}, appended to `parts` as its pieces (the value's hex is not copied). */
  pushBytes(value: string, parts: string[]): void {
    if (value.length % 2 !== 0 || !HEX.test(value)) throw new InvalidAbiValueError({ reason: `${value.slice(0, 80)}… is not hex bytes` })
    const body = value.slice(2)
    parts.push(abiWords.uint(body.length / 2), body, abiWords.padding(body.length))
  },
  /** Size in bytes of {@link abiWords.bytes}'s output for `value` (hex with `0x`), without building it. */
  bytesSize: (value: string): number => 32 + Math.ceil((value.length - 2) / 64) * 32,
  /** The zeros that right-pad `hexLength` hex characters to a whole word (empty when already whole). */
  padding(hexLength: number): string {
    const rest = hexLength % 64
    return rest === 0 ? '' : ZEROS.slice(rest)
  },
  /** Size in bytes of an encoded part (hex without `0x`). */
  size: (encoded: string): number => encoded.length / 2,
}
