import { decodeErrorResult, isHex, type Abi, type Hex } from 'viem'
import {
  switchyardCheckHelperAbi, switchyardDelegateAbi, switchyardExecutorAbi, switchyardLegacyRouterAbi, switchyardMathHelperAbi, switchyardRouterAbi,
  switchyardSmartWalletAbi,
} from '../contracts/generated/abis.js'

const abis: Abi[] = [
  switchyardRouterAbi as Abi, switchyardExecutorAbi as Abi, switchyardDelegateAbi as Abi, switchyardLegacyRouterAbi as Abi,
  switchyardCheckHelperAbi as Abi, switchyardMathHelperAbi as Abi, switchyardSmartWalletAbi as Abi,
]

const show = (a: unknown): string =>
  typeof a === 'bigint' ? a.toString() : typeof a === 'object' ? JSON.stringify(a, (_, v) => (typeof v === 'bigint' ? v.toString() : v)) : String(a)

function decodeOnce(data: Hex): { name: string; args: unknown[] } | undefined {
  for (const abi of abis) {
    try {
      const decoded = decodeErrorResult({ abi, data })
      return { name: decoded.errorName, args: [...(decoded.args ?? [])] }
    } catch {
      // not this ABI
    }
  }
  return undefined
}

/**
 * Turns revert data from a simulation into a readable reason: our router/executor/helper errors
 * (AmountTooLow, ExecutionFailed with the inner message, CheckFailed, MinAmountOutNotMet, ...),
 * `Error(string)` and panics. The VM carries a failed call's custom error as hex inside
 * `ExecutionFailed`; that inner error is decoded too (up to three levels, e.g. a flash-loan callback).
 * @returns a one-line reason
 */
export function decodeRevert(data: Hex | undefined, fallback: string): string {
  if (!data || data === '0x') return fallback
  const render = (hex: Hex, depth: number): string | undefined => {
    const decoded = decodeOnce(hex)
    if (!decoded) return undefined
    const args = decoded.args.map((a) => {
      if (depth < 3 && typeof a === 'string' && a.length >= 10 && isHex(a)) return render(a as Hex, depth + 1) ?? a
      return show(a)
    })
    return `${decoded.name}(${args.join(', ')})`
  }
  return render(data, 0) ?? `${fallback} (${data.slice(0, 10)})`
}
