import { BaseError, ContractFunctionRevertedError, decodeErrorResult, encodeAbiParameters, encodeFunctionData, erc20Abi, getAddress, maxUint256, parseAbi, toHex, zeroAddress, type Abi, type Address, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { devnetDeployer, type DevnetClient } from '../chain/devnet/createDevnetClient.js'
import { loadProtocolArtifact } from '../chain/devnet/protocolArtifacts.js'
import { revertDevnet } from '../chain/devnet/revertDevnet.js'
import { startDevnet, type Devnet, type DevnetChain } from '../chain/devnet/startDevnet.js'
import { computeUniswapV3PoolAddress } from '../protocols/uniswap-v3/computeUniswapV3PoolAddress.js'
import { uniswapV3Forks, type UniswapV3Fork } from '../protocols/uniswap-v3/config.js'
import { loadUniswapV3 } from '../protocols/uniswap-v3/load.js'
import { quoteExactInput } from '../protocols/uniswap-v3/quote.js'
import { getSqrtRatioAtTick } from '../protocols/uniswap-v3/tickMath.js'
import { loadContractArtifact } from './loadContractArtifact.js'

/**
 * SwitchyardUniswapV3ForkHelper on the devnet's SushiSwap V3 (Uniswap V3 bytecode at Sushi's factory) and
 * PancakeSwap V3 (PancakeSwap's factory and pool bytecode, our pool deployer): swaps through each fork's pools
 * deliver exactly what the Uniswap V3 adapter quotes, and invariants 3 and 9 (docs/contracts.md) hold: a swap
 * callback is paid only by the pool the running swap derived from the fork table; a fake pool — a direct call, a
 * contract calling back in the middle of a real swap, a pool of a factory outside the table — gets nothing; a
 * swap below its minimum, past the liquidity, or of a single unit is what it says. Refusals without a pool:
 * uniswapV3ForkHelperGuards.test.ts.
 */

const helperAbi = parseAbi([
  'function swapExactIn(address deployer, address tokenIn, address tokenOut, uint24 fee, uint256 amountIn, uint256 amountOutMin) returns (uint256)',
  'function poolAddress(address deployer, address tokenA, address tokenB, uint24 fee) view returns (address)',
  'function initCodeHashOf(address deployer) view returns (bytes32)',
  'function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes data)',
  'function pancakeV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes data)',
  'error UnknownFork(address deployer)',
  'error NotInSwap()',
  'error NotPool(address caller, address expected)',
  'error InvalidFork(address deployer)',
  'error PartialFill(uint256 consumed, uint256 amountIn)',
  'error AmountTooLow(uint256 amountOut, uint256 amountOutMin)',
  'error InvalidSwap()',
])
const factoryAbi = parseAbi([
  'function createPool(address tokenA, address tokenB, uint24 fee) returns (address)',
  'function getPool(address tokenA, address tokenB, uint24 fee) view returns (address)',
  'function feeAmountTickSpacing(uint24 fee) view returns (int24)',
])
const poolAbi = parseAbi(['function initialize(uint160 sqrtPriceX96)'])
const providerAbi = parseAbi(['function mint(address pool, int24 tickLower, int24 tickUpper, uint128 liquidity) returns (uint256, uint256)'])
const reentrantAbi = parseAbi(['function mint(address to, uint256 amount)', 'function setHook(address target, bytes data)'])

const trader: Address = '0x0000000000000000000000000000000000f0a4e1'
const attacker: Address = '0x00000000000000000000000000000000a77ac4e2'

let devnet: Devnet
let chain: DevnetChain
let client: DevnetClient
let helper: Address
let provider: Address
let snap: Hex

const fork = (slug: string): UniswapV3Fork => uniswapV3Forks.find((f) => f.slug === slug)!
const deployerOf = (slug: string): Address => fork(slug).deployments[1]!.poolDeployer
const factoryOf = (slug: string): Address => fork(slug).deployments[1]!.factory
const usdc = () => chain.addressBook.tokens.USDC!.address
const weth = () => chain.addressBook.weth
const balanceOf = (token: Address, who: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

async function mined(hash: Hex) {
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  expect(receipt.status).toBe('success')
  return receipt
}
async function deploy(abi: Abi, bytecode: Hex, args: readonly unknown[] = []): Promise<Address> {
  const hash = await client.deployContract({ abi, bytecode, args, account: devnetDeployer, chain: client.chain })
  return (await mined(hash)).contractAddress!
}
/** Simulates a write (so a revert surfaces with its reason), then sends and mines it. */
async function send(params: Parameters<DevnetClient['simulateContract']>[0]): Promise<void> {
  const { request } = await client.simulateContract(params)
  await mined(await client.writeContract({ gas: 5_000_000n, ...request } as never))
}
/** The custom error a write reverts with (its name and arguments), from a simulation at the head. */
async function revertOf(params: Parameters<DevnetClient['simulateContract']>[0]): Promise<{ name: string; args: readonly unknown[] }> {
  try {
    await client.simulateContract(params)
  } catch (error) {
    const reverted = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError | null
    if (reverted?.data) return { name: reverted.data.errorName, args: reverted.data.args ?? [] }
    throw error
  }
  throw new Error('did not revert')
}

/** One frame of a callTracer trace. */
type CallFrame = { from: string; to: string; output?: Hex; error?: string; calls?: CallFrame[] }
function findCall(frame: CallFrame, match: (c: CallFrame) => boolean): CallFrame | undefined {
  if (match(frame)) return frame
  for (const c of frame.calls ?? []) {
    const hit = findCall(c, match)
    if (hit) return hit
  }
  return undefined
}

/** A USDC/WETH-like pool at about 3,000 USDC per WETH (token0 < token1 by address), with a wide and a narrow position. */
async function seedPool(p: { factory: Address; tokenA: Address; tokenB: Address; fee: number }): Promise<Address> {
  await send({ address: p.factory, abi: factoryAbi, functionName: 'createPool', args: [p.tokenA, p.tokenB, p.fee], account: devnetDeployer, chain: client.chain })
  const pool = await client.readContract({ address: p.factory, abi: factoryAbi, functionName: 'getPool', args: [p.tokenA, p.tokenB, p.fee] })
  const spacing = await client.readContract({ address: p.factory, abi: factoryAbi, functionName: 'feeAmountTickSpacing', args: [p.fee] })
  const tick = Math.round(196_250 / spacing) * spacing + Math.floor(spacing / 2)
  await send({ address: pool, abi: poolAbi, functionName: 'initialize', args: [getSqrtRatioAtTick(tick)], account: devnetDeployer, chain: client.chain })
  const near = (d: number) => Math.round((tick + d) / spacing) * spacing
  for (const [lower, upper, liquidity] of [[near(-6_000), near(6_000), 2n * 10n ** 16n], [near(-300), near(300), 5n * 10n ** 16n]] as const) {
    await send({ address: provider, abi: providerAbi, functionName: 'mint', args: [pool, lower, upper, liquidity], account: devnetDeployer, chain: client.chain })
  }
  return pool
}

beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
  chain = devnet.chains[1]!
  client = chain.client
  const forkHelper = loadContractArtifact('SwitchyardUniswapV3ForkHelper')
  const table = uniswapV3Forks.flatMap((f) => (f.deployments[1] ? [{ deployer: f.deployments[1].poolDeployer, initCodeHash: f.initCodeHash }] : []))
  helper = await deploy(forkHelper.abi, forkHelper.bytecode, [table])
  const lp = loadContractArtifact('DevUniswapV3LiquidityProvider')
  provider = await deploy(lp.abi, lp.bytecode)
  await devnet.fund({ chainId: 1, address: devnetDeployer, token: 'USDC', amount: 10n ** 13n })
  await devnet.fund({ chainId: 1, address: devnetDeployer, token: 'WETH', amount: 10n ** 22n })
  for (const token of [usdc(), weth()]) {
    await send({ address: token, abi: erc20Abi, functionName: 'approve', args: [provider, maxUint256], account: devnetDeployer, chain: client.chain })
  }
  for (const who of [trader, attacker]) {
    await client.impersonateAccount({ address: who })
    await devnet.fund({ chainId: 1, address: who, token: 'ETH', amount: 10n ** 20n })
  }
}, 120_000)
afterAll(async () => {
  await devnet?.stop()
})
beforeEach(async () => {
  snap = await client.snapshot()
})
afterEach(async () => {
  await revertDevnet(client, snap)
})

