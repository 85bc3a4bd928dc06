import type { PublicClient } from 'viem'
import { pino } from 'pino'
import type { ChainRuntime } from '../../chain/connectChains.js'
import { startDevnet, type Devnet } from '../../chain/devnet/startDevnet.js'
import type { DevnetChain } from '../../chain/devnet/devnetChain.js'
import { createServiceContext } from '../createServiceContext.js'

/**
 * Test-only: a devnet (chain 1 unless `chains` says more) and a service context (one engine worker)
 * on top of it; `chain` is the first chain. `scenarioPath`: another scenario than the default one.
 */
export async function startServiceOnDevnet({ chains = [1], scenarioPath }: { chains?: readonly number[]; scenarioPath?: string } = {}): Promise<{
  devnet: Devnet
  chain: DevnetChain
  ctx: ReturnType<typeof createServiceContext>
  stop(): Promise<void>
}> {
  const devnet = await startDevnet({ chains, scenarioPath })
  const chain = devnet.chains[chains[0]!]!
  const runtimes: Record<number, ChainRuntime> = {}
  for (const id of chains) {
    const c = devnet.chains[id]!
    runtimes[id] = { chainId: id, rpcUrl: c.rpcUrl, source: 'devnet', client: c.client as unknown as PublicClient, addressBook: c.addressBook }
  }
  const ctx = createServiceContext({ chains: runtimes, logger: pino({ level: 'silent' }), threads: 1 })
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
