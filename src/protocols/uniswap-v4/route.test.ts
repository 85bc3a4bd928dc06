import { erc20Abi, maxUint256, type Address, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest'
import { getRoute } from '../../service/getRoute.js'
import { startServiceOnDevnet } from '../../service/testing/startServiceOnDevnet.js'
import { revertDevnet } from '../../chain/devnet/revertDevnet.js'

/**
 * Routes through Uniswap V4 pools end to end: the service use case (engine search and encoding in a worker,
 * simulation) answers, the transaction is sent on the devnet, and the receiver's balance moves by exactly
 * the answered amount; our executor and the V4 helper end holding nothing. Other venues are ignored so the
 * route must use V4 (native ETH in and out included).
 */

const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const user: Address = '0x00000000000000000000000000000000000e0e04'
const caller = { accountId: `0x${'e4'.repeat(32)}` as Hex, keyId: 'test' }
const onlyV4 = ['uniswap-v2', 'uniswap-v3', 'balancer-v2', 'curve', 'erc4626', 'lido', 'aave-v3']

let s: Awaited<ReturnType<typeof startServiceOnDevnet>>
let snap: Hex
beforeAll(async () => {
  s = await startServiceOnDevnet()
  await s.chain.client.impersonateAccount({ address: user })
})
afterAll(async () => {
  await s?.stop()
})
beforeEach(async () => {
  snap = await s.chain.client.snapshot()
  await s.devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 22n })
})
afterEach(async () => {
  await revertDevnet(s.chain.client, snap)
})

const tok = (symbol: string): Address => (symbol === 'ETH' ? NATIVE : s.chain.addressBook.tokens[symbol]!.address)
const sy = () => s.chain.addressBook.switchyard! as unknown as { router: Address; executor: Address; helpers: { uniswapV4: Address } }
const balance = (token: Address, who: Address) =>
  token === NATIVE ? s.chain.client.getBalance({ address: who }) : s.chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

/** Every scenario token and ETH the executor and the V4 helper hold: must be empty after each route. */
async function leftovers(): Promise<Record<string, string>> {
  const found: Record<string, string> = {}
  for (const [who, at] of [['executor', sy().executor], ['v4 helper', sy().helpers.uniswapV4]] as const) {
    for (const [symbol, t] of Object.entries(s.chain.addressBook.tokens)) {
      const b = await balance(t.address, at)
      if (b !== 0n) found[`${who} ${symbol}`] = b.toString()
    }
    const eth = await balance(NATIVE, at)
    if (eth !== 0n) found[`${who} ETH`] = eth.toString()
  }
  return found
}

test.each([
  ['ETH', 'USDC', 3n * 10n ** 18n],
  // Large enough to cross the ETH/USDC pools' initialized ticks (and to split between the two fee tiers).
  ['ETH', 'USDC', 3_000n * 10n ** 18n],
  ['USDC', 'ETH', 250_000n * 10n ** 6n],
  ['WBTC', 'USDT', 2n * 10n ** 8n],
  ['USDT', 'USDC', 1_000_000n * 10n ** 6n],
] as const)('%s → %s (%s) through Uniswap V4 only: sent on the devnet, the receiver gets exactly amountOut', async (a, b, amountIn) => {
  const tokenIn = tok(a)
  const tokenOut = tok(b)
  if (tokenIn !== NATIVE) {
    await s.devnet.fund({ chainId: 1, address: user, token: a, amount: amountIn })
    const hash = await s.chain.client.writeContract({ address: tokenIn, abi: erc20Abi, functionName: 'approve', args: [sy().router, maxUint256], account: user, chain: s.chain.client.chain })
    await s.chain.client.waitForTransactionReceipt({ hash })
  }
  const answer = await getRoute(
    s.ctx,
    { fromAddress: user, tokenIn: [tokenIn], tokenOut: [tokenOut], amountIn: [amountIn.toString()], ignoreStandards: onlyV4 },
    { caller, requireVariableEstimates: false },
  )
  const protocols = answer.route.map((r) => r.protocol)
  expect(protocols).toContain('uniswap-v4')
  for (const p of protocols) expect(['uniswap-v4', 'wrapped-native'], protocols.join(',')).toContain(p)
  const before = await balance(tokenOut, user)
  const hash = await s.chain.client.sendTransaction({ account: user, to: answer.tx.to as Address, data: answer.tx.data, value: BigInt(answer.tx.value), gas: BigInt(answer.gas), chain: s.chain.client.chain })
  const receipt = await s.chain.client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  const paid = tokenOut === NATIVE ? receipt.gasUsed * receipt.effectiveGasPrice : 0n
  expect((await balance(tokenOut, user)) - before + paid, `${a} → ${b}`).toBe(BigInt(answer.amountOut))
  expect(BigInt(answer.amountOut)).toBeGreaterThan(0n)
  console.log(`uniswap-v4 route ${a}→${b} ${amountIn}: ${protocols.join(' → ')}, out ${answer.amountOut}, gas used ${receipt.gasUsed} (limit ${answer.gas})`)
  expect(await leftovers()).toEqual({})
})

test('with every venue open, a large ETH → USDC route may mix V4 with other venues and still pays exactly amountOut', async () => {
  const amountIn = 2_000n * 10n ** 18n
  const answer = await getRoute(s.ctx, { fromAddress: user, tokenIn: [NATIVE], tokenOut: [tok('USDC')], amountIn: [amountIn.toString()] }, { caller, requireVariableEstimates: false })
  const before = await balance(tok('USDC'), user)
  const hash = await s.chain.client.sendTransaction({ account: user, to: answer.tx.to as Address, data: answer.tx.data, value: BigInt(answer.tx.value), gas: BigInt(answer.gas), chain: s.chain.client.chain })
  expect((await s.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
  expect((await balance(tok('USDC'), user)) - before).toBe(BigInt(answer.amountOut))
  console.log(`mixed route ETH→USDC 2000 ETH: ${answer.route.map((r) => r.protocol).join(' → ')}`)
  expect(await leftovers()).toEqual({})
})