describe('the forks on the devnet', () => {
  test('SushiSwap V3 and PancakeSwap V3 factories sit at their canonical addresses with the fee tiers of the fork table', async () => {
    for (const slug of ['sushiswap-v3', 'pancakeswap-v3']) {
      for (const { fee, tickSpacing } of fork(slug).feeTiers) {
        expect(await client.readContract({ address: factoryOf(slug), abi: factoryAbi, functionName: 'feeAmountTickSpacing', args: [fee] }), `${slug} ${fee}`).toBe(tickSpacing)
      }
    }
  })

  test('each fork places its pools where its (pool deployer, init code hash) says: the table is what the helper checks callbacks against', async () => {
    for (const [slug, fee] of [['sushiswap-v3', 3000], ['pancakeswap-v3', 2500]] as const) {
      const pool = await seedPool({ factory: factoryOf(slug), tokenA: weth(), tokenB: usdc(), fee })
      const { poolDeployer } = fork(slug).deployments[1]!
      expect(pool).toBe(computeUniswapV3PoolAddress({ poolDeployer, initCodeHash: fork(slug).initCodeHash, tokenA: weth(), tokenB: usdc(), fee }))
      expect(await client.readContract({ address: helper, abi: helperAbi, functionName: 'poolAddress', args: [poolDeployer, weth(), usdc(), fee] })).toBe(pool)
      expect(await client.readContract({ address: helper, abi: helperAbi, functionName: 'initCodeHashOf', args: [poolDeployer] })).toBe(fork(slug).initCodeHash)
    }
  })
})

