import { decodeErrorResult, type Abi, type Hex } from 'viem'
import { switchyardExecutorAbi, switchyardLegacyRouterAbi, switchyardRouterAbi } from '../contracts/abis.js'

const abis: Abi[] = [switchyardRouterAbi as Abi, switchyardExecutorAbi as Abi, switchyardLegacyRouterAbi as Abi]

/**
 * Turns revert data from a simulation into a readable reason: our router/executor errors
 * (AmountTooLow, ExecutionFailed with the inner message, ...), `Error(string)` and panics.
 * @returns a one-line reason
 */
export function decodeRevert(data: Hex | undefined, fallback: string): string {
  if (!data || data === '0x') return fallback
  for (const abi of abis) {
    try {
      const decoded = decodeErrorResult({ abi, data })
      const args = (decoded.args ?? []).map((a) => (typeof a === 'bigint' ? a.toString() : typeof a === 'object' ? JSON.stringify(a, (_, v) => (typeof v === 'bigint' ? v.toString() : v)) : String(a)))
      return `${decoded.errorName}(${args.join(', ')})`
    } catch {
      // not this ABI
    }
  }
  return `${fallback} (${data.slice(0, 10)})`
}
