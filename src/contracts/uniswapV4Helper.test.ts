import { BaseError, ContractFunctionRevertedError, encodeAbiParameters, erc20Abi, maxUint256, parseEther, zeroAddress, type Address, type Hex, type PublicClient } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest'
import { devnetDeployer } from '../chain/devnet/createDevnetClient.js'
import { devUniswapV4LiquidityProvider } from '../chain/devnet/seedUniswapV4.js'
import { uniswapV4PoolId } from '../protocols/uniswap-v4/poolId.js'
import { startDevnet, type Devnet, type DevnetChain } from '../chain/devnet/startDevnet.js'
import { loadProtocolArtifact } from '../chain/devnet/protocolArtifacts.js'
import { uniswapV4PoolKeyAddress, loadUniswapV4 } from '../protocols/uniswap-v4/load.js'
import { quoteExactInputV4 } from '../protocols/uniswap-v4/quote.js'
import { switchyardUniswapV4HelperAbi } from './generated/abis.js'
import { devUniswapV4LiquidityProviderAbi } from './generated/testAbis.js'
import { revertDevnet } from '../chain/devnet/revertDevnet.js'

/**
 * THREATS.md I1 and invariant 3 against SwitchyardUniswapV4Helper on the devnet's real PoolManager: only the
 * PoolManager may call the callback, and only during the helper's own swap; nobody can spend someone else's
 * tokens through it; it refuses hooked pools, stray ETH and partial fills; it ends every swap holding nothing.
 */

const attacker: Address = '0x00000000000000000000000000000000a77ac4e2'
const victim: Address = '0x000000000000000000000000000000000000b1c7'

let devnet: Devnet
let chain: DevnetChain
let helper: Address
let snap: Hex
beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
  chain = devnet.chains[1]!
  helper = (chain.addressBook.switchyard!.helpers as Record<string, Address>).uniswapV4!
  for (const who of [attacker, victim]) {
    await chain.client.impersonateAccount({ address: who })
    await devnet.fund({ chainId: 1, address: who, token: 'ETH', amount: 10n ** 20n })
  }
})
afterAll(async () => {
  await devnet?.stop()
})
beforeEach(async () => {
  snap = await chain.client.snapshot()
})
afterEach(async () => {
  await revertDevnet(chain.client, snap)
})

const usdc = () => chain.addressBook.tokens.USDC!.address
const weth = () => chain.addressBook.weth
const poolManager = () => chain.addressBook.uniswapV4!.poolManager
type PoolKey = { currency0: Address; currency1: Address; fee: number; tickSpacing: number; hooks: Address }
const ethUsdcKey = (): PoolKey => ({ currency0: zeroAddress, currency1: usdc(), fee: 500, tickSpacing: 10, hooks: zeroAddress })
const balance = (token: Address, who: Address) => chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

/** The custom error a call reverted with, by name. */
async function revertName(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call
    return undefined
  } catch (e) {
    const reverted = e instanceof BaseError ? e.walk((x) => x instanceof ContractFunctionRevertedError) : undefined
    return reverted instanceof ContractFunctionRevertedError ? (reverted.data?.errorName ?? reverted.reason ?? 'revert') : 'revert'
  }
}

async function send(from: Address, call: { address: Address; abi: readonly unknown[]; functionName: string; args: readonly unknown[] }): Promise<void> {
  const hash = await chain.client.writeContract({ ...call, account: from, chain: chain.client.chain, gas: 2_000_000n } as never)
  expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
}

const swapCall = (key: PoolKey, zeroForOne: boolean, amountIn: bigint, min = 0n) =>
  ({ address: helper, abi: switchyardUniswapV4HelperAbi, functionName: 'swapExactIn' as const, args: [key, zeroForOne, amountIn, min] as const })

test('unlockCallback called directly (anyone but the PoolManager) reverts NotPoolManager', async () => {
  // Data that, if obeyed, would swap 1,000 USDC of the helper's into the caller's favour.
  const data = encodeAbiParameters(
    [{ type: 'tuple', components: [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'int24' }, { type: 'address' }] }, { type: 'bool' }, { type: 'uint256' }],
    [[zeroAddress, usdc(), 500, 10, zeroAddress], false, 1_000n * 10n ** 6n],
  )
  expect(await revertName(chain.client.simulateContract({ address: helper, abi: switchyardUniswapV4HelperAbi, functionName: 'unlockCallback', args: [data], account: attacker }))).toBe('NotPoolManager')
})

