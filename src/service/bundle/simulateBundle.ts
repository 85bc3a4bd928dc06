import type { Address, Hex } from 'viem'
import type { ChainRuntime } from '../../chain/connectChains.js'
import type { BuildBundleReturnType } from '../../engine/tasks/buildBundle.js'
import type { EngineSnapshot } from '../../engine/types.js'
import { BundleRevertedError } from '../../errors/bundle.js'
import { proveGasLimit } from '../../simulate/proveGasLimit.js'
import type { CallEnd } from '../../simulate/assertCallOpen.js'
import { simulateTransaction, type AccountOverride, type SimulatedLog, type SimulatedSetupCall } from '../../simulate/simulateTransaction.js'
import { decodeRevert } from '../decodeRevert.js'
import { computedBalanceTokensOf } from '../computedBalanceTokensOf.js'
import { prepareSenderOverrides } from '../prepareSenderOverrides.js'
import { withDelegateSimulator } from '../withDelegateSimulator.js'
import type { BundleTarget } from './encodeBundleTx.js'

/** The final transaction as {@link simulateBundle} runs it: block, call, and the overrides and setup calls that fund it. */
export type SimulatedBundleCall = {
  blockNumber: bigint
  parentTimestamp?: bigint | undefined
  tx: { from: Address; to: Address; data: Hex; value: bigint }
  overrides: Record<Address, AccountOverride>
  setup: readonly SimulatedSetupCall[] | undefined
}

/** What {@link simulateBundle} measured. */
export type SimulateBundleReturnType = {
  /** Balance change per delivery (`built.deliveries` order), at its receiver. */
  deltas: bigint[]
  /** A gas limit the final transaction is proven to succeed with. */
  gas: bigint
  /** The transaction's return data: the final weiroll state. */
  returnData: Hex
  /** Events of the first run (bridges read what left the chain from them). */
  logs: SimulatedLog[]
  /** The state overrides and setup calls the first run ran under (kept for explained answers and their replay). */
  overrides: Record<Address, AccountOverride>
  setup: readonly SimulatedSetupCall[] | undefined
}

/**
 * Simulates a bundle on the snapshot's block with `eth_simulateV1`: the sender (or wallet) funded by
 * state overrides when it lacks the inputs, the wallet's code replaced by a DELEGATECALL forwarder under
 * the delegate strategy. The first run (no minimums) measures every receiver's delta; the final
 * transaction (minimums from those deltas) is then run under a proposed gas limit, raised until it holds.
 * @throws BundleRevertedError with the decoded reason
 */
export async function simulateBundle<T = never>(
  chain: ChainRuntime,
  p: {
    snapshot: EngineSnapshot
    target: BundleTarget
    fromAddress: Address
    receiver: Address
    deliveries: BuildBundleReturnType['deliveries']
    /** What the executing side must hold (balances after funding). */
    funding: { token: Address; amount: bigint }[]
    first: { data: Hex; value: bigint }
    final: (deltas: bigint[]) => { data: Hex; value: bigint }
    /** Prove a gas limit for the final transaction (default); off when only the outputs matter. */
    proveGas?: boolean | undefined
    /** The asking call's end: no simulation is sent once it was cancelled or is past its deadline. */
    end?: CallEnd | undefined
    /**
     * Work on the final transaction, run beside its gas proof (an explained answer's call trace): it is
     * given the call as simulated, and its result is returned as `alongside`.
     */
    alongside?: ((call: SimulatedBundleCall) => Promise<T>) | undefined
  },
): Promise<SimulateBundleReturnType & { alongside?: T | undefined }> {
  const book = chain.addressBook
  const { delegate, self, to } = p.target
  const prepared = await prepareSenderOverrides(chain.client, {
    chainId: chain.chainId,
    blockNumber: p.snapshot.blockNumber,
    stateVersion: p.snapshot.version,
    computedBalanceTokens: computedBalanceTokensOf(book),
    from: delegate ? self : p.fromAddress,
    spender: delegate ? undefined : to,
    inputs: p.funding,
    multicall3: book.multicall3,
  })
  const { setup } = prepared
  // The sender of a delegate bundle with value gets that value and 1 ETH of headroom.
  const overrides = delegate
    ? withDelegateSimulator(prepared.overrides, { wallet: self, delegate: to, sender: p.fromAddress, senderBalance: p.first.value > 0n ? p.first.value + 10n ** 18n : undefined })
    : prepared.overrides
  const run = (tx: { data: Hex; value: bigint; gas?: bigint }) =>
    simulateTransaction(chain.client, {
      blockNumber: p.snapshot.blockNumber,
      parentTimestamp: p.snapshot.timestamp,
      tx: { from: p.fromAddress, to: delegate ? self : to, ...tx },
      receiver: p.receiver,
      tokensOut: p.deliveries.map((d) => d.token),
      accounts: p.deliveries.map((d) => d.receiver),
      multicall3: book.multicall3,
      overrides,
      setup,
      end: p.end,
    })
  const sim = await run(p.first)
  if (sim.status === 'reverted') throw new BundleRevertedError({ reason: decodeRevert(sim.revertData, sim.message), revertData: sim.revertData })
  if (p.proveGas === false) return { deltas: sim.amountsOut, gas: sim.gasUsed, returnData: sim.returnData, logs: sim.logs, overrides, setup }
  const final = p.final(sim.amountsOut)
  const alongside = p.alongside?.({
    blockNumber: p.snapshot.blockNumber, parentTimestamp: p.snapshot.timestamp, overrides, setup,
    tx: { from: p.fromAddress, to: delegate ? self : to, data: final.data, value: final.value },
  })
  // The used gas plus a margin for refunds and the 63/64 rule, proven by running under exactly that limit.
  const gas = await proveGasLimit(sim.gasUsed, async (limit) => (await run({ ...final, gas: limit })).status === 'success')
  return { deltas: sim.amountsOut, gas, returnData: sim.returnData, logs: sim.logs, overrides, setup, ...(alongside === undefined ? {} : { alongside: await alongside }) }
}
