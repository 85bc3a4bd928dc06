/**
 * Edges of our contracts' guards that no other contract test reached: each case kills mutants that the
 * Solidity mutation run (`npm run test:mutation:solidity`, test/mutation-solidity-survivors.md) left alive — a
 * check deleted, a bound moved by one, a refusal that another layer happened to cover.
 */
import { createRequire } from 'node:module'
import {
  type Abi,
  type Address,
  type Hex,
  concatHex,
  decodeErrorResult,
  encodeAbiParameters,
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  numberToHex,
  pad,
  parseEther,
  parseEventLogs,
  toFunctionSelector,
  zeroAddress,
  zeroHash,
} from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { encodeBridgeCallback, encodeOftComposeMessage, type BridgeCallback } from '../service/bridge/encodeBridgeCallback.js'
import { Planner, addSweep, encodeExecuteShortcut, encodeLegacySafeRouteSingle, encodeRouteMulti, encodeRouteSingle, encodeSmartWalletExecute, encodeDelegateShortcut, encodeLegacyExecuteShortcut, functionCall } from '../encoding/index.js'
import {
  switchyardBridgeReceiverAbi,
  switchyardCheckHelperAbi,
  switchyardExecutorAbi,
  switchyardMathHelperAbi,
  switchyardRouterAbi,
  switchyardSmartWalletAbi,
  switchyardSmartWalletFactoryAbi,
} from './generated/abis.js'
import { hostileCalleeAbi, mockSwapPoolAbi, mockVmTargetAbi, weirollRunnerAbi } from './generated/testAbis.js'
import { type ContractsTestEnv, NATIVE, expectRevert, setupContractsTestEnv } from './testing/contractsTestEnv.js'
import { planSwap } from './testing/planSwap.js'

let env: ContractsTestEnv
let snap: Hex
const ids = { accountId: zeroHash, requestId: zeroHash }
/** Returns 32 zero bytes to any call: a "Stargate pool" whose `token()` is the native coin. */
const NATIVE_POOL: Address = '0x5a7e000000000000000000000000000000000ee0'
const flashAbi = [
  { type: 'function', name: 'flashLoanAaveV3', stateMutability: 'nonpayable', inputs: [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }, { type: 'bytes32[]' }, { type: 'bytes[]' }], outputs: [] },
  { type: 'function', name: 'runFlashLoanCallback', stateMutability: 'nonpayable', inputs: [{ type: 'bytes32[]' }, { type: 'bytes[]' }], outputs: [{ type: 'bytes[]' }] },
] as const satisfies Abi

const w = {} as { runner: Address; target: Address; hostile: Address; wallet: Address; bridge: Address; bridgeExecutor: Address }

beforeAll(async () => {
  env = await setupContractsTestEnv()
  const { deployer, attacker, other, user } = env.accounts
  w.runner = await env.deploy('WeirollRunner')
  w.target = await env.deploy('MockVmTarget')
  w.hostile = await env.deploy('HostileCallee', [attacker])
  await env.write({ address: env.contracts.smartWalletFactory, abi: switchyardSmartWalletFactoryAbi, functionName: 'createWallet', args: [user] })
  w.wallet = await env.client.readContract({ address: env.contracts.smartWalletFactory, abi: switchyardSmartWalletFactoryAbi, functionName: 'walletAddress', args: [user] })
  await env.client.setCode({ address: NATIVE_POOL, bytecode: '0x60206000f3' })
  // The deployer plays the LayerZero endpoint and the Across spoke pool; `other` is "our sender".
  w.bridge = await env.deploy('SwitchyardBridgeReceiver', [deployer, deployer, other, [NATIVE_POOL]])
  w.bridgeExecutor = await env.client.readContract({ address: w.bridge, abi: switchyardBridgeReceiverAbi, functionName: 'executor' })
  await env.write({ address: env.tokens.tokenB, abi: erc20Abi, functionName: 'transfer', args: [w.hostile, parseEther('1000')] })
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

describe('router: output token data', () => {
  test('native output data is one word, ERC-20 output data two words naming a token', async () => {
    const { user, receiver } = env.accounts
    const sc = encodeExecuteShortcut({ ...ids, commands: [], state: [] })
    const malformed: Hex[] = [
      encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [1n, 2n]),
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }, { type: 'uint256' }], [env.tokens.tokenB, 1n, 2n]),
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [zeroAddress, 1n]),
    ]
    for (const [i, data] of malformed.entries()) {
      const tokenOut = { tokenType: i === 0 ? 0 : 1, data }
      const call = encodeFunctionData({ abi: switchyardRouterAbi, functionName: 'safeRouteSingle', args: [{ tokenType: 0, data: '0x' }, tokenOut, receiver, sc] })
      expect((await expectRevert(env.send({ account: user, to: env.contracts.router, data: call, value: 1n }))).errorName, data).toBe('InvalidTokenData')
    }
  })
})

