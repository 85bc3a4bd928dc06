import { type Address, type Hex, encodeFunctionData, erc20Abi, parseEther, zeroHash } from 'viem'
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, test } from 'vitest'
import { createRequestId, encodeExecuteShortcut, encodeRouteMulti, encodeRouteSingle, encodeSafeRouteMulti, encodeSafeRouteSingle, Planner, functionCall, addSweep } from '../encoding/index.js'
import { switchyardRouterAbi } from './generated/abis.js'
import { mockSwapPoolAbi } from './generated/testAbis.js'
import { type ContractsTestEnv, NATIVE, expectRevert, setupContractsTestEnv } from './testing/contractsTestEnv.js'
import { planSwap } from './testing/planSwap.js'

let env: ContractsTestEnv
let snap: Hex
const accountId = `0x${'ab'.repeat(32)}` as Hex
const requestId = createRequestId({ referralCode: 'switchyard', randomBytes: (n) => new Uint8Array(n).fill(7) })

beforeAll(async () => {
  env = await setupContractsTestEnv()
})
afterAll(async () => {
  await env?.stop()
})
beforeEach(async () => {
  snap = await env.snapshot()
})
afterEach(async () => {
  await env.revert(snap)
})

async function expectEmpty(tokens: Address[]): Promise<void> {
  for (const token of [...tokens, NATIVE]) {
    expect(await env.balanceOf(token, env.contracts.executor)).toBe(0n)
    expect(await env.balanceOf(token, env.contracts.router)).toBe(0n)
  }
}

function shortcut(planner: Planner) {
  return { accountId, requestId, ...planner.plan() }
}

