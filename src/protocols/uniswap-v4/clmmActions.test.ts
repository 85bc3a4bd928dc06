import { erc20Abi, getAddress, parseAbi, toHex, zeroAddress, type Address, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Devnet } from '../../chain/devnet/startDevnet.js'
import type { DevnetChain } from '../../chain/devnet/devnetChain.js'
import { expectOutputsAsExecuted } from '../../service/testing/expectOutputsAsExecuted.js'
import { getBundle } from '../../service/getBundle.js'
import { startServiceOnDevnet } from '../../service/testing/startServiceOnDevnet.js'
import type { BundleAnswer } from '../../service/types.js'
import { decodeSlot0, poolStateSlot } from './slots.js'
import { revertDevnet } from '../../chain/devnet/revertDevnet.js'

type ServiceOnDevnet = Awaited<ReturnType<typeof startServiceOnDevnet>>

const user: Address = '0x00000000000000000000000000000000000b0d3e'
const other: Address = '0x00000000000000000000000000000000000b0d4e'
const caller = { accountId: `0x${'33'.repeat(32)}` as Hex, keyId: 'test' }
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const PERMIT2: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const factoryAbi = parseAbi(['function createWallet(address owner) returns (address)', 'function walletAddress(address owner) view returns (address)'])
const walletAbi = parseAbi(['function execute(address target, bytes data) payable returns (bytes)'])
const pmAbi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function ownerOf(uint256) view returns (address)',
  'function nextTokenId() view returns (uint256)',
  'function getPositionLiquidity(uint256 tokenId) view returns (uint128)',
  'function DOMAIN_SEPARATOR() view returns (bytes32)',
  'function poolManager() view returns (address)',
  'function permit2() view returns (address)',
  'function WETH9() view returns (address)',
])
const permit2Abi = parseAbi(['function allowance(address owner, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)'])
const extsloadAbi = parseAbi(['function extsload(bytes32 slot) view returns (bytes32)'])

let devnet: Devnet
let chain: DevnetChain
let ctx: ServiceOnDevnet['ctx']
let stop: (() => Promise<void>) | undefined
beforeAll(async () => {
  const started = await startServiceOnDevnet()
  ;({ devnet, chain, ctx, stop } = started)
  await devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 21n })
  await chain.client.impersonateAccount({ address: user })
}, 120_000)
afterAll(async () => {
  await stop?.()
})
let snap: Hex
beforeEach(async () => {
  snap = await chain.client.snapshot()
})
afterEach(async () => {
  await revertDevnet(chain.client, snap)
})

const tok = (s: string) => chain.addressBook.tokens[s]!.address
const pm = () => chain.addressBook.uniswapV4!.positionManager!
const balance = (token: Address, who: Address) =>
  token === NATIVE ? chain.client.getBalance({ address: who }) : chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
const bundle = (params: Record<string, unknown>, actions: unknown[]) => getBundle(ctx, { params: { chainId: 1, ...params }, actions }, { caller })

