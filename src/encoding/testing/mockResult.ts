/**
 * Test support: what a mock contract of `mockTargetAbi` returns. Results are pseudo-random but derived
 * from the calldata alone, so a test can compute the value of every handle without running the VM.
 */
import { type AbiFunction, type Hex, hexToBigInt, keccak256, size, sliceHex } from 'viem'

/**
 * The value a mock function returns for some calldata.
 * @param fn - the called function of `mockTargetAbi`
 * @param data - the full calldata (selector and arguments)
 * @returns the decoded return values, in the function's output order
 */
export function mockResult(fn: AbiFunction, data: Hex): unknown[] {
  const h = keccak256(data)
  const n = hexToBigInt(h) >> 128n
  const bytes = sliceHex(keccak256(h), 0, Number(n % 33n)) // 0..32 bytes
  switch (fn.name) {
    case 'blob':
    case 'labeled':
      return [size(bytes) === 0 ? '0x' : bytes]
    case 'text':
      return [`s${n % 1000n}`]
    case 'two':
      return [n, n + 1n]
    case 'tupleOut':
      return [{ x: n, y: n + 1n }]
    case 'labelsOut':
      return [[{ amount: n, label: bytes }]]
    case 'dynTuple':
      return [{ x: n, y: bytes }]
    case 'fixedOut':
      return [[n, n + 2n]]
    case 'wordsOut':
      return [[n]]
    case 'mixed':
      return [h]
    case 'sink':
    case 'run':
      return []
    default:
      return [n]
  }
}