describe('legacy router: safeRouteSingle', () => {
  test('the router and its executor are no receivers', async () => {
    for (const receiver of [env.contracts.routerLegacy, env.contracts.executorLegacy]) {
      const tx = encodeLegacySafeRouteSingle({ tokenIn: NATIVE, tokenOut: env.tokens.tokenB, amountIn: 1n, minAmountOut: 0n, receiver, commands: [], state: [] })
      expect((await expectRevert(env.send({ account: env.accounts.user, to: env.contracts.routerLegacy, data: tx.data, value: 1n }))).errorName).toBe('InvalidReceiver')
    }
  })

  test('an output exactly at the minimum passes and reaches the receiver; one wei short reverts AmountTooLow', async () => {
    const { tokenA, tokenB } = env.tokens
    const { user, receiver, refund } = env.accounts
    const amountIn = parseEther('1')
    const out = await env.client.readContract({ address: env.pools.poolAB, abi: mockSwapPoolAbi, functionName: 'getAmountOut', args: [tokenA, amountIn] })
    const plan = planSwap({ helpers: env.contracts.helpers, self: env.contracts.executorLegacy, pool: env.pools.poolAB, tokenIn: tokenA, tokenOut: tokenB, amountSwap: amountIn, receiver, refundReceiver: refund }).plan()
    await env.write({ account: user, address: tokenA, abi: erc20Abi, functionName: 'approve', args: [env.contracts.routerLegacy, amountIn] })
    const short = encodeLegacySafeRouteSingle({ tokenIn: tokenA, tokenOut: tokenB, amountIn, minAmountOut: out + 1n, receiver, ...plan })
    const err = await expectRevert(env.send({ account: user, to: env.contracts.routerLegacy, ...short }))
    expect([err.errorName, String(err.args[0]).toLowerCase(), ...err.args.slice(1)]).toEqual(['AmountTooLow', tokenB.toLowerCase(), out, out + 1n])
    const before = await env.balanceOf(tokenB, receiver)
    await env.send({ account: user, to: env.contracts.routerLegacy, ...encodeLegacySafeRouteSingle({ tokenIn: tokenA, tokenOut: tokenB, amountIn, minAmountOut: out, receiver, ...plan }) })
    expect(await env.balanceOf(tokenB, receiver)).toBe(before + out)
  })
})

describe('smart wallet: a stranger is refused by the wallet itself', () => {
  test('while its owner runs a plan, a payee calling the fallback gets ForwardRefused, not whatever the delegate would answer', async () => {
    const drain = { commands: [] as Hex[], state: [] as Hex[] }
    const forwarded: Hex[] = [
      encodeDelegateShortcut({ ...ids, ...drain }),
      encodeLegacyExecuteShortcut(drain),
      encodeFunctionData({ abi: flashAbi, functionName: 'runFlashLoanCallback', args: [[], []] }),
      encodeFunctionData({ abi: flashAbi, functionName: 'flashLoanAaveV3', args: [w.hostile, env.tokens.tokenA, 1n, [], []] }),
    ]
    await env.write({ address: w.hostile, abi: hostileCalleeAbi, functionName: 'arm', args: [forwarded.map((data) => ({ target: w.wallet, value: 0n, data })), []] })
    const plan = new Planner()
    plan.add(functionCall({ address: w.hostile, abi: hostileCalleeAbi, functionName: 'poke', args: [] }))
    const hash = await env.send({ account: env.accounts.user, to: w.wallet, data: encodeSmartWalletExecute({ delegate: env.contracts.delegate, shortcut: { ...ids, ...plan.plan() } }) })
    const attempts = parseEventLogs({ abi: hostileCalleeAbi, eventName: 'Attempted', logs: (await env.client.getTransactionReceipt({ hash })).logs })
    expect(attempts).toHaveLength(forwarded.length)
    for (const [i, a] of attempts.entries()) {
      expect(a.args.ok).toBe(false)
      const error = decodeErrorResult({ abi: switchyardSmartWalletAbi, data: a.args.result })
      expect([error.errorName, String(error.args?.[0]).toLowerCase(), error.args?.[1]]).toEqual(['ForwardRefused', w.hostile.toLowerCase(), forwarded[i]!.slice(0, 10)])
    }
  })
})

