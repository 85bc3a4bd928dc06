import { type Address, getAddress } from 'viem'
import { switchyardBalanceHelperAbi, switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { addTransfer } from '../../encoding/planActions.js'
import type { ReturnValue } from '../../encoding/value.js'
import type { BundlePass } from './bundlePass.js'
import { recordDelivery } from './recordDelivery.js'

/**
 * Delegate strategy: the wallet keeps its funds. The tokens it gained (held above its balance before
 * the bundle) are the pass's net gains; with baselines (the second pass), the plan transfers each
 * measured gain to the receiver. A wallet that is its own receiver reports what it kept as delivered.
 * @returns the tokens the wallet gains, for the second pass
 * @throws InvalidBundleError (AMOUNT_TOO_LARGE)
 */
export function deliverDelegateGains(pass: BundlePass, { before }: { before: ReadonlyMap<string, ReturnValue> }): Address[] {
  const { params, planner } = pass
  const netGains: Address[] = []
  for (const key of pass.produced) {
    if ((pass.holdings.get(key) ?? 0n) > (params.initialBalances[key] ?? 0n)) netGains.push(getAddress(key))
  }
  const balanceHelper = { address: params.helpers.balance, abi: switchyardBalanceHelperAbi } as const
  for (const [key, handle] of before) {
    const after = planner.add(functionCall({ ...balanceHelper, functionName: 'balanceOfCaller', args: [key] }).staticcall())
    const gained = planner.add(functionCall({ address: params.helpers.math, abi: switchyardMathHelperAbi, functionName: 'sub', args: [after, handle] }).staticcall())
    addTransfer(planner, { token: getAddress(key), receiver: params.receiver, amount: gained })
    recordDelivery(pass, { token: getAddress(key), receiver: params.receiver, estimate: (pass.holdings.get(key) ?? 0n) - (params.initialBalances[key] ?? 0n) })
  }
  // What the wallet keeps is an output only when the wallet is the receiver: a share token's rounding
  // (stETH moves shares; 1 wei of a transfer stays behind) left in a wallet that pays another receiver
  // is not delivered to anyone.
  if (before.size === 0 && params.receiver.toLowerCase() === params.self.toLowerCase()) {
    for (const key of pass.produced) recordDelivery(pass, { token: getAddress(key), receiver: params.self, estimate: pass.holdings.get(key) })
  }
  return netGains
}
