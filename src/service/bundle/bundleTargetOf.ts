import type { Address } from 'viem'
import type { SwitchyardAddresses } from '../../contracts/deploySwitchyardContracts.js'
import type { BundleTarget } from './encodeBundleTx.js'

/**
 * Where a bundle runs: under the router strategy our executor runs it and the sender calls our router;
 * under the delegate strategy the wallet (`spender`, else the sender itself) DELEGATECALLs our delegate.
 */
export function bundleTargetOf(p: { routingStrategy: string; fromAddress: Address; spender: Address | undefined; switchyard: Pick<SwitchyardAddresses, 'executor' | 'router' | 'delegate'> }): BundleTarget {
  const delegate = p.routingStrategy === 'delegate'
  return { delegate, self: delegate ? (p.spender ?? p.fromAddress) : p.switchyard.executor, to: delegate ? p.switchyard.delegate : p.switchyard.router }
}