/** A bridge callback whose plan sweeps what arrived to the receiver. */
function callback(plan: Planner, over: Partial<BridgeCallback> = {}): BridgeCallback {
  return { receiver: env.accounts.receiver, refundReceiver: env.accounts.refund, gasLimit: 500_000n, value: 0n, tokensOut: [], minAmountsOut: [], ...ids, ...plan.plan(), ...over }
}

/** The "spoke pool" (the deployer) delivers 5 tokenA, then calls the Across handler. */
async function deliverAcross(cb: BridgeCallback): Promise<Hex> {
  const amount = parseEther('5')
  await env.write({ address: env.tokens.tokenA, abi: erc20Abi, functionName: 'transfer', args: [w.bridge, amount] })
  const data = encodeFunctionData({ abi: switchyardBridgeReceiverAbi, functionName: 'handleV3AcrossMessage', args: [env.tokens.tokenA, amount, env.accounts.deployer, encodeBridgeCallback(cb)] })
  return env.send({ to: w.bridge, data })
}

const sweepA = () => {
  const p = new Planner()
  addSweep(p, { helpers: env.contracts.helpers, token: env.tokens.tokenA, receiver: env.accounts.receiver })
  return p
}

/** The receiver's own errors (not in the shared decoding ABI). */
const bridgeError = ({ raw }: { raw: Hex }) => decodeErrorResult({ abi: switchyardBridgeReceiverAbi, data: raw })

async function bridgeEvents(hash: Hex, address: Address = w.bridge) {
  const logs = (await env.client.getTransactionReceipt({ hash })).logs.filter((l) => l.address.toLowerCase() === address.toLowerCase())
  return parseEventLogs({ abi: switchyardBridgeReceiverAbi, logs }).map((e) => e.eventName)
}