describe('SwitchyardRouter with a mock pool', () => {
  test('safeRouteSingle ERC20→ERC20 pays the receiver, sweeps leftovers to the refund receiver, ends empty', async () => {
    const { tokenA, tokenB } = env.tokens
    const { user, receiver, refund } = env.accounts
    const amountIn = parseEther('10')
    const amountSwap = parseEther('9')
    const expectedOut = await env.client.readContract({ address: env.pools.poolAB, abi: mockSwapPoolAbi, functionName: 'getAmountOut', args: [tokenA, amountSwap] })
    const planner = planSwap({ helpers: env.contracts.helpers, self: env.contracts.executor, pool: env.pools.poolAB, tokenIn: tokenA, tokenOut: tokenB, amountSwap, receiver, refundReceiver: refund })
    await env.write({ account: user, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, amountIn] })
    const before = { userA: await env.balanceOf(tokenA, user), userB: await env.balanceOf(tokenB, user), recvB: await env.balanceOf(tokenB, receiver), refundA: await env.balanceOf(tokenA, refund) }
    const tx = encodeSafeRouteSingle({ tokenIn: { type: 'erc20', address: tokenA, amount: amountIn }, tokenOut: { type: 'erc20', address: tokenB, minAmountOut: expectedOut }, receiver, shortcut: shortcut(planner) })
    const hash = await env.send({ account: user, to: env.contracts.router, ...tx })
    expect(await env.balanceOf(tokenB, receiver)).toBe(before.recvB + expectedOut)
    expect(await env.balanceOf(tokenA, refund)).toBe(before.refundA + amountIn - amountSwap)
    expect(await env.balanceOf(tokenA, user)).toBe(before.userA - amountIn)
    expect(await env.balanceOf(tokenB, user)).toBe(before.userB)
    await expectEmpty([tokenA, tokenB])
    expect(await env.client.readContract({ address: tokenA, abi: erc20Abi, functionName: 'allowance', args: [env.contracts.executor, env.pools.poolAB] })).toBe(0n)
    const receipt = await env.client.getTransactionReceipt({ hash })
    const executed = receipt.logs.find((l) => l.address.toLowerCase() === env.contracts.executor.toLowerCase())
    expect(executed?.data).toBe(`${accountId}${requestId.slice(2)}`)
  })

  test('safeRouteSingle reverts AmountTooLow when the receiver gets less than the minimum; the sender keeps the input', async () => {
    const { tokenA, tokenB } = env.tokens
    const { user, receiver, refund } = env.accounts
    const amountIn = parseEther('10')
    const expectedOut = await env.client.readContract({ address: env.pools.poolAB, abi: mockSwapPoolAbi, functionName: 'getAmountOut', args: [tokenA, amountIn] })
    const planner = planSwap({ helpers: env.contracts.helpers, self: env.contracts.executor, pool: env.pools.poolAB, tokenIn: tokenA, tokenOut: tokenB, amountSwap: amountIn, receiver, refundReceiver: refund })
    await env.write({ account: user, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, amountIn] })
    // The price moves against the user between quote and execution (K13, N9).
    await env.write({ account: env.accounts.other, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.pools.poolAB, parseEther('1000')] })
    await env.write({ account: env.accounts.other, address: env.pools.poolAB, abi: mockSwapPoolAbi, functionName: 'swap', args: [tokenA, parseEther('1000'), 0n, env.accounts.other] })
    const before = await env.balanceOf(tokenA, user)
    const tx = encodeSafeRouteSingle({ tokenIn: { type: 'erc20', address: tokenA, amount: amountIn }, tokenOut: { type: 'erc20', address: tokenB, minAmountOut: expectedOut }, receiver, shortcut: shortcut(planner) })
    const err = await expectRevert(env.send({ account: user, to: env.contracts.router, ...tx }))
    expect(err.errorName).toBe('AmountTooLow')
    expect(err.args[2]).toBe(expectedOut)
    expect((err.args[1] as bigint) < expectedOut).toBe(true)
    expect(await env.balanceOf(tokenA, user)).toBe(before)
  })

  test('native in: safeRouteSingle ETH→TKA with msg.value == amount', async () => {
    const { tokenA } = env.tokens
    const { user, receiver, refund } = env.accounts
    const amountIn = parseEther('1')
    const expectedOut = await env.client.readContract({ address: env.pools.poolAN, abi: mockSwapPoolAbi, functionName: 'getAmountOut', args: [NATIVE, parseEther('0.75')] })
    const planner = planSwap({ helpers: env.contracts.helpers, self: env.contracts.executor, pool: env.pools.poolAN, tokenIn: NATIVE, tokenOut: tokenA, amountSwap: parseEther('0.75'), receiver, refundReceiver: refund })
    const refundBefore = await env.balanceOf(NATIVE, refund)
    const tx = encodeSafeRouteSingle({ tokenIn: { type: 'native', amount: amountIn }, tokenOut: { type: 'erc20', address: tokenA, minAmountOut: expectedOut }, receiver, shortcut: shortcut(planner) })
    expect(tx.value).toBe(amountIn)
    await env.send({ account: user, to: env.contracts.router, ...tx })
    expect(await env.balanceOf(NATIVE, refund)).toBe(refundBefore + parseEther('0.25'))
    await expectEmpty([tokenA])
  })

  test('native out: safeRouteSingle TKA→ETH checks the receiver native delta', async () => {
    const { tokenA } = env.tokens
    const { user, receiver, refund } = env.accounts
    const amountIn = parseEther('50')
    const expectedOut = await env.client.readContract({ address: env.pools.poolAN, abi: mockSwapPoolAbi, functionName: 'getAmountOut', args: [tokenA, amountIn] })
    const planner = planSwap({ helpers: env.contracts.helpers, self: env.contracts.executor, pool: env.pools.poolAN, tokenIn: tokenA, tokenOut: NATIVE, amountSwap: amountIn, receiver, refundReceiver: refund })
    await env.write({ account: user, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, amountIn] })
    const before = await env.balanceOf(NATIVE, receiver)
    const ok = encodeSafeRouteSingle({ tokenIn: { type: 'erc20', address: tokenA, amount: amountIn }, tokenOut: { type: 'native', minAmountOut: expectedOut }, receiver, shortcut: shortcut(planner) })
    const tooMuch = encodeSafeRouteSingle({ tokenIn: { type: 'erc20', address: tokenA, amount: amountIn }, tokenOut: { type: 'native', minAmountOut: expectedOut + 1n }, receiver, shortcut: shortcut(planner) })
    expect((await expectRevert(env.send({ account: user, to: env.contracts.router, ...tooMuch }))).errorName).toBe('AmountTooLow')
    await env.send({ account: user, to: env.contracts.router, ...ok })
    expect(await env.balanceOf(NATIVE, receiver)).toBe(before + expectedOut)
    await expectEmpty([tokenA])
  })

  test('safeRouteMulti: ETH + TKA in, TKB and TKA out, every minimum checked on the receiver', async () => {
    const { tokenA, tokenB } = env.tokens
    const { user, receiver, refund } = env.accounts
    const h = env.contracts.helpers
    const ex = env.contracts.executor
    const planner = new Planner()
    // ETH → TKA at poolAN; the 5 TKA sent in → TKB at poolAB; TKB and the TKA bought with ETH go to the receiver.
    const tkaFromEth = await env.client.readContract({ address: env.pools.poolAN, abi: mockSwapPoolAbi, functionName: 'getAmountOut', args: [NATIVE, parseEther('1')] })
    const tkbOut = await env.client.readContract({ address: env.pools.poolAB, abi: mockSwapPoolAbi, functionName: 'getAmountOut', args: [tokenA, parseEther('5')] })
    planner.add(functionCall({ address: env.pools.poolAN, abi: mockSwapPoolAbi, functionName: 'swap', args: [NATIVE, parseEther('1'), 0n, ex] }).withValue(parseEther('1')))
    planSwap({ planner, helpers: h, self: ex, pool: env.pools.poolAB, tokenIn: tokenA, tokenOut: tokenB, amountSwap: parseEther('5'), receiver, refundReceiver: refund, sweepInput: false })
    addSweep(planner, { helpers: h, token: tokenA, receiver })
    addSweep(planner, { helpers: h, token: NATIVE, receiver: refund })
    await env.write({ account: user, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, parseEther('5')] })
    const encode = (minTkb: bigint, minTka: bigint) => encodeSafeRouteMulti({
      tokensIn: [{ type: 'native', amount: parseEther('1') }, { type: 'erc20', address: tokenA, amount: parseEther('5') }],
      tokensOut: [{ type: 'erc20', address: tokenB, minAmountOut: minTkb }, { type: 'erc20', address: tokenA, minAmountOut: minTka }],
      receiver,
      shortcut: shortcut(planner),
    })
    // One wei above either output's minimum reverts: both are checked, on the receiver's balance.
    expect((await expectRevert(env.send({ account: user, to: env.contracts.router, ...encode(tkbOut + 1n, tkaFromEth) }))).errorName).toBe('AmountTooLow')
    expect((await expectRevert(env.send({ account: user, to: env.contracts.router, ...encode(tkbOut, tkaFromEth + 1n) }))).errorName).toBe('AmountTooLow')
    const tkbBefore = await env.balanceOf(tokenB, receiver)
    const tkaBefore = await env.balanceOf(tokenA, receiver)
    await env.send({ account: user, to: env.contracts.router, ...encode(tkbOut, tkaFromEth) })
    expect((await env.balanceOf(tokenB, receiver)) - tkbBefore).toBe(tkbOut)
    expect((await env.balanceOf(tokenA, receiver)) - tkaBefore).toBe(tkaFromEth)
    await expectEmpty([tokenA, tokenB])
  })

  test('USDT-style input: the executor force-approves the pool (approve 0, then N) and sweeps', async () => {
    const { usdt, tokenB } = env.tokens
    const { user, receiver, refund } = env.accounts
    const amountIn = 1_000_000_000n
    const planner = planSwap({ helpers: env.contracts.helpers, self: env.contracts.executor, pool: env.pools.poolUB, tokenIn: usdt, tokenOut: tokenB, amountSwap: 600_000_000n, receiver, refundReceiver: refund })
    await env.write({ account: user, address: usdt, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, 2n * amountIn] })
    const tx = encodeRouteSingle({ tokenIn: { type: 'erc20', address: usdt, amount: amountIn }, shortcut: shortcut(planner) })
    await env.send({ account: user, to: env.contracts.router, ...tx })
    await env.send({ account: user, to: env.contracts.router, ...tx })
    expect(await env.balanceOf(usdt, refund)).toBe(2n * 400_000_000n)
    await expectEmpty([usdt, tokenB])
  })

  test('fee: feeReceiver gets exactly floor(amountIn * bps / 10000) and the sums match (K19, I4)', async () => {
    const { tokenA, tokenB } = env.tokens
    const { user, receiver, refund, feeReceiver } = env.accounts
    const amountIn = parseEther('3.333333333333333333')
    const planner = planSwap({ helpers: env.contracts.helpers, self: env.contracts.executor, pool: env.pools.poolAB, tokenIn: tokenA, tokenOut: tokenB, amountSwap: 'balance', receiver, refundReceiver: refund, fee: { bps: 100n, receiver: feeReceiver } })
    await env.write({ account: user, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, amountIn] })
    const fee = (amountIn * 100n) / 10_000n
    const expectedOut = await env.client.readContract({ address: env.pools.poolAB, abi: mockSwapPoolAbi, functionName: 'getAmountOut', args: [tokenA, amountIn - fee] })
    const poolBefore = await env.balanceOf(tokenA, env.pools.poolAB)
    await env.send({ account: user, to: env.contracts.router, ...encodeSafeRouteSingle({ tokenIn: { type: 'erc20', address: tokenA, amount: amountIn }, tokenOut: { type: 'erc20', address: tokenB, minAmountOut: expectedOut }, receiver, shortcut: shortcut(planner) }) })
    expect(await env.balanceOf(tokenA, feeReceiver)).toBe(fee)
    expect((await env.balanceOf(tokenA, env.pools.poolAB)) - poolBefore + fee).toBe(amountIn)
    await expectEmpty([tokenA, tokenB])
  })

  test('fee-on-transfer input: balance-based amounts route what actually arrived (K7)', async () => {
    const fot = await env.deploy('FeeOnTransferToken', ['Tax', 'TAX', 100n])
    const { tokenB } = env.tokens
    const { user, receiver, refund, deployer } = env.accounts
    const pool = await env.deploy('MockSwapPool', [fot, tokenB])
    await env.write({ address: fot, abi: [...erc20Abi, { type: 'function', name: 'mint', stateMutability: 'nonpayable', inputs: [{ type: 'address' }, { type: 'uint256' }], outputs: [] }], functionName: 'mint', args: [deployer, parseEther('100000')] })
    await env.write({ address: fot, abi: [...erc20Abi, { type: 'function', name: 'mint', stateMutability: 'nonpayable', inputs: [{ type: 'address' }, { type: 'uint256' }], outputs: [] }], functionName: 'mint', args: [user, parseEther('100')] })
    await env.write({ address: fot, abi: erc20Abi, functionName: 'approve', args: [pool, parseEther('100000')] })
    await env.write({ address: tokenB, abi: erc20Abi, functionName: 'approve', args: [pool, parseEther('100000')] })
    await env.write({ address: pool, abi: mockSwapPoolAbi, functionName: 'addLiquidity', args: [parseEther('10000'), parseEther('10000')] })
    const planner = planSwap({ helpers: env.contracts.helpers, self: env.contracts.executor, pool, tokenIn: fot, tokenOut: tokenB, amountSwap: 'balance', receiver, refundReceiver: refund })
    await env.write({ account: user, address: fot, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, parseEther('10')] })
    // Each transfer burns 1%: 10 sent → 9.9 arrive at the executor, which swaps all of it → 9.801 reach the pool.
    const tax = (v: bigint) => v - (v * 100n) / 10_000n
    const arrived = tax(parseEther('10'))
    const atPool = tax(arrived)
    const expectedOut = await env.client.readContract({ address: pool, abi: mockSwapPoolAbi, functionName: 'getAmountOut', args: [fot, atPool] })
    const poolBefore = await env.balanceOf(fot, pool)
    const receiverBefore = await env.balanceOf(tokenB, receiver)
    await env.send({ account: user, to: env.contracts.router, ...encodeSafeRouteSingle({ tokenIn: { type: 'erc20', address: fot, amount: parseEther('10') }, tokenOut: { type: 'erc20', address: tokenB, minAmountOut: expectedOut }, receiver, shortcut: shortcut(planner) }) })
    expect((await env.balanceOf(fot, pool)) - poolBefore).toBe(atPool)
    expect((await env.balanceOf(tokenB, receiver)) - receiverBefore).toBe(expectedOut)
    expect(await env.balanceOf(fot, refund)).toBe(0n)
    await expectEmpty([fot, tokenB])
  })
})

