import type { Address } from 'viem'
import { switchyardBalanceHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { BundlePass } from './bundlePass.js'

/**
 * Delegate, second pass: reads the wallet's balance of each token the first pass found it gains,
 * before any action runs, so the plan can deliver exactly the gain.
 * @returns the balance handles by lowercase token
 */
export function readGainBaselines(pass: BundlePass, { gains }: { gains: readonly Address[] }): Map<string, ReturnValue> {
  const balanceHelper = { address: pass.params.helpers.balance, abi: switchyardBalanceHelperAbi } as const
  return new Map(gains.map((t) => [t.toLowerCase(), pass.planner.add(functionCall({ ...balanceHelper, functionName: 'balanceOfCaller', args: [t] }).staticcall())]))
}
