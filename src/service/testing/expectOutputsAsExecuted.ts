import type { Hex } from 'viem'
import { expect } from 'vitest'
import type { DevnetClient } from '../../chain/devnet/createDevnetClient.js'
import { bundleOutputLocationsOf } from '../bundle/bundleOutputLocations.js'
import { decodeBundleOutputs } from '../decodeBundleOutputs.js'
import type { BundleAnswer } from '../types.js'

/**
 * Test-only: every output of every action of a sent bundle equals what the chain did. The mined
 * transaction's own return data (its final weiroll state, read by tracing it) is decoded at the slots the
 * answer's `actionOutputs` were read from in the simulation, and the two must agree to the wei. A router
 * call returns the executor's `bytes`; a wallet's `execute` returns the delegate's as `bytes` too.
 * Nothing to check for an answer without recorded locations (a copy) or without outputs.
 * @param client - the devnet client of the chain the transaction ran on
 * @param answer - the answer as `getBundle` returned it
 * @param hash - the mined transaction that carried `answer.tx` (directly or through a wallet)
 */
export async function expectOutputsAsExecuted(client: Pick<DevnetClient, 'request'>, answer: BundleAnswer, hash: Hex): Promise<void> {
  const locations = bundleOutputLocationsOf(answer)
  if (!locations || !answer.actionOutputs) return
  const trace = (await client.request({ method: 'debug_traceTransaction' as never, params: [hash, { tracer: 'callTracer' }] as never })) as { output?: Hex }
  const executed = decodeBundleOutputs({ returnData: trace.output ?? '0x', strategy: 'router', outputs: locations.outputs })
  expect(executed?.map((values) => values.map(String)), 'every action output as the chain computed it').toEqual(answer.actionOutputs)
}