async function mined(hash: Hex) {
  const receipt = await chain.client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

async function sendApprovals(answer: BundleAnswer) {
  for (const a of answer.approvals) await mined(await chain.client.sendTransaction({ account: user, to: a.to as Address, data: a.data, chain: chain.client.chain }))
}

async function sendAsEoa(answer: BundleAnswer) {
  await sendApprovals(answer)
  const receipt = await mined(await chain.client.sendTransaction({ account: user, to: answer.tx.to as Address, data: answer.tx.data, value: BigInt(answer.tx.value), gas: BigInt(answer.gas), chain: chain.client.chain }))
  await expectOutputsAsExecuted(chain.client, answer, receipt.transactionHash)
  return receipt
}

async function createWallet(): Promise<Address> {
  const sy = chain.addressBook.switchyard as unknown as { smartWalletFactory: Address }
  await mined(await chain.client.writeContract({ address: sy.smartWalletFactory, abi: factoryAbi, functionName: 'createWallet', args: [user], account: user, chain: chain.client.chain }))
  return chain.client.readContract({ address: sy.smartWalletFactory, abi: factoryAbi, functionName: 'walletAddress', args: [user] })
}

async function sendThroughWallet(wallet: Address, answer: BundleAnswer) {
  const receipt = await mined(await chain.client.writeContract({ address: wallet, abi: walletAbi, functionName: 'execute', args: [answer.tx.to as Address, answer.tx.data], account: user, chain: chain.client.chain, gas: BigInt(answer.gas) + 50_000n }))
  await expectOutputsAsExecuted(chain.client, answer, receipt.transactionHash)
  return receipt
}

/** The seeded pool of `currency0/currency1` with that fee, and ticks 600 spacings-worth around its price. */
async function poolAndTicks(currency0: Address, currency1: Address, fee: number) {
  const pool = chain.addressBook.uniswapV4!.pools.find((p) => p.currency0.toLowerCase() === currency0.toLowerCase() && p.currency1.toLowerCase() === currency1.toLowerCase() && p.fee === fee)!
  const word = await chain.client.readContract({ address: chain.addressBook.uniswapV4!.poolManager, abi: extsloadAbi, functionName: 'extsload', args: [toHex(poolStateSlot(pool.id), { size: 32 })] })
  const { tick } = decodeSlot0(word)
  const base = Math.floor(tick / pool.tickSpacing) * pool.tickSpacing
  return { pool, ticks: [base - 60 * pool.tickSpacing, base + 60 * pool.tickSpacing] }
}

describe('the V4 PositionManager on the devnet', () => {
  test('is the real v4-periphery 1.0.3 contract at its mainnet address, wired to the PoolManager, Permit2 and WETH, with its own domain separator', async () => {
    expect(pm()).toBe('0xbD216513d74C8cf14cf4747E6AaA6420FF64ee9e')
    const read = <T>(functionName: 'poolManager' | 'permit2' | 'WETH9' | 'DOMAIN_SEPARATOR' | 'nextTokenId') => chain.client.readContract({ address: pm(), abi: pmAbi, functionName }) as Promise<T>
    expect(await read<Address>('poolManager')).toBe(chain.addressBook.uniswapV4!.poolManager)
    expect(await read<Address>('permit2')).toBe(PERMIT2)
    expect(await read<Address>('WETH9')).toBe(chain.addressBook.weth)
    expect(await read<bigint>('nextTokenId')).toBe(1n)
    // The cached EIP-712 separator must name the canonical address, not the scratch one the constructor ran at.
    const { keccak256, encodeAbiParameters, stringToHex } = await import('viem')
    const expected = keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }], [
      keccak256(stringToHex('EIP712Domain(string name,uint256 chainId,address verifyingContract)')), keccak256(stringToHex('Uniswap v4 Positions NFT')), 1n, pm(),
    ]))
    expect(await read<Hex>('DOMAIN_SEPARATOR')).toBe(expected)
  })
})