describe('bridge receiver: what a delivery must bring, what a minimum counts, how a refund is paid', () => {
  test('a minimum counts only what the plan delivered, not what the receiver already held: short, the message is refunded', async () => {
    const { receiver, refund } = env.accounts
    const { tokenA, tokenB } = env.tokens
    await env.write({ address: tokenB, abi: erc20Abi, functionName: 'transfer', args: [receiver, parseEther('10')] })
    const before = { receiverA: await env.balanceOf(tokenA, receiver), receiverB: await env.balanceOf(tokenB, receiver), refundA: await env.balanceOf(tokenA, refund) }
    const hash = await deliverAcross(callback(sweepA(), { tokensOut: [tokenB], minAmountsOut: [parseEther('1')] }))
    expect(await bridgeEvents(hash)).toEqual(['CallbackRefunded'])
    expect(await env.balanceOf(tokenA, refund)).toBe(before.refundA + parseEther('5'))
    expect(await env.balanceOf(tokenA, receiver)).toBe(before.receiverA)
    expect(await env.balanceOf(tokenB, receiver)).toBe(before.receiverB)
  })

  test('a delivery without the native the callback asks for is refused (InsufficientValue), so it can be retried with it', async () => {
    const err = bridgeError(await expectRevert(deliverAcross(callback(sweepA(), { value: 1n }))))
    expect([err.errorName, ...(err.args ?? [])]).toEqual(['InsufficientValue', 0n, 1n])
  })

  test("a delivery needs more gas than the callback's limit, plus 1/63 of it and the refund reserve", async () => {
    const gasLimit = 9_000_000n
    const amount = parseEther('5')
    await env.write({ address: env.tokens.tokenA, abi: erc20Abi, functionName: 'transfer', args: [w.bridge, amount] })
    const data = encodeFunctionData({ abi: switchyardBridgeReceiverAbi, functionName: 'handleV3AcrossMessage', args: [env.tokens.tokenA, amount, env.accounts.deployer, encodeBridgeCallback(callback(sweepA(), { gasLimit }))] })
    const required = gasLimit + gasLimit / 63n + 60_000n
    const least = await env.client.estimateGas({ account: env.accounts.deployer, to: w.bridge, data })
    expect(least).toBeGreaterThan(required)
    // Short of it, the refusal names exactly what the delivery needs: the retry knows what to attach.
    const err = bridgeError(await expectRevert(env.client.call({ account: env.accounts.deployer, to: w.bridge, data, gas: gasLimit })))
    expect([err.errorName, err.args?.[1]]).toEqual(['InsufficientGas', required])
  })

  test('a callback may ask for at most 10,000,000 gas', async () => {
    expect(bridgeError(await expectRevert(deliverAcross(callback(sweepA(), { gasLimit: 10_000_001n })))).errorName).toBe('MalformedCompose')
    const hash = await deliverAcross(callback(sweepA(), { gasLimit: 10_000_000n }))
    expect(await bridgeEvents(hash)).toEqual(['CallbackExecuted'])
  })

  test('a failed callback of a native Stargate delivery refunds the native amount and the attached value', async () => {
    const { deployer, other, refund } = env.accounts
    const amount = parseEther('0.01')
    const attached = parseEther('0.001')
    const failing = new Planner()
    failing.add(functionCall({ address: w.target, abi: mockVmTargetAbi, functionName: 'fail', args: ['no'] }))
    // Stargate's native pool pays the receiver before the endpoint calls lzCompose.
    await env.send({ account: deployer, to: w.bridge, data: '0x', value: amount })
    const message = encodeOftComposeMessage({ nonce: 1n, srcEid: 30101, amountLD: amount, composeFrom: other, composeMsg: encodeBridgeCallback(callback(failing, { value: attached })) })
    const refundBefore = await env.balanceOf(NATIVE, refund)
    const bridgeBefore = await env.balanceOf(NATIVE, w.bridge)
    const data = encodeFunctionData({ abi: switchyardBridgeReceiverAbi, functionName: 'lzCompose', args: [NATIVE_POOL, pad('0x01'), message, deployer, '0x'] })
    const hash = await env.send({ to: w.bridge, data, value: attached })
    expect(await bridgeEvents(hash)).toEqual(['CallbackRefunded'])
    expect(await env.balanceOf(NATIVE, refund)).toBe(refundBefore + amount + attached)
    expect(await env.balanceOf(NATIVE, w.bridge)).toBe(bridgeBefore - amount)
  })

  test('the Across handler refuses re-entry: a callback that makes the spoke pool deliver again is refunded', async () => {
    // A receiver whose "spoke pool" is a weiroll runner, so a plan can make the spoke pool call the handler.
    const bridge = await env.deploy('SwitchyardBridgeReceiver', [env.accounts.deployer, w.runner, env.accounts.other, []])
    const handle = (message: BridgeCallback) => {
      const p = new Planner()
      p.add(functionCall({ address: bridge, abi: switchyardBridgeReceiverAbi, functionName: 'handleV3AcrossMessage', args: [env.tokens.tokenA, 0n, env.accounts.deployer, encodeBridgeCallback(message)] }))
      return p.plan()
    }
    const inner = handle(callback(new Planner()))
    const reenter = new Planner()
    reenter.add(functionCall({ address: w.runner, abi: weirollRunnerAbi, functionName: 'execute', args: [inner.commands, inner.state] }))
    const outer = handle(callback(reenter, { gasLimit: 3_000_000n }))
    const hash = await env.send({ to: w.runner, data: encodeFunctionData({ abi: weirollRunnerAbi, functionName: 'execute', args: [outer.commands, outer.state] }) })
    expect(await bridgeEvents(hash, bridge)).toEqual(['CallbackRefunded'])
  })
})

describe('allowance ledger: every way a plan grants an allowance is revoked', () => {
  test('increaseAllowance (an Aave-style ERC-20) granted by a plan is gone when the plan ends', async () => {
    const artifact = createRequire(import.meta.url)('@aave/core-v3/artifacts/contracts/mocks/tokens/MintableERC20.sol/MintableERC20.json') as { abi: Abi; bytecode: Hex }
    const hash = await env.client.sendTransaction({ account: env.accounts.deployer, data: encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: ['Aave-style', 'AST', 18] }), chain: null })
    const token = (await env.client.waitForTransactionReceipt({ hash })).contractAddress!
    const plan = new Planner()
    plan.add(functionCall({ address: token, abi: artifact.abi, functionName: 'increaseAllowance', args: [env.accounts.attacker, 1000n] }))
    addSweep(plan, { helpers: env.contracts.helpers, token: NATIVE, receiver: env.accounts.user })
    await env.send({ account: env.accounts.user, to: env.contracts.router, ...encodeRouteSingle({ tokenIn: { type: 'native', amount: 1n }, shortcut: { ...ids, ...plan.plan() } }) })
    expect(await env.client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [env.contracts.executor, env.accounts.attacker] })).toBe(0n)
  })
})

