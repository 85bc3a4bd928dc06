import { erc20Abi, maxUint256, type Address, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest'
import { revertDevnet } from '../../chain/devnet/revertDevnet.js'
import { getRoute } from '../../service/getRoute.js'
import { startServiceOnDevnet } from '../../service/testing/startServiceOnDevnet.js'
import type { RouteAnswer } from '../../service/types.js'

// Routes through the devnet's ETH/stETH pool (our implementation of Curve's ABI and math at its mainnet
// address; the native coin unwrapped into it and wrapped out of it by the plan), sent as transactions:
// the receiver gets exactly amountOut, and the executor keeps nothing (no ETH, no WETH, no stETH share).

const user: Address = '0x00000000000000000000000000000000000c0e01'
const receiver: Address = '0x00000000000000000000000000000000000c0e02'
const caller = { accountId: `0x${'ce'.repeat(32)}` as Hex, keyId: 'test' }
const ETH: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const STECRV: Address = '0x06325440D014e39736583c165C2963BA99fAf14E'
const POOL = '0xdc24316b9ae028f1497c275eb9192a3ea0f67022'

let s: Awaited<ReturnType<typeof startServiceOnDevnet>>
let snap: Hex
beforeAll(async () => {
  s = await startServiceOnDevnet()
  await s.chain.client.impersonateAccount({ address: user })
  await s.devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 10n ** 24n })
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

const tok = (symbol: string): Address => (symbol === 'ETH' ? ETH : symbol === 'steCRV' ? STECRV : symbol === 'stETH' ? s.chain.addressBook.lido!.stETH : s.chain.addressBook.tokens[symbol]!.address)
const router = () => (s.chain.addressBook.switchyard as unknown as { router: Address }).router
const executor = () => (s.chain.addressBook.switchyard as unknown as { executor: Address }).executor
const balance = (token: Address, who: Address) => (token === ETH ? s.chain.client.getBalance({ address: who }) : s.chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] }))

async function send(to: Address, data: Hex, value = 0n): Promise<void> {
  const hash = await s.chain.client.sendTransaction({ account: user, to, data, value, gas: 8_000_000n, chain: s.chain.client.chain })
  expect((await s.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
}

async function approve(token: Address): Promise<void> {
  const hash = await s.chain.client.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [router(), maxUint256], account: user, chain: s.chain.client.chain })
  await s.chain.client.waitForTransactionReceipt({ hash })
}

/** Routes `amount` of `a` to `b` for the user (who holds it), sends the answer, and returns what the receiver got. */
async function execute(a: string, b: string, amount: bigint, ignoreStandards?: string[]): Promise<{ answer: RouteAnswer; delta: bigint }> {
  if (a !== 'ETH') await approve(tok(a))
  const answer = await getRoute(s.ctx, {
    fromAddress: user, receiver, tokenIn: [tok(a)], tokenOut: [tok(b)], amountIn: [amount.toString()], ...(ignoreStandards ? { ignoreStandards } : {}),
  }, { caller, requireVariableEstimates: false })
  expect(answer.tx.value).toBe(a === 'ETH' ? amount.toString() : '0')
  const before = await balance(tok(b), receiver)
  await send(answer.tx.to as Address, answer.tx.data, BigInt(answer.tx.value))
  return { answer, delta: (await balance(tok(b), receiver)) - before }
}

async function executorHolds(): Promise<Record<string, bigint>> {
  const out: Record<string, bigint> = {}
  for (const symbol of ['ETH', 'WETH', 'stETH', 'steCRV']) {
    const b = await balance(tok(symbol), executor())
    if (b !== 0n) out[symbol] = b
  }
  return out
}

/** Stakes ETH with Lido for the user's stETH (the pool is not used to fund the inputs). */
async function stake(amount: bigint): Promise<bigint> {
  const abi = [{ type: 'function', name: 'submit', stateMutability: 'payable', inputs: [{ name: 'r', type: 'address' }], outputs: [{ type: 'uint256' }] }] as const
  const hash = await s.chain.client.writeContract({ address: tok('stETH'), abi, functionName: 'submit', args: [user], value: amount + 10n, account: user, chain: s.chain.client.chain })
  await s.chain.client.waitForTransactionReceipt({ hash })
  return balance(tok('stETH'), user)
}

const via = (answer: RouteAnswer) => answer.route.map((r) => `${r.protocol}:${r.action}`)

test('ETH → stETH goes through the Curve pool, beats staking 1:1 with Lido, and delivers exactly amountOut', async () => {
  const amount = 100n * 10n ** 18n
  const { answer: staked } = await execute('ETH', 'stETH', amount, ['curve'])
  await revertDevnet(s.chain.client, snap)
  snap = await s.chain.client.snapshot()
  const { answer, delta } = await execute('ETH', 'stETH', amount)
  expect(via(answer)).toContain('curve:swap')
  expect(answer.route.find((r) => r.protocol === 'curve')!.primary.toLowerCase()).toBe(POOL)
  expect(via(staked)).not.toContain('curve:swap')
  expect(delta).toBe(BigInt(answer.amountOut))
  expect(BigInt(answer.amountOut)).toBeGreaterThan(BigInt(staked.amountOut))
  console.log(`100 ETH → stETH: ${answer.amountOut} through ${via(answer).join(', ')}; ${staked.amountOut} through ${via(staked).join(', ')}`)
  expect(await executorHolds()).toEqual({})
})

test('stETH → ETH: the pool pays ETH to the executor, which delivers exactly amountOut', async () => {
  const held = await stake(10n ** 20n)
  const { answer, delta } = await execute('stETH', 'ETH', held)
  expect(via(answer)).toContain('curve:swap')
  expect(delta).toBe(BigInt(answer.amountOut))
  expect(await executorHolds()).toEqual({})
})

test('ETH → steCRV (a deposit of the native coin), then steCRV → ETH and → stETH (redeems), each exact', async () => {
  const { answer, delta } = await execute('ETH', 'steCRV', 50n * 10n ** 18n)
  expect(via(answer).at(-1)).toBe('curve:deposit')
  expect(delta).toBe(BigInt(answer.amountOut))
  expect(await executorHolds()).toEqual({})
  // The receiver hands its LP to the user, who redeems half for ETH and half for stETH.
  await s.chain.client.impersonateAccount({ address: receiver })
  await s.devnet.fund({ chainId: 1, address: receiver, token: 'ETH', amount: 10n ** 18n })
  const moved = await s.chain.client.writeContract({ address: STECRV, abi: erc20Abi, functionName: 'transfer', args: [user, delta], account: receiver, chain: s.chain.client.chain })
  await s.chain.client.waitForTransactionReceipt({ hash: moved })
  for (const [out, amount] of [['ETH', delta / 2n], ['stETH', delta - delta / 2n]] as const) {
    const r = await execute('steCRV', out, amount)
    expect(via(r.answer)).toContain('curve:redeem')
    expect(r.delta, `steCRV → ${out}`).toBe(BigInt(r.answer.amountOut))
    expect(await executorHolds()).toEqual({})
  }
})

test('stETH → steCRV (a deposit of the shares coin) delivers exactly amountOut and leaves no share behind', async () => {
  const held = await stake(3n * 10n ** 18n)
  const { answer, delta } = await execute('stETH', 'steCRV', held)
  expect(via(answer)).toContain('curve:deposit')
  expect(delta).toBe(BigInt(answer.amountOut))
  expect(await executorHolds()).toEqual({})
})