describe('swaps through each fork deliver the Uniswap V3 adapter\'s quote, to the wei', () => {
  for (const [slug, fee] of [['sushiswap-v3', 3000], ['pancakeswap-v3', 2500]] as const) {
    test(`${slug}: USDC → WETH and WETH → USDC, crossing ticks; the helper ends empty`, async () => {
      const pool = await seedPool({ factory: factoryOf(slug), tokenA: usdc(), tokenB: weth(), fee })
      await devnet.fund({ chainId: 1, address: trader, token: 'USDC', amount: 2_000_000n * 10n ** 6n })
      await devnet.fund({ chainId: 1, address: trader, token: 'WETH', amount: 500n * 10n ** 18n })
      for (const token of [usdc(), weth()]) {
        await send({ address: token, abi: erc20Abi, functionName: 'approve', args: [helper, maxUint256], account: trader, chain: client.chain })
      }
      const spacing = fork(slug).feeTiers.find((t) => t.fee === fee)!.tickSpacing
      const entry = { address: pool, token0: usdc(), token1: weth(), fee, tickSpacing: spacing }
      for (const [tokenIn, tokenOut, amountIn] of [[usdc(), weth(), 150_000n * 10n ** 6n], [weth(), usdc(), 90n * 10n ** 18n], [usdc(), weth(), 1_000n * 10n ** 6n]] as const) {
        const blockNumber = await client.getBlockNumber()
        const [snapshot] = await loadUniswapV3({ client: client as never, book: { ...chain.addressBook, uniswapV3: { ...chain.addressBook.uniswapV3, pools: [entry] } } }, { blockNumber })
        const quoted = quoteExactInput(snapshot!, { zeroForOne: tokenIn === usdc(), amountIn })
        expect(quoted.status).toBe('ok')
        const before = await balanceOf(tokenOut, trader)
        await send({ address: helper, abi: helperAbi, functionName: 'swapExactIn', args: [deployerOf(slug), tokenIn, tokenOut, fee, amountIn, quoted.amountOut], account: trader, chain: client.chain })
        expect((await balanceOf(tokenOut, trader)) - before).toBe(quoted.amountOut)
      }
      expect(await balanceOf(usdc(), helper)).toBe(0n)
      expect(await balanceOf(weth(), helper)).toBe(0n)
    })
  }
})