test('even the PoolManager address cannot call unlockCallback outside a swap of the helper (NotInSwap)', async () => {
  await chain.client.impersonateAccount({ address: poolManager() })
  const data = encodeAbiParameters(
    [{ type: 'tuple', components: [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'int24' }, { type: 'address' }] }, { type: 'bool' }, { type: 'uint256' }],
    [[zeroAddress, usdc(), 500, 10, zeroAddress], true, 1n],
  )
  expect(await revertName(chain.client.simulateContract({ address: helper, abi: switchyardUniswapV4HelperAbi, functionName: 'unlockCallback', args: [data], account: poolManager() }))).toBe('NotInSwap')
})

test('a victim\'s approval of the helper cannot be spent by anyone else: swaps pull only from msg.sender', async () => {
  await devnet.fund({ chainId: 1, address: victim, token: 'USDC', amount: 50_000n * 10n ** 6n })
  await send(victim, { address: usdc(), abi: erc20Abi, functionName: 'approve', args: [helper, maxUint256] })
  const before = await balance(usdc(), victim)
  // The attacker holds no USDC: the helper pulls from the attacker, not from the approving victim.
  expect(await revertName(chain.client.simulateContract({ ...swapCall(ethUsdcKey(), false, 10_000n * 10n ** 6n), account: attacker }))).not.toBeUndefined()
  expect(await balance(usdc(), victim)).toBe(before)
})

test('tokens donated to the helper stay there: a swap returns exactly the pool output, never the donation', async () => {
  await devnet.fund({ chainId: 1, address: victim, token: 'USDC', amount: 5_000n * 10n ** 6n })
  await send(victim, { address: usdc(), abi: erc20Abi, functionName: 'transfer', args: [helper, 5_000n * 10n ** 6n] })
  await devnet.fund({ chainId: 1, address: attacker, token: 'WETH', amount: parseEther('1') })
  await send(attacker, { address: weth(), abi: erc20Abi, functionName: 'approve', args: [helper, maxUint256] })
  const client = chain.client as unknown as PublicClient
  const snapshots = await loadUniswapV4({ client, book: chain.addressBook }, { blockNumber: await client.getBlockNumber() })
  const pool = snapshots.find((s) => s.address === uniswapV4PoolKeyAddress(uniswapV4PoolId(ethUsdcKey())))!
  const quoted = quoteExactInputV4(pool, { zeroForOne: true, amountIn: parseEther('1') }).amountOut
  const before = await balance(usdc(), attacker)
  await send(attacker, swapCall(ethUsdcKey(), true, parseEther('1')))
  expect((await balance(usdc(), attacker)) - before).toBe(quoted)
  expect(await balance(usdc(), helper)).toBe(5_000n * 10n ** 6n)
  expect(await balance(weth(), helper)).toBe(0n)
})

test('refuses hooked pool keys, stray ETH, a zero amount, an amount past int128 and an output below the minimum', async () => {
  await devnet.fund({ chainId: 1, address: attacker, token: 'WETH', amount: parseEther('1') })
  await send(attacker, { address: weth(), abi: erc20Abi, functionName: 'approve', args: [helper, maxUint256] })
  const hooked = { ...ethUsdcKey(), hooks: attacker }
  expect(await revertName(chain.client.simulateContract({ ...swapCall(hooked, true, 10n ** 15n), account: attacker }))).toBe('HooksNotSupported')
  expect(await revertName(chain.client.simulateContract({ ...swapCall(ethUsdcKey(), true, 0n), account: attacker }))).toBe('InvalidAmount')
  // The largest amount an int128 delta carries passes the bound (and fails later: the attacker holds no such WETH); one more does not.
  const int128Max = 2n ** 127n - 1n
  expect(await revertName(chain.client.simulateContract({ ...swapCall(ethUsdcKey(), true, int128Max), account: attacker }))).not.toBe('InvalidAmount')
  expect(await revertName(chain.client.simulateContract({ ...swapCall(ethUsdcKey(), true, int128Max + 1n), account: attacker }))).toBe('InvalidAmount')
  expect(await revertName(chain.client.simulateContract({ ...swapCall(ethUsdcKey(), true, 10n ** 15n, maxUint256), account: attacker }))).toBe('AmountTooLow')
  await expect(chain.client.call({ account: attacker, to: helper, value: 1n })).rejects.toThrow()
})