describe('SwitchyardRouter input rules', () => {
  const emptyShortcut = () => ({ accountId: zeroHash, requestId: zeroHash, commands: [], state: [] })
  const rawRoute = (functionName: 'routeSingle' | 'routeMulti', args: readonly unknown[]) => encodeFunctionData({ abi: switchyardRouterAbi, functionName, args } as never)

  test('msg.value on an ERC20-only route reverts WrongMsgValue (K16)', async () => {
    const { tokenA } = env.tokens
    await env.write({ account: env.accounts.user, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.router, 10n] })
    const single = encodeRouteSingle({ tokenIn: { type: 'erc20', address: tokenA, amount: 10n }, shortcut: emptyShortcut() })
    const err = await expectRevert(env.send({ account: env.accounts.user, to: env.contracts.router, data: single.data, value: 1n }))
    expect(err).toMatchObject({ errorName: 'WrongMsgValue', args: [1n, 0n] })
    const multi = encodeRouteMulti({ tokensIn: [{ type: 'erc20', address: tokenA, amount: 10n }], shortcut: emptyShortcut() })
    expect((await expectRevert(env.send({ account: env.accounts.user, to: env.contracts.router, data: multi.data, value: 1n }))).errorName).toBe('WrongMsgValue')
    const none = encodeRouteMulti({ tokensIn: [], shortcut: emptyShortcut() })
    expect((await expectRevert(env.send({ account: env.accounts.user, to: env.contracts.router, data: none.data, value: 5n }))).errorName).toBe('WrongMsgValue')
  })

  test('native amount must equal msg.value; empty native data means msg.value; zero is refused', async () => {
    const tx = encodeRouteSingle({ tokenIn: { type: 'native', amount: 100n }, shortcut: emptyShortcut() })
    expect(await expectRevert(env.send({ account: env.accounts.user, to: env.contracts.router, data: tx.data, value: 99n }))).toMatchObject({ errorName: 'WrongMsgValue', args: [99n, 100n] })
    const refundAll = new Planner()
    addSweep(refundAll, { helpers: env.contracts.helpers, token: NATIVE, receiver: env.accounts.refund })
    const emptyData = rawRoute('routeSingle', [{ tokenType: 0, data: '0x' }, encodeExecuteShortcut({ accountId: zeroHash, requestId: zeroHash, ...refundAll.plan() })])
    const before = await env.balanceOf(NATIVE, env.accounts.refund)
    await env.send({ account: env.accounts.user, to: env.contracts.router, data: emptyData, value: 42n })
    expect(await env.balanceOf(NATIVE, env.accounts.refund)).toBe(before + 42n)
    expect((await expectRevert(env.send({ account: env.accounts.user, to: env.contracts.router, data: emptyData, value: 0n }))).errorName).toBe('ZeroAmount')
  })

  test('two native entries revert DuplicateNativeAsset', async () => {
    const native = { tokenType: 0, data: `0x${(50n).toString(16).padStart(64, '0')}` }
    const data = rawRoute('routeMulti', [[native, native], encodeExecuteShortcut(emptyShortcut())])
    expect((await expectRevert(env.send({ account: env.accounts.user, to: env.contracts.router, data, value: 50n }))).errorName).toBe('DuplicateNativeAsset')
    expect(() => encodeRouteMulti({ tokensIn: [{ type: 'native', amount: 1n }, { type: 'native', amount: 1n }], shortcut: emptyShortcut() })).toThrow(/at most one native/)
  })

  test('ERC721/ERC1155, zero amounts, malformed token data and non-shortcut data are refused', async () => {
    const sc = encodeExecuteShortcut(emptyShortcut())
    const call = (data: Hex) => env.send({ account: env.accounts.user, to: env.contracts.router, data })
    expect((await expectRevert(call(rawRoute('routeSingle', [{ tokenType: 2, data: '0x' }, sc])))).errorName).toBe('UnsupportedTokenType')
    expect((await expectRevert(call(rawRoute('routeSingle', [{ tokenType: 3, data: '0x' }, sc])))).errorName).toBe('UnsupportedTokenType')
    const zero = `0x${env.tokens.tokenA.slice(2).padStart(64, '0')}${'0'.repeat(64)}` as Hex
    expect((await expectRevert(call(rawRoute('routeSingle', [{ tokenType: 1, data: zero }, sc])))).errorName).toBe('ZeroAmount')
    expect((await expectRevert(call(rawRoute('routeSingle', [{ tokenType: 1, data: '0x1234' }, sc])))).errorName).toBe('InvalidTokenData')
    expect((await expectRevert(call(rawRoute('routeMulti', [[], '0x'])))).errorName).toBe('InvalidShortcutData')
    expect((await expectRevert(call(rawRoute('routeMulti', [[], '0xdeadbeef'])))).errorName).toBe('InvalidShortcutData')
  })

  test('direct native transfers to the router are refused', async () => {
    const routerBefore = await env.balanceOf(NATIVE, env.contracts.router)
    // The router has no receive(): the EVM reverts with empty data (no custom error to decode).
    await expect(env.send({ account: env.accounts.user, to: env.contracts.router, data: '0x', value: 1n })).rejects.toThrow(/Execution reverted for an unknown reason/)
    expect(await env.balanceOf(NATIVE, env.contracts.router)).toBe(routerBefore)
  })
})
