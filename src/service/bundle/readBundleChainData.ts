import { LRUCache } from 'lru-cache'
import { type Address, encodeFunctionData, erc20Abi, getAddress, parseAbi } from 'viem'
import type { ChainRuntime } from '../../chain/connectChains.js'
import type { BundleContracts } from '../../protocols/bundle/types.js'
import type { BundleParams } from '../../schemas/bundleRequest.js'
import { isNativeAddress } from '../../schemas/fields.js'
import type { BundleAnswer } from '../types.js'

/*
 * What a bundle needs to read from its chain before and after building: the tokens it names, the
 * wallet's balances, the contracts actions may call, Aave's flash-loan premium, the approvals missing.
 */

const multicall3Abi = parseAbi(['function getEthBalance(address) view returns (uint256)'])
const lower = (a: string) => a.toLowerCase()

/** Token addresses the actions name (token, tokenIn, tokenOut), for existence checks and balance reads. */
export function tokensNamed(params: BundleParams): Address[] {
  const found = new Set<string>()
  for (const a of params.actions) {
    const args = a.args as Record<string, unknown>
    // A cross-chain route's tokenOut lives on its destination chain (its callback is checked there).
    const keys = args.destinationChainId === undefined ? ['token', 'tokenIn', 'tokenOut'] : ['tokenIn']
    for (const key of keys) {
      const v = args[key]
      for (const t of Array.isArray(v) ? v : [v]) if (typeof t === 'string' && /^0x[0-9a-fA-F]{40}$/.test(t)) found.add(getAddress(t))
    }
  }
  return [...found] as Address[]
}

/** The wallet's balances of the named tokens at the block (lowercase keys). */
export async function balancesOf(chain: ChainRuntime, p: { account: Address; tokens: Address[]; blockNumber: bigint }): Promise<Record<string, bigint>> {
  const book = chain.addressBook
  const results = await chain.client.multicall({
    blockNumber: p.blockNumber,
    multicallAddress: book.multicall3,
    allowFailure: true,
    contracts: p.tokens.map((t) =>
      isNativeAddress(t)
        ? ({ address: book.multicall3, abi: multicall3Abi, functionName: 'getEthBalance', args: [p.account] } as const)
        : ({ address: t, abi: erc20Abi, functionName: 'balanceOf', args: [p.account] } as const),
    ) as never[],
  })
  const out: Record<string, bigint> = {}
  p.tokens.forEach((t, i) => {
    const r = results[i]
    out[lower(t)] = r?.status === 'success' ? (r.result as bigint) : 0n
  })
  return out
}

const premiums = new LRUCache<number, bigint>({ max: 16, ttl: 60_000 })

/** Aave V3's flash-loan premium on the chain (bps), read at most once a minute. */
export async function flashLoanPremiumBps(chain: ChainRuntime): Promise<bigint | undefined> {
  const pool = chain.addressBook.aaveV3?.pool
  if (!pool) return undefined
  const hit = premiums.get(chain.chainId)
  if (hit !== undefined) return hit
  const bps = BigInt(await chain.client.readContract({ address: pool, abi: parseAbi(['function FLASHLOAN_PREMIUM_TOTAL() view returns (uint128)']), functionName: 'FLASHLOAN_PREMIUM_TOTAL' }))
  premiums.set(chain.chainId, bps)
  return bps
}

/** The chain's contracts that actions may call. */
export function contractsOf(chain: ChainRuntime): BundleContracts {
  const book = chain.addressBook as typeof chain.addressBook & { lido?: { stETH?: Address; wstETH?: Address }; morphoBlue?: { morpho: Address; markets: NonNullable<BundleContracts['morphoMarkets']> } }
  return {
    weth: book.weth,
    permit2: book.permit2,
    multicall3: book.multicall3,
    uniswapV2Router02: book.uniswapV2.router02,
    uniswapV3SwapRouter02: book.uniswapV3.swapRouter02,
    uniswapV3PositionManager: book.uniswapV3.positionManager,
    uniswapV4PositionManager: book.uniswapV4?.positionManager,
    balancerVault: book.balancerV2.vault,
    aaveV3Pool: book.aaveV3?.pool,
    aaveV3Rewards: book.aaveV3?.rewardsController ? { controller: book.aaveV3.rewardsController, rewards: book.aaveV3.reserves.flatMap((r) => r.rewards ?? []) } : undefined,
    lidoStETH: book.lido?.stETH,
    lidoWstETH: book.lido?.wstETH,
    morpho: book.morphoBlue?.morpho,
    morphoMarkets: book.morphoBlue?.markets,
    aerodromeRouter: book.aerodrome?.router,
    curveGauges: book.curve?.gauges?.length ? { minter: book.curve.minter, crv: book.curve.crv, gauges: book.curve.gauges } : undefined,
  }
}

/** Approvals of the router the sender still needs for the bundle's ERC-20 inputs. */
export async function approvalsNeeded(chain: ChainRuntime, p: { owner: Address; spender: Address; inputs: { token: Address; amount: bigint }[]; blockNumber: bigint }): Promise<BundleAnswer['approvals']> {
  const erc20s = p.inputs.filter((i) => !isNativeAddress(i.token))
  if (erc20s.length === 0) return []
  const results = await chain.client.multicall({
    blockNumber: p.blockNumber,
    multicallAddress: chain.addressBook.multicall3,
    allowFailure: true,
    contracts: erc20s.map((i) => ({ address: i.token, abi: erc20Abi, functionName: 'allowance', args: [p.owner, p.spender] }) as const),
  })
  const out: BundleAnswer['approvals'] = []
  erc20s.forEach((input, i) => {
    const r = results[i]
    const allowance = r?.status === 'success' ? (r.result as bigint) : 0n
    if (allowance >= input.amount) return
    const tx = (amount: bigint) => ({ data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [p.spender, amount] }), to: input.token, from: p.owner, value: '0' })
    // USDT-style tokens refuse to change a non-zero allowance: reset it first.
    if (allowance > 0n) out.push({ ...tx(0n), token: input.token, amount: '0', spender: p.spender })
    out.push({ ...tx(input.amount), token: input.token, amount: input.amount.toString(), spender: p.spender })
  })
  return out
}

