import type { Hex } from 'viem'
import { NoRouteError, RouteRevertedError } from '../../errors/engine.js'
import { isTightLimit } from '../../simulate/gasLimitHints.js'
import { CALLDATA_VARIANCE_GAS } from '../../simulate/proveGasLimit.js'
import type { SimulatedLog, SimulateTransactionReturnType } from '../../simulate/simulateTransaction.js'
import { decodeRevert } from '../decodeRevert.js'

/** What {@link measureRoute} established. */
export type MeasureRouteReturnType = {
  /** The simulated outputs, every one positive. */
  amountsOut: bigint[]
  /** Gas the successful run used. */
  gasUsed: bigint
  /** A limit this run proved (the guess plus the calldata margin), when the guess held and is tight; else prove one. */
  provenLimit: bigint | undefined
  /** The events the successful run emitted (what `explain` reads the steps' amounts from). */
  logs: SimulatedLog[]
}

/**
 * Simulates a route's transaction once: under `guess` (the limit a route of this shape needed last
 * time) when there is one, so that a success both measures the route and proves that limit; a failure
 * under the guess (out of gas, or a real revert) runs again without a limit.
 * @param p.run - simulates the transaction, under a gas limit when one is given
 * @param p.learn - called with the gas of the successful run, before its outputs are checked
 * @throws RouteRevertedError when the simulation reverts (with the decoded reason and the revert data), NoRouteError when an output is not positive
 */
export async function measureRoute(p: {
  run: (tx: { data: Hex; value: bigint }, gas?: bigint) => Promise<SimulateTransactionReturnType>
  tx: { data: Hex; value: bigint }
  guess: bigint | undefined
  /** Records what the successful run used (gas hints), whatever its outputs. */
  learn: (gasUsed: bigint) => void
}): Promise<MeasureRouteReturnType> {
  let sim = await p.run(p.tx, p.guess)
  const proven = p.guess !== undefined && sim.status === 'success' && isTightLimit(p.guess + CALLDATA_VARIANCE_GAS, sim.gasUsed)
  if (p.guess !== undefined && sim.status === 'reverted') sim = await p.run(p.tx)
  if (sim.status === 'reverted') throw new RouteRevertedError({ reason: `simulation reverted: ${decodeRevert(sim.revertData, sim.message)}`, revertData: sim.revertData })
  p.learn(sim.gasUsed)
  if (sim.amountsOut.some((a) => a <= 0n)) throw new NoRouteError({ reason: 'the simulated route delivers nothing' })
  return { amountsOut: sim.amountsOut, gasUsed: sim.gasUsed, provenLimit: proven ? p.guess! + CALLDATA_VARIANCE_GAS : undefined, logs: sim.logs }
}