describe('flash loans: a callback plan runs once', () => {
  test('a callback plan that calls runFlashLoanCallback again is refused (NotSelf)', async () => {
    const { executor } = env.contracts
    await env.write({ address: w.hostile, abi: hostileCalleeAbi, functionName: 'setLender', args: ['0x', 0n, false] })
    const again = new Planner()
    again.add(functionCall({ address: executor, abi: flashAbi, functionName: 'runFlashLoanCallback', args: [[], []] }))
    const cb = again.plan()
    const plan = new Planner()
    plan.add(functionCall({ address: executor, abi: flashAbi, functionName: 'flashLoanAaveV3', args: [w.hostile, env.tokens.tokenB, parseEther('1'), cb.commands, cb.state] }))
    const err = await expectRevert(env.send({ account: env.accounts.user, to: env.contracts.router, ...encodeRouteMulti({ tokensIn: [], shortcut: { ...ids, ...plan.plan() } }) }))
    // The loan's failure carries the callback plan's: its second runFlashLoanCallback was refused.
    expect(err.errorName).toBe('ExecutionFailed')
    const callbackError = decodeErrorResult({ abi: switchyardExecutorAbi, data: err.args[2] as Hex })
    expect(callbackError.errorName).toBe('ExecutionFailed')
    expect(String(callbackError.args?.[2]).startsWith(toFunctionSelector('NotSelf(address)'))).toBe(true)
  })
})

/** One weiroll command word: selector | flags | six input indices (0xff-filled) | output index | target. */
function command(p: { selector: Hex; flags: number; inputs: readonly number[]; output: number; target: Address }): Hex {
  const inputs = [...p.inputs, ...new Array(6 - p.inputs.length).fill(0xff)].slice(0, 6)
  return concatHex([p.selector, numberToHex(p.flags, { size: 1 }), ...inputs.map((i) => numberToHex(i, { size: 1 })), numberToHex(p.output, { size: 1 }), p.target])
}

const word = (n: bigint): Hex => pad(numberToHex(n))
const STATIC = 0x02
const addSelector = toFunctionSelector('add(uint256,uint256)')

/** Runs raw commands in the test weiroll runner (eth_call). */
async function runRaw(commands: Hex[], state: Hex[]): Promise<void> {
  await env.client.call({ account: env.accounts.user, to: w.runner, data: encodeFunctionData({ abi: weirollRunnerAbi, functionName: 'execute', args: [commands, state] }) })
}

