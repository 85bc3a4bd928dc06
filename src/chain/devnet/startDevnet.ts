import { basename, join } from 'node:path'
import type { Address } from 'viem'
import { DevnetDeployError } from '../../errors/chain.js'
import { buildChain } from './buildChain.js'
import type { DevnetChain } from './devnetChain.js'
import { fundAccount, type FundAccountParameters } from './fundAccount.js'
import { keepDevnetClock } from './keepDevnetClock.js'
import { linkChains } from './linkChains.js'
import { planChains } from './planChains.js'
import { defaultScenarioPath, loadScenario, type Scenario } from './scenario.js'
import { startNode } from './startNode.js'
import type { StartDevnetParameters } from './startDevnetParameters.js'
import { superviseAnvil } from './superviseAnvil.js'
import { writeCache } from './writeCache.js'

// Importers take DevnetChain from devnetChain.ts. It stays re-exported only while files edited elsewhere
// import it from here: src/contracts/bridgeSender.test.ts, uniswapRoute.test.ts, uniswapV4Helper.test.ts
// and test/discovery.e2e.test.ts.
export type { DevnetChain } from './devnetChain.js'

/** A running devnet: one anvil per chain. */
export type Devnet = {
  scenario: Scenario
  chains: Record<number, DevnetChain>
  /** Funds an address with native coin or a scenario token on one chain. */
  fund(params: FundAccountParameters & { chainId: number }): Promise<bigint>
  /** Stops every node; safe to call twice. */
  stop(): Promise<void>
}

/**
 * Starts the embedded devnet: one anvil per chain on loopback, with real protocol bytecode at
 * canonical addresses and the scenario's pools seeded. A fresh start builds every chain, then, when
 * two or more Stargate chains run together, links them (the planner's credits travel over
 * LayerZero, see `linkStargate`), then caches an anvil state dump per chain keyed by a hash of the
 * scenario, the npm protocol packages, our contracts and the linked chain set; later starts load
 * the dumps, links included. Deleting `.switchyard/cache` always rebuilds.
 *
 * @example
 * const devnet = await startDevnet({ chains: [1] })
 * await devnet.fund({ chainId: 1, address: me, token: 'USDC', amount: 1_000_000n })
 * await devnet.stop()
 *
 * @returns the running devnet
 * @throws DevnetStartError | DevnetDeployError
 */
export async function startDevnet(params: StartDevnetParameters = {}): Promise<Devnet> {
  const log = params.log ?? (() => {})
  const { scenario, raw } = loadScenario(params.scenarioPath ?? defaultScenarioPath)
  const chainIds = params.chains ?? Object.keys(scenario.chains).map(Number)
  const { plans, linked } = planChains(params, scenario, raw, chainIds)
  const results = await Promise.allSettled(plans.map((p) => startNode(p, scenario, params)))
  const chains: Record<number, DevnetChain> = {}
  for (const r of results) if (r.status === 'fulfilled') chains[r.value.chainId] = r.value
  const stop = async () => {
    await Promise.all(Object.values(chains).map((c) => c.node.stop()))
  }
  try {
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed) throw failed.reason
    const fresh = plans.filter((p) => !p.read).map((p) => chains[p.chainId]!)
    for (const p of plans) if (p.read) log(`chain ${p.chainId}: loaded cached state ${basename(p.read.state)}`)
    await Promise.all(
      fresh.map(async (chain) => {
        const started = Date.now()
        chain.addressBook = await buildChain(chain.client, scenario, log)
        log(`chain ${chain.chainId}: deployed and seeded in ${Date.now() - started} ms`)
      }),
    )
    // Fresh linked chains are all fresh (planChains never mixes), and need each other up to link.
    if (linked.length && fresh.length) {
      const started = Date.now()
      await linkChains(linked.map((id) => chains[id]!), scenario)
      log(`chains ${linked.join(', ')}: Stargate credits linked in ${Date.now() - started} ms`)
    }
    if (params.useCache ?? true) await Promise.all(plans.filter((p) => !p.read).map((p) => writeCache(chains[p.chainId]!, p.write)))
    // One clock from here on, cold or warm: each block one second after its parent (see keepDevnetClock).
    await Promise.all(Object.values(chains).map((c) => keepDevnetClock((method, args) => c.client.request({ method: method as never, params: args as never }))))
    const supervise = params.supervise
    if (supervise) {
      for (const p of plans) {
        const chain = chains[p.chainId]!
        const initialState = p.read?.state ?? ((params.useCache ?? true) ? p.write.state : undefined)
        const stateFile = join(supervise.stateDir, `devnet-${p.chainId}-${chain.node.port}.state.json`)
        chain.supervisor = superviseAnvil({ node: chain.node, initialState, stateFile, dumpIntervalMs: supervise.dumpIntervalMs, log, onStart: keepDevnetClock })
        chain.node = chain.supervisor
      }
    }
  } catch (cause) {
    await stop()
    throw cause
  }
  return {
    scenario,
    chains,
    stop,
    async fund({ chainId, ...rest }) {
      const chain = chains[chainId]
      if (!chain) throw new DevnetDeployError({ chainId, step: 'fund: chain not running' })
      return fundAccount(chain.client, chain.addressBook, rest)
    },
  }
}

export type { Address }