describe('uniswap-v4 depositclmm / redeemclmm through the V4 PositionManager', () => {
  test('depositclmm under the router (ETH/USDC, native currency): the receiver gets the NFT, unused amounts are refunded, the executor keeps nothing and no allowance', async () => {
    await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 5_000n * 10n ** 6n })
    const { pool, ticks } = await poolAndTicks(zeroAddress, tok('USDC'), 500)
    const [ethIn, usdcIn] = [10n ** 18n, 3_000n * 10n ** 6n]
    const answer = await bundle({ fromAddress: user, receiver: other }, [
      { protocol: 'uniswap-v4', action: 'depositclmm', args: { tokenOut: pm(), tokenIn: [tok('USDC'), NATIVE], amountIn: [usdcIn.toString(), ethIn.toString()], ticks, poolFee: '500', tickSpacing: '10', hook: zeroAddress } },
    ])
    expect(answer.amountsOut[pm()]).toBe('1')
    expect(answer.tx.value).toBe(ethIn.toString())
    const tokenId = await chain.client.readContract({ address: pm(), abi: pmAbi, functionName: 'nextTokenId' })
    await sendApprovals(answer)
    const [ethBefore, usdcBefore] = [await balance(NATIVE, user), await balance(tok('USDC'), user)]
    const receipt = await sendAsEoa({ ...answer, approvals: [] })
    console.info(`uniswap-v4 depositclmm (router, ETH/USDC): ${receipt.gasUsed} gas (limit answered ${answer.gas})`)
    expect(await chain.client.readContract({ address: pm(), abi: pmAbi, functionName: 'ownerOf', args: [tokenId] })).toBe(getAddress(other))
    const [liquidity, amount0, amount1, mintedId] = answer.actionOutputs![0]!.map(BigInt) as [bigint, bigint, bigint, bigint]
    expect(mintedId).toBe(tokenId)
    // The answered liquidity is the position's, as the PositionManager reads it from the PoolManager.
    expect(await chain.client.readContract({ address: pm(), abi: pmAbi, functionName: 'getPositionLiquidity', args: [tokenId] })).toBe(liquidity)
    expect(liquidity).toBeGreaterThan(0n)
    // The user paid exactly what the position took (currency0 = ETH, plus gas); the rest was refunded.
    const gasCost = receipt.gasUsed * receipt.effectiveGasPrice
    expect(ethBefore - (await balance(NATIVE, user)) - gasCost).toBe(amount0)
    expect(usdcBefore - (await balance(tok('USDC'), user))).toBe(amount1)
    expect(amount0 <= ethIn && amount1 <= usdcIn).toBe(true)
    expect(amount0 * 10_000n >= ethIn * 9_999n || amount1 * 10_000n >= usdcIn * 9_999n).toBe(true)
    expect(amount0 < ethIn || amount1 < usdcIn).toBe(true)
    const executor = chain.addressBook.switchyard!.executor as Address
    for (const t of [NATIVE, tok('USDC')]) expect(await balance(t, executor)).toBe(0n)
    for (const t of [NATIVE, tok('USDC')]) expect(await balance(t, pm())).toBe(0n)
    expect(await chain.client.readContract({ address: tok('USDC'), abi: erc20Abi, functionName: 'allowance', args: [executor, PERMIT2] })).toBe(0n)
    expect(await chain.client.readContract({ address: tok('USDC'), abi: erc20Abi, functionName: 'allowance', args: [executor, pm()] })).toBe(0n)
    expect((await chain.client.readContract({ address: PERMIT2, abi: permit2Abi, functionName: 'allowance', args: [executor, tok('USDC'), pm()] }))[0]).toBe(0n)
    expect(pool.hooks).toBe(zeroAddress)
    // A second mint into the pool costs less: the PositionManager stored the pool's key on the first.
    const again = await bundle({ fromAddress: user, receiver: other }, [
      { protocol: 'uniswap-v4', action: 'depositclmm', args: { tokenOut: pm(), tokenIn: [tok('USDC'), NATIVE], amountIn: [(usdcIn / 2n).toString(), (ethIn / 2n).toString()], ticks, poolFee: '500' } },
    ])
    const second = await sendAsEoa(again)
    console.info(`uniswap-v4 depositclmm (router, ETH/USDC, second mint into the pool): ${second.gasUsed} gas`)
    expect(await chain.client.readContract({ address: pm(), abi: pmAbi, functionName: 'ownerOf', args: [tokenId + 1n] })).toBe(getAddress(other))
  })

  test('a wallet mints (WETH/USDT), removes part of the liquidity, then all of it (the NFT is burned), collecting both tokens each time', async () => {
    const wallet = await createWallet()
    const [weth, usdt] = [tok('WETH'), tok('USDT')]
    await devnet.fund({ chainId: 1, address: wallet, token: 'USDT', amount: 3_000n * 10n ** 6n })
    await devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 10n ** 18n })
    const [c0, c1] = BigInt(weth) < BigInt(usdt) ? [weth, usdt] : [usdt, weth]
    const { ticks } = await poolAndTicks(c0, c1, 500)
    const mint = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'uniswap-v4', action: 'depositclmm', args: { tokenOut: pm(), tokenIn: [weth, usdt], amountIn: ['1000000000000000000', '3000000000'], ticks, poolFee: '500' } },
    ])
    const r0 = await sendThroughWallet(wallet, mint)
    console.info(`uniswap-v4 depositclmm (wallet, WETH/USDT): ${r0.gasUsed} gas`)
    const [liquidity, , , tokenId] = mint.actionOutputs![0]!.map(BigInt) as [bigint, bigint, bigint, bigint]
    expect(await chain.client.readContract({ address: pm(), abi: pmAbi, functionName: 'ownerOf', args: [tokenId] })).toBe(wallet)
    expect(await chain.client.readContract({ address: pm(), abi: pmAbi, functionName: 'getPositionLiquidity', args: [tokenId] })).toBe(liquidity)

    const half = liquidity / 2n
    const before1 = [await balance(c0, wallet), await balance(c1, wallet)]
    const partial = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'uniswap-v4', action: 'redeemclmm', args: { tokenIn: pm(), tokenOut: [usdt, weth], liquidity: half.toString(), tokenId: tokenId.toString() } },
    ])
    const r1 = await sendThroughWallet(wallet, partial)
    console.info(`uniswap-v4 redeemclmm (wallet, half the liquidity): ${r1.gasUsed} gas`)
    expect(await chain.client.readContract({ address: pm(), abi: pmAbi, functionName: 'getPositionLiquidity', args: [tokenId] })).toBe(liquidity - half)
    const got1 = [(await balance(c0, wallet)) - before1[0]!, (await balance(c1, wallet)) - before1[1]!]
    expect(partial.actionOutputs![0]!.map(BigInt)).toEqual(got1)
    expect(got1[0]! > 0n && got1[1]! > 0n).toBe(true)

    const before2 = [await balance(c0, wallet), await balance(c1, wallet)]
    const all = await bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'uniswap-v4', action: 'redeemclmm', args: { tokenIn: pm(), tokenOut: [weth, usdt], tokenId: tokenId.toString() } },
    ])
    const r2 = await sendThroughWallet(wallet, all)
    console.info(`uniswap-v4 redeemclmm (wallet, all liquidity, burn): ${r2.gasUsed} gas`)
    await expect(chain.client.readContract({ address: pm(), abi: pmAbi, functionName: 'ownerOf', args: [tokenId] })).rejects.toThrow()
    const got2 = [(await balance(c0, wallet)) - before2[0]!, (await balance(c1, wallet)) - before2[1]!]
    expect(all.actionOutputs![0]!.map(BigInt)).toEqual(got2)
    expect(got2[0]! > 0n && got2[1]! > 0n).toBe(true)
    for (const t of [c0, c1]) expect(await balance(t, pm())).toBe(0n)
  })

  test('depositclmm takes an earlier action\'s output: route USDC to WETH, then mint WETH/USDT with it', async () => {
    await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 3_000n * 10n ** 6n })
    await devnet.fund({ chainId: 1, address: user, token: 'USDT', amount: 3_000n * 10n ** 6n })
    const [weth, usdt] = [tok('WETH'), tok('USDT')]
    const [c0, c1] = BigInt(weth) < BigInt(usdt) ? [weth, usdt] : [usdt, weth]
    const { ticks } = await poolAndTicks(c0, c1, 500)
    const answer = await bundle({ fromAddress: user }, [
      { protocol: 'enso', action: 'route', args: { tokenIn: tok('USDC'), tokenOut: weth, amountIn: '3000000000' } },
      { protocol: 'uniswap-v4', action: 'depositclmm', args: { tokenOut: pm(), tokenIn: [weth, usdt], amountIn: [{ useOutputOfCallAt: 0 }, '3000000000'], ticks, poolFee: '500' } },
    ])
    const tokenId = await chain.client.readContract({ address: pm(), abi: pmAbi, functionName: 'nextTokenId' })
    await sendAsEoa(answer)
    expect(await chain.client.readContract({ address: pm(), abi: pmAbi, functionName: 'ownerOf', args: [tokenId] })).toBe(getAddress(user))
    expect(await chain.client.readContract({ address: pm(), abi: pmAbi, functionName: 'getPositionLiquidity', args: [tokenId] })).toBe(BigInt(answer.actionOutputs![1]![0]!))
    const executor = chain.addressBook.switchyard!.executor as Address
    for (const t of [weth, usdt, tok('USDC')]) expect(await balance(t, executor)).toBe(0n)
  })

  test('redeemclmm under the router is refused: the position belongs to the wallet', async () => {
    await expect(bundle({ fromAddress: user }, [
      { protocol: 'uniswap-v4', action: 'redeemclmm', args: { tokenIn: pm(), tokenOut: [NATIVE, tok('USDC')], tokenId: '1' } },
    ])).rejects.toMatchObject({ code: 'DELEGATE_ONLY' })
  })

  test('a hooked key, a reference for liquidity and a wrong PositionManager are refused with clear errors', async () => {
    await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 3_000n * 10n ** 6n })
    const { ticks } = await poolAndTicks(zeroAddress, tok('USDC'), 500)
    const deposit = (extra: Record<string, unknown>) => bundle({ fromAddress: user }, [
      { protocol: 'uniswap-v4', action: 'depositclmm', args: { tokenOut: pm(), tokenIn: [NATIVE, tok('USDC')], amountIn: ['1000000000000000000', '3000000000'], ticks, poolFee: '500', ...extra } },
    ])
    await expect(deposit({ hook: '0x0000000000000000000000000000000000000fc0' })).rejects.toMatchObject({ code: 'INVALID_ACTION', message: expect.stringContaining('hooks are not supported') })
    await expect(deposit({ tokenOut: chain.addressBook.uniswapV3.positionManager })).rejects.toMatchObject({ code: 'INVALID_PRIMARY_ADDRESS' })
    await expect(deposit({ tokenIn: [tok('WETH'), tok('USDC')] })).rejects.toMatchObject({ code: 'INVALID_ACTION', message: expect.stringContaining('no hookless Uniswap V4 pool') })
    const wallet = await createWallet()
    await expect(bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'enso', action: 'balance', args: { token: tok('USDC') } },
      { protocol: 'uniswap-v4', action: 'redeemclmm', args: { tokenIn: pm(), tokenOut: [NATIVE, tok('USDC')], tokenId: '1', liquidity: { useOutputOfCallAt: 0 } } },
    ])).rejects.toMatchObject({ code: 'INVALID_ACTION', message: expect.stringContaining('must be a literal') })
  })
})