test('a partial fill reverts (PartialFill) where the quote says priceLimit; nothing is left in the helper', async () => {
  // A fresh USDC/WBTC pool holding one position only: a large swap runs out of liquidity. Its wide tick
  // spacing makes one bitmap word span every tick, so the quote sees the pool is empty past the position.
  const wbtc = chain.addressBook.tokens.WBTC!.address
  const [c0, c1] = usdc().toLowerCase() < wbtc.toLowerCase() ? [usdc(), wbtc] : [wbtc, usdc()]
  const key: PoolKey = { currency0: c0, currency1: c1, fee: 10_000, tickSpacing: 16_384, hooks: zeroAddress }
  const pm = loadProtocolArtifact('UniswapV4PoolManager').abi
  await send(devnetDeployer, { address: poolManager(), abi: pm, functionName: 'initialize', args: [key, 1n << 96n] })
  for (const [symbol, token] of [['USDC', usdc()], ['WBTC', wbtc]] as const) {
    await devnet.fund({ chainId: 1, address: devnetDeployer, token: symbol, amount: 10n ** 12n })
    await send(devnetDeployer, { address: token, abi: erc20Abi, functionName: 'approve', args: [devUniswapV4LiquidityProvider, maxUint256] })
  }
  await send(devnetDeployer, { address: devUniswapV4LiquidityProvider, abi: devUniswapV4LiquidityProviderAbi, functionName: 'addLiquidity', args: [key, -16_384, 16_384, 10n ** 9n] })
  chain.addressBook.uniswapV4!.pools.push({ id: uniswapV4PoolId(key), ...key })
  try {
    const client = chain.client as unknown as PublicClient
    const [pool] = await loadUniswapV4({ client, book: chain.addressBook }, { blockNumber: await client.getBlockNumber(), pools: [uniswapV4PoolKeyAddress(uniswapV4PoolId(key))] })
    const amountIn = 10n ** 11n
    expect(quoteExactInputV4(pool!, { zeroForOne: true, amountIn }).status).toBe('priceLimit')
    await devnet.fund({ chainId: 1, address: attacker, token: c0 === usdc() ? 'USDC' : 'WBTC', amount: amountIn })
    await send(attacker, { address: c0, abi: erc20Abi, functionName: 'approve', args: [helper, maxUint256] })
    expect(await revertName(chain.client.simulateContract({ ...swapCall(key, true, amountIn), account: attacker }))).toBe('PartialFill')
    // A fill inside the range works and leaves nothing behind.
    const small = 10n ** 4n
    const q = quoteExactInputV4(pool!, { zeroForOne: true, amountIn: small })
    expect(q.status).toBe('ok')
    const before = await balance(c1, attacker)
    await send(attacker, swapCall(key, true, small))
    expect((await balance(c1, attacker)) - before).toBe(q.amountOut)
    for (const t of [c0, c1]) expect(await balance(t, helper)).toBe(0n)
  } finally {
    chain.addressBook.uniswapV4!.pools.pop()
  }
})

test('an output of a single unit is taken from the PoolManager and returned', async () => {
  await devnet.fund({ chainId: 1, address: attacker, token: 'WETH', amount: parseEther('1') })
  await send(attacker, { address: weth(), abi: erc20Abi, functionName: 'approve', args: [helper, maxUint256] })
  const client = chain.client as unknown as PublicClient
  const snapshots = await loadUniswapV4({ client, book: chain.addressBook }, { blockNumber: await client.getBlockNumber() })
  const pool = snapshots.find((s) => s.address === uniswapV4PoolKeyAddress(uniswapV4PoolId(ethUsdcKey())))!
  // The least WETH that buys one USDC unit (the quote is monotone in the input).
  let [lo, hi] = [1n, parseEther('0.001')]
  while (lo < hi) {
    const mid = (lo + hi) / 2n
    if (quoteExactInputV4(pool, { zeroForOne: true, amountIn: mid }).amountOut >= 1n) hi = mid
    else lo = mid + 1n
  }
  expect(quoteExactInputV4(pool, { zeroForOne: true, amountIn: lo }).amountOut).toBe(1n)
  const before = await balance(usdc(), attacker)
  await send(attacker, swapCall(ethUsdcKey(), true, lo, 1n))
  expect((await balance(usdc(), attacker)) - before).toBe(1n)
})
