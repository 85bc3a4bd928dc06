import { decodeEventLog, getAddress, type Address } from 'viem'
import { creationEventsAbi, creationTopics } from './creationEvents.js'
import type { PoolIndex } from './poolIndex.js'
import type { RawLog } from './readLogWindows.js'

/** The contracts whose creation events count, lowercase (undefined: the protocol is absent on the chain). */
export type CreationEmitters = {
  uniswapV2Factory?: string | undefined
  uniswapV3Factory?: string | undefined
  uniswapV4PoolManager?: string | undefined
  balancerVault?: string | undefined
  morpho?: string | undefined
}

/** What one log did to the index. */
export type AppliedLog = 'uniswap-v2' | 'uniswap-v3' | 'uniswap-v4' | 'balancer-v2' | 'morpho-blue' | 'pendle' | 'erc4626-candidate' | 'ignored' | 'undecodable'

/**
 * Records one log in the index: a pair, pool or market its creation event describes (keyed by address
 * or id, so a log read twice changes nothing), the tokens a Balancer pool registers or deregisters, or
 * the emitter of an ERC-4626 `Deposit` as a vault candidate (a `Deposit(address indexed, address
 * indexed, uint256, uint256)`: three topics, two data words; checked later by `verifyVaults`), or a Pendle
 * market its factory's `CreateNewMarket` names, whichever contract logged it (checked with that factory
 * when the book is built, by `readPendleMarkets`). Logs
 * of other emitters, removed logs and other events are ignored; a log that does not decode is counted.
 * @returns what the log did
 */
export function applyCreationLog(index: PoolIndex, emitters: CreationEmitters, log: RawLog): AppliedLog {
  if (log.removed) return 'ignored'
  const emitter = log.address.toLowerCase()
  const topic0 = log.topics[0]?.toLowerCase()
  if (topic0 === creationTopics.Deposit) {
    if (log.topics.length !== 3 || log.data.length !== 2 + 128) return 'ignored'
    if (!index.erc4626.has(emitter) && !index.notVaults.has(emitter)) index.vaultCandidates.add(emitter)
    return 'erc4626-candidate'
  }
  try {
    if (topic0 === creationTopics.CreateNewMarket) {
      if (log.topics.length !== 3 || log.data.length !== 2 + 192) return 'ignored'
      const { args } = decodeEventLog({ abi: creationEventsAbi, eventName: 'CreateNewMarket', topics: log.topics as never, data: log.data })
      index.pendle.set(args.market.toLowerCase(), { address: getAddress(args.market), factory: getAddress(log.address), pt: getAddress(args.PT) })
      return 'pendle'
    }
    if (emitter === emitters.uniswapV2Factory && topic0 === creationTopics.PairCreated) {
      const { args } = decodeEventLog({ abi: creationEventsAbi, eventName: 'PairCreated', topics: log.topics as never, data: log.data })
      index.uniswapV2.set(args.pair.toLowerCase(), { address: getAddress(args.pair), token0: getAddress(args.token0), token1: getAddress(args.token1) })
      return 'uniswap-v2'
    }
    if (emitter === emitters.uniswapV3Factory && topic0 === creationTopics.PoolCreated) {
      const { args } = decodeEventLog({ abi: creationEventsAbi, eventName: 'PoolCreated', topics: log.topics as never, data: log.data })
      index.uniswapV3.set(args.pool.toLowerCase(), { address: getAddress(args.pool), token0: getAddress(args.token0), token1: getAddress(args.token1), fee: args.fee, tickSpacing: args.tickSpacing })
      return 'uniswap-v3'
    }
    if (emitter === emitters.uniswapV4PoolManager && topic0 === creationTopics.Initialize) {
      const { args } = decodeEventLog({ abi: creationEventsAbi, eventName: 'Initialize', topics: log.topics as never, data: log.data })
      index.uniswapV4.set(args.id.toLowerCase(), { id: args.id, currency0: getAddress(args.currency0), currency1: getAddress(args.currency1), fee: args.fee, tickSpacing: args.tickSpacing, hooks: getAddress(args.hooks) })
      return 'uniswap-v4'
    }
    if (emitter === emitters.balancerVault) return applyBalancerLog(index, topic0, log)
    if (emitter === emitters.morpho && topic0 === creationTopics.CreateMarket) {
      const { args } = decodeEventLog({ abi: creationEventsAbi, eventName: 'CreateMarket', topics: log.topics as never, data: log.data })
      const p = args.marketParams
      index.morphoBlue.set(args.id.toLowerCase(), {
        id: args.id, loanToken: getAddress(p.loanToken), collateralToken: getAddress(p.collateralToken), oracle: getAddress(p.oracle), irm: getAddress(p.irm), lltv: p.lltv.toString(),
      })
      return 'morpho-blue'
    }
  } catch {
    return 'undecodable'
  }
  return 'ignored'
}

/** PoolRegistered adds a pool; TokensRegistered and TokensDeregistered change its tokens (the Vault's order: registration order). */
function applyBalancerLog(index: PoolIndex, topic0: string | undefined, log: RawLog): AppliedLog {
  if (topic0 === creationTopics.PoolRegistered) {
    const { args } = decodeEventLog({ abi: creationEventsAbi, eventName: 'PoolRegistered', topics: log.topics as never, data: log.data })
    const key = args.poolId.toLowerCase()
    const known = index.balancerV2.get(key)
    index.balancerV2.set(key, { poolId: args.poolId, address: getAddress(args.poolAddress), specialization: args.specialization, tokens: known?.tokens ?? [] })
    return 'balancer-v2'
  }
  if (topic0 === creationTopics.TokensRegistered || topic0 === creationTopics.TokensDeregistered) {
    const decoded = decodeEventLog({ abi: creationEventsAbi, topics: log.topics as never, data: log.data })
    if (decoded.eventName !== 'TokensRegistered' && decoded.eventName !== 'TokensDeregistered') return 'undecodable'
    const pool = index.balancerV2.get(decoded.args.poolId.toLowerCase())
    // Registration follows the pool's PoolRegistered in the same transaction; tokens of an unknown pool are dropped.
    if (!pool) return 'ignored'
    const changed = decoded.args.tokens.map((t: Address) => getAddress(t))
    pool.tokens = decoded.eventName === 'TokensRegistered'
      ? [...pool.tokens, ...changed.filter((t) => !pool.tokens.includes(t))]
      : pool.tokens.filter((t) => !changed.includes(t))
    return 'balancer-v2'
  }
  return 'ignored'
}
