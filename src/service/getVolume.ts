import { parseAbi, parseEventLogs, type Address } from 'viem'
import { z } from 'zod'
import { tokenPricesFor } from '../data/tokenPricesFor.js'
import { UnsupportedChainError } from '../errors/request.js'
import { chainIdSchema } from '../schemas/fields.js'
import { toInvalidRequestError } from '../schemas/toInvalidRequestError.js'
import type { ServiceContext } from './context.js'
import type { VolumeAnswer } from './types.js'
import { withUpstream } from './withUpstream.js'

const volumeRequestSchema = z.strictObject({
  chainId: chainIdSchema,
  blocks: z.number().int().min(1).max(100_000).optional(),
})

const events = parseAbi([
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
  'event Swap(bytes32 indexed poolId, address indexed tokenIn, address indexed tokenOut, uint256 amountIn, uint256 amountOut)',
  'event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)',
  'event ShortcutExecuted(bytes32 accountId, bytes32 requestId)',
])

/**
 * Swap volume of the chain over its last `blocks` blocks (default 7200): every Swap event of the
 * address book's pools (Uniswap V2 pairs, V3 pools, V4 pools in the PoolManager, the Balancer Vault), its input side valued at the
 * pools' current USD prices, plus the number of routes executed through our executor.
 * @throws InvalidRequestError | UnsupportedChainError | UpstreamUnavailableError
 */
export async function getVolume(ctx: ServiceContext, request: unknown): Promise<VolumeAnswer> {
  const parsed = volumeRequestSchema.safeParse(request, { reportInput: true })
  if (!parsed.success) throw toInvalidRequestError(parsed.error)
  const { chainId, blocks = 7_200 } = parsed.data
  const chain = ctx.chains[chainId]
  const store = ctx.snapshots[chainId]
  if (!chain || !store) throw new UnsupportedChainError({ chainId, supported: Object.keys(ctx.chains).map(Number) })
  return withUpstream(chainId, async () => {
    const book = chain.addressBook
    const snapshot = await store.current()
    const toBlock = snapshot.blockNumber
    const fromBlock = toBlock - BigInt(blocks) + 1n > 0n ? toBlock - BigInt(blocks) + 1n : 0n
    const executor = (book.switchyard as { executor?: Address } | undefined)?.executor
    const addresses: Address[] = [
      ...book.uniswapV2.pairs.map((p) => p.address),
      ...book.uniswapV3.pools.map((p) => p.address),
      book.balancerV2.vault,
      ...(book.uniswapV4 ? [book.uniswapV4.poolManager] : []),
      ...(executor ? [executor] : []),
    ]
    const logs = await chain.client.getLogs({ address: addresses, fromBlock, toBlock })
    const decoded = parseEventLogs({ abi: events, logs, strict: false })
    const prices = tokenPricesFor(snapshot, book)
    const decimals = new Map(Object.values(book.tokens).map((t) => [t.address.toLowerCase(), t.decimals]))
    const usd = (token: string, raw: bigint) => {
      const p = prices.get(token.toLowerCase())?.price
      const d = decimals.get(token.toLowerCase())
      return p !== undefined && d !== undefined ? (Number(raw < 0n ? -raw : raw) / 10 ** d) * p : 0
    }
    const v2 = new Map(book.uniswapV2.pairs.map((p) => [p.address.toLowerCase(), p]))
    const v3 = new Map(book.uniswapV3.pools.map((p) => [p.address.toLowerCase(), p]))
    const v4 = new Map((book.uniswapV4?.pools ?? []).map((p) => [p.id.toLowerCase(), p]))
    const v4Manager = book.uniswapV4?.poolManager.toLowerCase()
    // The native coin (currency 0x0) is priced as WETH.
    const currency = (c: Address) => (BigInt(c) === 0n ? book.weth : c)
    const balancerPools = new Set(book.balancerV2.pools.map((p) => p.poolId.toLowerCase()))
    const byProtocol = new Map<string, { volumeUsd: number; swaps: number }>()
    const add = (protocol: string, value: number) => {
      const e = byProtocol.get(protocol) ?? { volumeUsd: 0, swaps: 0 }
      e.volumeUsd += value
      e.swaps += 1
      byProtocol.set(protocol, e)
    }
    let routes = 0
    for (const log of decoded) {
      const emitter = log.address.toLowerCase()
      const args = log.args as Record<string, unknown>
      if (log.eventName === 'ShortcutExecuted') {
        if (executor && emitter === executor.toLowerCase()) routes++
        continue
      }
      const pair = v2.get(emitter)
      if (pair && typeof args.amount0In === 'bigint') {
        add('uniswap-v2', usd(pair.token0, args.amount0In) + usd(pair.token1, args.amount1In as bigint))
        continue
      }
      const pool = v3.get(emitter)
      if (pool && typeof args.amount0 === 'bigint') {
        // The positive side is what the pool received: the swap's input.
        const a0 = args.amount0
        const a1 = args.amount1 as bigint
        add('uniswap-v3', a0 > 0n ? usd(pool.token0, a0) : usd(pool.token1, a1))
        continue
      }
      const v4Pool = emitter === v4Manager && typeof args.id === 'string' ? v4.get(args.id.toLowerCase()) : undefined
      if (v4Pool && typeof args.amount0 === 'bigint') {
        // V4 reports the swapper's deltas: the negative side is what the swapper paid in.
        const a0 = args.amount0
        const a1 = args.amount1 as bigint
        add('uniswap-v4', a0 < 0n ? usd(currency(v4Pool.currency0), a0) : usd(currency(v4Pool.currency1), a1))
        continue
      }
      if (emitter === book.balancerV2.vault.toLowerCase() && typeof args.poolId === 'string' && balancerPools.has(args.poolId.toLowerCase())) {
        add('balancer-v2', usd(args.tokenIn as string, args.amountIn as bigint))
      }
    }
    const list = [...byProtocol].map(([protocol, v]) => ({ protocol, volumeUsd: v.volumeUsd, swaps: v.swaps }))
    return {
      chainId,
      fromBlock: Number(fromBlock),
      toBlock: Number(toBlock),
      volumeUsd: list.reduce((a, v) => a + v.volumeUsd, 0),
      swaps: list.reduce((a, v) => a + v.swaps, 0),
      routes,
      byProtocol: list,
    }
  })
}
