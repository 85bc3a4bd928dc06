import { erc20Abi, maxUint256, type Address, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest'
import { revertDevnet } from '../../chain/devnet/revertDevnet.js'
import { getRoute } from '../../service/getRoute.js'
import { startServiceOnDevnet } from '../../service/testing/startServiceOnDevnet.js'
import type { RouteAnswer } from '../../service/types.js'

// Routes through the devnet's 3pool (our implementation of Curve's ABI and math at its mainnet
// address), sent as transactions: the receiver gets exactly amountOut, and the executor keeps nothing.

const user: Address = '0x00000000000000000000000000000000000c0c01'
const receiver: Address = '0x00000000000000000000000000000000000c0c02'
const caller = { accountId: `0x${'c0'.repeat(32)}` as Hex, keyId: 'test' }
const THREE_CRV: Address = '0x6c3F90f043a72FA612cbac8115EE7e52BDe6E490'

let s: Awaited<ReturnType<typeof startServiceOnDevnet>>
let snap: Hex
beforeAll(async () => {
  s = await startServiceOnDevnet()
  await s.chain.client.impersonateAccount({ address: user })
  await s.devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 21n })
}, 300_000)
afterAll(async () => {
  await s?.stop()
})
beforeEach(async () => {
  snap = await s.chain.client.snapshot()
})
afterEach(async () => {
  await revertDevnet(s.chain.client, snap)
})

const tok = (symbol: string) => (symbol === '3Crv' ? THREE_CRV : s.chain.addressBook.tokens[symbol]!.address)
const router = () => (s.chain.addressBook.switchyard as unknown as { router: Address }).router
const executor = () => (s.chain.addressBook.switchyard as unknown as { executor: Address }).executor
const balance = (token: Address, who: Address) => s.chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
const approveAbi = [{ type: 'function', name: 'approve', stateMutability: 'nonpayable', inputs: [{ name: 's', type: 'address' }, { name: 'v', type: 'uint256' }], outputs: [] }] as const

async function send(to: Address, data: Hex, value = 0n): Promise<void> {
  const hash = await s.chain.client.sendTransaction({ account: user, to, data, value, gas: 8_000_000n, chain: s.chain.client.chain })
  expect((await s.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
}

/** Funds the user with each input, approves the router, routes to `out` and sends the answer's transaction. */
async function execute(ins: readonly (readonly [string, bigint])[], out: string, ignoreStandards?: string[]): Promise<{ answer: RouteAnswer; delta: bigint }> {
  for (const [symbol, amount] of ins) {
    if (symbol === '3Crv') throw new Error('fund 3Crv through a deposit route first')
    await s.devnet.fund({ chainId: 1, address: user, token: symbol, amount })
    const hash = await s.chain.client.writeContract({ address: tok(symbol), abi: approveAbi, functionName: 'approve', args: [router(), maxUint256], account: user, chain: s.chain.client.chain })
    await s.chain.client.waitForTransactionReceipt({ hash })
  }
  const answer = await getRoute(s.ctx, {
    fromAddress: user, receiver, tokenIn: ins.map(([t]) => tok(t)), tokenOut: [tok(out)], amountIn: ins.map(([, a]) => a.toString()),
    ...(ignoreStandards ? { ignoreStandards } : {}),
  }, { caller, requireVariableEstimates: false })
  const before = await balance(tok(out), receiver)
  await send(answer.tx.to as Address, answer.tx.data, BigInt(answer.tx.value))
  return { answer, delta: (await balance(tok(out), receiver)) - before }
}

async function executorHolds(): Promise<Record<string, bigint>> {
  const out: Record<string, bigint> = {}
  for (const symbol of ['DAI', 'USDC', 'USDT', '3Crv']) {
    const b = await balance(tok(symbol), executor())
    if (b !== 0n) out[symbol] = b
  }
  return out
}

test('10M USDC → USDT goes through the 3pool, beats the best route without Curve, and delivers exactly amountOut', async () => {
  const amount = 10_000_000n * 10n ** 6n
  const { answer: without } = await execute([['USDC', amount]], 'USDT', ['curve'])
  await revertDevnet(s.chain.client, snap)
  snap = await s.chain.client.snapshot()
  const { answer, delta } = await execute([['USDC', amount]], 'USDT')
  expect(answer.route.map((r) => r.protocol)).toContain('curve')
  expect(without.route.map((r) => r.protocol)).not.toContain('curve')
  expect(delta).toBe(BigInt(answer.amountOut))
  expect(BigInt(answer.amountOut)).toBeGreaterThan(BigInt(without.amountOut))
  console.log(`10M USDC → USDT: ${answer.amountOut} with Curve (${answer.route.map((r) => r.protocol).join(', ')}), ${without.amountOut} without (${without.route.map((r) => r.protocol).join(', ')})`)
  expect(await executorHolds()).toEqual({})
})

test('the vendor sample: DAI + USDC + USDT → 3Crv (multitoken deposit as a route), then 3Crv → USDT (redeem), each exact', async () => {
  const { answer, delta } = await execute([['DAI', 10n * 10n ** 18n], ['USDC', 10n * 10n ** 6n], ['USDT', 10n * 10n ** 6n]], '3Crv')
  expect(answer.route.every((r) => r.protocol === 'curve' && r.action === 'deposit')).toBe(true)
  expect(delta).toBe(BigInt(answer.amountOut))
  // About 30 USD of LP at a virtual price of 1, less the small imbalance fees of one-coin deposits.
  expect(delta).toBeGreaterThan(29_99n * 10n ** 16n)
  expect(delta).toBeLessThan(30n * 10n ** 18n)
  expect(await executorHolds()).toEqual({})

  // The receiver redeems: move the LP to the user, then route 3Crv → USDT.
  await s.chain.client.impersonateAccount({ address: receiver })
  await s.devnet.fund({ chainId: 1, address: receiver, token: 'ETH', amount: 10n ** 18n })
  const moved = await s.chain.client.writeContract({ address: THREE_CRV, abi: erc20Abi, functionName: 'transfer', args: [user, delta], account: receiver, chain: s.chain.client.chain })
  await s.chain.client.waitForTransactionReceipt({ hash: moved })
  const approved = await s.chain.client.writeContract({ address: THREE_CRV, abi: approveAbi, functionName: 'approve', args: [router(), maxUint256], account: user, chain: s.chain.client.chain })
  await s.chain.client.waitForTransactionReceipt({ hash: approved })
  const redeem = await getRoute(s.ctx, { fromAddress: user, receiver, tokenIn: [THREE_CRV], tokenOut: [tok('USDT')], amountIn: [delta.toString()] }, { caller, requireVariableEstimates: false })
  expect(redeem.route.map((r) => `${r.protocol}:${r.action}`)).toContain('curve:redeem')
  const before = await balance(tok('USDT'), receiver)
  await send(redeem.tx.to as Address, redeem.tx.data)
  expect((await balance(tok('USDT'), receiver)) - before).toBe(BigInt(redeem.amountOut))
  expect(await executorHolds()).toEqual({})
})

test('WETH → 3Crv: a swap into a coin, then a deposit spending the swap\'s exact output', async () => {
  const { answer, delta } = await execute([['WETH', 10n ** 18n]], '3Crv')
  expect(answer.route.at(-1)).toMatchObject({ protocol: 'curve', action: 'deposit' })
  expect(delta).toBe(BigInt(answer.amountOut))
  expect(await executorHolds()).toEqual({})
})