describe("a swap's edges: the minimum, the price limit, a single unit", () => {
  /** A seeded SushiSwap V3 pool (3000) and a trader with USDC and WETH approved to the helper. */
  async function market() {
    const pool = await seedPool({ factory: factoryOf('sushiswap-v3'), tokenA: usdc(), tokenB: weth(), fee: 3000 })
    await devnet.fund({ chainId: 1, address: trader, token: 'USDC', amount: 10n ** 17n })
    await devnet.fund({ chainId: 1, address: trader, token: 'WETH', amount: 10n ** 18n })
    for (const token of [usdc(), weth()]) {
      await send({ address: token, abi: erc20Abi, functionName: 'approve', args: [helper, maxUint256], account: trader, chain: client.chain })
    }
    return { address: pool, token0: usdc(), token1: weth(), fee: 3000, tickSpacing: fork('sushiswap-v3').feeTiers.find((t) => t.fee === 3000)!.tickSpacing }
  }
  const swapArgs = (tokenIn: Address, tokenOut: Address, amountIn: bigint, amountOutMin: bigint) =>
    ({ address: helper, abi: helperAbi, functionName: 'swapExactIn', args: [deployerOf('sushiswap-v3'), tokenIn, tokenOut, 3000, amountIn, amountOutMin], account: trader, chain: client.chain, gas: 5_000_000n }) as const

  test('an output one unit below the minimum is refused (AmountTooLow); past all the liquidity the swap stops at the price limit (PartialFill)', async () => {
    const entry = await market()
    const amountIn = 10n ** 9n
    const [snapshot] = await loadUniswapV3({ client: client as never, book: { ...chain.addressBook, uniswapV3: { ...chain.addressBook.uniswapV3, pools: [entry] } } }, { blockNumber: await client.getBlockNumber() })
    const quoted = quoteExactInput(snapshot!, { zeroForOne: true, amountIn })
    expect(await revertOf(swapArgs(usdc(), weth(), amountIn, quoted.amountOut + 1n))).toEqual({ name: 'AmountTooLow', args: [quoted.amountOut, quoted.amountOut + 1n] })
    const huge = 10n ** 17n
    expect(quoteExactInput(snapshot!, { zeroForOne: true, amountIn: huge }).status).not.toBe('ok')
    const partial = await revertOf(swapArgs(usdc(), weth(), huge, 0n))
    expect(partial.name).toBe('PartialFill')
    expect(partial.args[0]).toBeLessThan(huge)
    expect(partial.args[1]).toBe(huge)
  })

  test('a swap of a single unit pays the pool that unit in either direction (the owed delta is the positive one, the other being 0)', async () => {
    await market()
    const before = { usdc: await balanceOf(usdc(), trader), weth: await balanceOf(weth(), trader) }
    await send(swapArgs(usdc(), weth(), 1n, 0n))
    await send(swapArgs(weth(), usdc(), 1n, 0n))
    expect([await balanceOf(usdc(), trader), await balanceOf(weth(), trader)]).toEqual([before.usdc - 1n, before.weth - 1n])
    expect([await balanceOf(usdc(), helper), await balanceOf(weth(), helper)]).toEqual([0n, 0n])
  })
})

