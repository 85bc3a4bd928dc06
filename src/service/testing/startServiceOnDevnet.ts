import type { PublicClient } from 'viem'
import { pino } from 'pino'
import type { ChainRuntime } from '../../chain/connectChains.js'
import { startDevnet, type Devnet, type DevnetChain } from '../../chain/devnet/startDevnet.js'
import { createServiceContext } from '../createServiceContext.js'

/** Test-only: a chain-1 devnet and a service context (one engine worker) on top of it. */
export async function startServiceOnDevnet(): Promise<{
  devnet: Devnet
  chain: DevnetChain
  ctx: ReturnType<typeof createServiceContext>
  stop(): Promise<void>
}> {
  const devnet = await startDevnet({ chains: [1] })
  const chain = devnet.chains[1]!
  const runtime: ChainRuntime = { chainId: 1, rpcUrl: chain.rpcUrl, source: 'devnet', client: chain.client as unknown as PublicClient, addressBook: chain.addressBook }
  const ctx = createServiceContext({ chains: { 1: runtime }, logger: pino({ level: 'silent' }), threads: 1 })
  return {
    devnet,
    chain,
    ctx,
    async stop() {
      await ctx.close()
      await devnet.stop()
    },
  }
}
