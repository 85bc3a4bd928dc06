import { devnetDeployer } from './createDevnetClient.js'
import type { DevnetChain } from './devnetChain.js'
import { linkStargate } from './linkStargate.js'
import { loadProtocolArtifact } from './protocolArtifacts.js'
import type { Scenario } from './scenario.js'
import { sendTx } from './sendTx.js'

/**
 * Links the chains' Stargate pools (credits over LayerZero), in blocks that do not advance their
 * clocks. The planner's LayerZero fees go back to it afterwards, so a booted chain's send library
 * holds only the fees of messages sent after boot, linked or not.
 */
export async function linkChains(chains: readonly DevnetChain[], scenario: Scenario): Promise<void> {
  const interval = (c: DevnetChain, params: unknown[]) =>
    c.client.request({ method: (params.length ? 'anvil_setBlockTimestampInterval' : 'anvil_removeBlockTimestampInterval') as never, params: params as never })
  for (const c of chains) await interval(c, [0])
  await linkStargate({
    chains: chains.map((c) => ({ client: c.client, book: c.addressBook, creditPct: scenario.chains[String(c.chainId)]?.stargate?.creditPct ?? 0 })),
  })
  const libAbi = loadProtocolArtifact('LayerZeroSimpleMessageLib').abi
  for (const c of chains) {
    const sendLib = c.addressBook.layerZero?.sendLib
    const fees = sendLib ? await c.client.getBalance({ address: sendLib }) : 0n
    if (sendLib && fees > 0n) await sendTx(c.client, { address: sendLib, abi: libAbi, functionName: 'withdrawFee', args: [devnetDeployer, fees] })
    await interval(c, [])
  }
}