describe('invariant 3/9: a swap callback from a fake pool is refused', () => {
  test('a direct callback (either name) is refused while the helper holds tokens: NotInSwap, nothing paid', async () => {
    await devnet.fund({ chainId: 1, address: helper, token: 'USDC', amount: 1_000n * 10n ** 6n })
    for (const functionName of ['uniswapV3SwapCallback', 'pancakeV3SwapCallback'] as const) {
      const refused = await revertOf({ address: helper, abi: helperAbi, functionName, args: [1_000n * 10n ** 6n, 0n, encodeAbiParameters([{ type: 'address' }], [usdc()])], account: attacker, chain: client.chain })
      expect(refused.name).toBe('NotInSwap')
    }
    expect(await balanceOf(usdc(), helper)).toBe(1_000n * 10n ** 6n)
    expect(await balanceOf(usdc(), attacker)).toBe(0n)
  })

  test('a contract that calls back in the middle of a real swap (a token\'s hook, holding the in-flight input) is refused: NotPool', async () => {
    const reentrant = loadContractArtifact('ReentrantToken')
    const token = await deploy(reentrant.abi, reentrant.bytecode)
    await send({ address: token, abi: reentrantAbi, functionName: 'mint', args: [devnetDeployer, 10n ** 30n], account: devnetDeployer, chain: client.chain })
    await send({ address: token, abi: erc20Abi, functionName: 'approve', args: [provider, maxUint256], account: devnetDeployer, chain: client.chain })
    const pool = await seedPool({ factory: factoryOf('sushiswap-v3'), tokenA: token, tokenB: weth(), fee: 3000 })
    await devnet.fund({ chainId: 1, address: trader, token: 'WETH', amount: 10n ** 18n })
    await send({ address: weth(), abi: erc20Abi, functionName: 'approve', args: [helper, maxUint256], account: trader, chain: client.chain })
    // When the pool sends the hooked token out, the token asks the helper for the whole in-flight WETH.
    const steal = encodeFunctionData({ abi: helperAbi, functionName: 'uniswapV3SwapCallback', args: [10n ** 18n, 10n ** 18n, encodeAbiParameters([{ type: 'address' }], [weth()])] })
    await send({ address: token, abi: reentrantAbi, functionName: 'setHook', args: [helper, steal], account: attacker, chain: client.chain })
    // The pool moves the hooked token with a low-level call and reverts 'TF' whatever the hook's reason: the
    // trace shows the hook's callback refused by our check, and without the hook the same swap goes through.
    const swap = { address: helper, abi: helperAbi, functionName: 'swapExactIn', args: [deployerOf('sushiswap-v3'), weth(), token, 3000, 10n ** 18n, 0n], account: trader, chain: client.chain } as const
    expect(await revertOf(swap)).toEqual({ name: 'Error', args: ['TF'] })
    const trace = (await client.request({
      method: 'debug_traceCall' as never,
      params: [{ from: trader, to: helper, data: encodeFunctionData(swap), gas: toHex(3_000_000) }, 'latest', { tracer: 'callTracer' }] as never,
    })) as CallFrame
    const hookCall = findCall(trace, (c) => c.from.toLowerCase() === token.toLowerCase() && c.to.toLowerCase() === helper.toLowerCase())
    expect(decodeErrorResult({ abi: helperAbi, data: hookCall!.output! })).toMatchObject({ errorName: 'NotPool', args: [getAddress(token), pool] })
    expect(await balanceOf(weth(), token)).toBe(0n)
    await send({ address: token, abi: reentrantAbi, functionName: 'setHook', args: [zeroAddress, '0x'], account: attacker, chain: client.chain })
    await send(swap)
    expect(await balanceOf(weth(), helper)).toBe(0n)
  })

  test('a real pool of a factory outside the fork table cannot be swapped through or paid: UnknownFork before any token moves', async () => {
    const factory = loadProtocolArtifact('UniswapV3Factory')
    const rogue = await deploy(factory.abi, factory.bytecode)
    const pool = await seedPool({ factory: rogue, tokenA: usdc(), tokenB: weth(), fee: 3000 })
    expect(await client.getCode({ address: pool })).not.toBe('0x')
    await devnet.fund({ chainId: 1, address: trader, token: 'USDC', amount: 10n ** 9n })
    await send({ address: usdc(), abi: erc20Abi, functionName: 'approve', args: [helper, maxUint256], account: trader, chain: client.chain })
    const refused = await revertOf({ address: helper, abi: helperAbi, functionName: 'swapExactIn', args: [rogue, usdc(), weth(), 3000, 10n ** 9n, 0n], account: trader, chain: client.chain, gas: 3_000_000n })
    expect(refused).toEqual({ name: 'UnknownFork', args: [getAddress(rogue)] })
    expect(await balanceOf(usdc(), trader)).toBe(10n ** 9n)
  })

  test('the table is fixed at construction: an empty or duplicated entry is refused', async () => {
    const forkHelper = loadContractArtifact('SwitchyardUniswapV3ForkHelper')
    const sushi = { deployer: deployerOf('sushiswap-v3'), initCodeHash: fork('sushiswap-v3').initCodeHash }
    for (const table of [[sushi, sushi], [{ ...sushi, initCodeHash: `0x${'0'.repeat(64)}` as Hex }]]) {
      await expect(deploy(forkHelper.abi, forkHelper.bytecode, [table])).rejects.toThrow()
    }
  })
})