describe('weiroll VM: state bounds and value shapes the planner never produces', () => {
  const math = () => env.contracts.helpers.math

  test('an output slot one past the state, for a value and for a raw tuple: StateIndexOutOfBounds', async () => {
    for (const flags of [STATIC, STATIC | 0x80]) {
      const err = await expectRevert(runRaw([command({ selector: addSelector, flags, inputs: [0, 1], output: 2, target: math() })], [word(1n), word(2n)]))
      expect([err.errorName, ...err.args]).toEqual(['StateIndexOutOfBounds', 2n, 2n])
    }
  })

  test('a one-word return into a variable-length slot, and a longer return into a static slot: InvalidOutputShape', async () => {
    const oneWord = await expectRevert(runRaw([command({ selector: addSelector, flags: STATIC, inputs: [0, 1], output: 0x80, target: math() })], [word(1n), word(2n)]))
    expect([oneWord.errorName, ...oneWord.args]).toEqual(['InvalidOutputShape', 0n, 32n])
    const concat = encodeFunctionData({ abi: mockVmTargetAbi, functionName: 'concat', args: ['0xaa', '0xbb'] })
    const longer = await expectRevert(runRaw([command({ selector: '0x00000000', flags: STATIC | 0x20, inputs: [0], output: 1, target: w.target })], [concat, word(0n)]))
    expect([longer.errorName, ...longer.args]).toEqual(['InvalidOutputShape', 1n, 96n])
  })

  test("a value call's amount must be one word; a variable-length argument whole words", async () => {
    const pay = toFunctionSelector('pay()')
    const value = await expectRevert(runRaw([command({ selector: pay, flags: 0x03, inputs: [0], output: 0xff, target: w.target })], [concatHex([word(1n), word(2n)])]))
    expect([value.errorName, ...value.args]).toEqual(['StaticStateNot32Bytes', 0n, 64n])
    const aligned = await expectRevert(runRaw([command({ selector: toFunctionSelector('totalLength(bytes[])'), flags: STATIC, inputs: [0x80], output: 0xff, target: w.target })], [`0x${'11'.repeat(33)}`]))
    expect([aligned.errorName, ...aligned.args]).toEqual(['DynamicStateNotWordAligned', 0n, 33n])
  })

  test('an array marker without its end is refused; an extended command takes all 32 argument slots', async () => {
    const unbalanced = await expectRevert(runRaw([command({ selector: toFunctionSelector('sum(uint256[])'), flags: STATIC, inputs: [0xfd, 0], output: 0xff, target: w.target })], [word(1n)]))
    expect(unbalanced.errorName).toBe('UnbalancedIndexMarkers')
    // 32 static arguments (`pay()` ignores calldata past its selector): every index byte is an argument.
    const extended = command({ selector: toFunctionSelector('pay()'), flags: STATIC | 0x40, inputs: [], output: 0, target: w.target })
    await runRaw([extended, pad('0x00', { dir: 'right' })], [word(7n)])
  })
})

describe('helpers: comparisons and arithmetic at their edges', () => {
  test('CheckHelper: equal values', async () => {
    const check = (functionName: 'isGreaterThan' | 'isGreaterOrEqual' | 'isLessThan' | 'isLessOrEqual' | 'isEqual' | 'isNotEqual') =>
      env.client.readContract({ address: env.contracts.helpers.check, abi: switchyardCheckHelperAbi, functionName, args: [5n, 5n] })
    expect(await Promise.all([check('isGreaterThan'), check('isGreaterOrEqual'), check('isLessThan'), check('isLessOrEqual'), check('isEqual'), check('isNotEqual')])).toEqual([false, true, false, true, true, false])
    expect(await env.client.readContract({ address: env.contracts.helpers.check, abi: switchyardCheckHelperAbi, functionName: 'checkMinAmountOut', args: [5n, 5n] })).toBe(5n)
    const short = await expectRevert(env.client.readContract({ address: env.contracts.helpers.check, abi: switchyardCheckHelperAbi, functionName: 'checkMinAmountOut', args: [4n, 5n] }))
    expect([short.errorName, ...short.args]).toEqual(['MinAmountOutNotMet', 4n, 5n])
  })

  test('MathHelper: fee remainder, 100 % slippage and fee, the last word of a tuple', async () => {
    const read = <T>(functionName: string, args: readonly unknown[]) => env.client.readContract({ address: env.contracts.helpers.math, abi: switchyardMathHelperAbi, functionName, args } as never) as Promise<T>
    expect(await read<bigint>('amountAfterFee', [10_000n, 30n])).toBe(9_970n)
    expect(await read<bigint>('applySlippage', [1_000n, 10_000n])).toBe(0n)
    expect((await expectRevert(read('applySlippage', [1_000n, 10_001n]))).errorName).toBe('InvalidBps')
    // A percentage of at most 100 %: all of it at 10,000 bps, refused above.
    expect(await read<bigint>('percentOf', [1_000n, 10_000n])).toBe(1_000n)
    expect(await read<bigint>('feeAmount', [1_000n, 10_000n])).toBe(1_000n)
    expect((await expectRevert(read('percentOf', [1_000n, 10_001n]))).errorName).toBe('InvalidBps')
    expect((await expectRevert(read('feeAmount', [1_000n, 10_001n]))).errorName).toBe('InvalidBps')
    const tuple = concatHex([word(11n), word(22n)])
    expect(await read<bigint>('extractUint', [tuple, 1n])).toBe(22n)
    const past = await expectRevert(read('extractUint', [tuple, 2n]))
    expect([past.errorName, ...past.args]).toEqual(['IndexOutOfRange', 2n, 64n])
  })
})
