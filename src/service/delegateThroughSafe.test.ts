import { concatHex, encodeFunctionData, erc20Abi, numberToHex, parseAbi, size, type Address, type Hex } from 'viem'
import { beforeEach, describe, expect, test } from 'vitest'
import { functionCall } from '../encoding/call.js'
import { Planner } from '../encoding/planner.js'
import { encodeExecuteShortcut } from '../encoding/routerCalldata.js'
import { decodeRevert } from './decodeRevert.js'
import { getRoute } from './getRoute.js'
import { createSafeWallet, loadSafeArtifact, SAFE_DELEGATECALL, type SafeWallet } from './testing/createSafeWallet.js'
import { useBundleHarness } from './testing/startBundleHarness.js'
import { revertDevnet } from '../chain/devnet/revertDevnet.js'

// Users run delegate answers from their own wallets (issue 23, part 3). A Safe runs them with
// `execTransaction(to = answer.tx.to, value, data = answer.tx.data, operation = DELEGATECALL, ...)`.
// Unlike our SwitchyardSmartWallet, a Safe's fallback CALLs its fallback handler (appending the
// caller), so nothing a stranger sends to the Safe runs as the Safe; the same is why a plan's
// self-calls and Aave's `executeOperation` callback cannot reach our delegate: flash loans do not work.

const owner: Address = '0x000000000000000000000000000000000005afe1'
const stranger: Address = '0x000000000000000000000000000000000005afe2'
const attacker: Address = '0x000000000000000000000000000000000005afe3'
const hostile: Address = '0x000000000000000000000000000000000005afe4'
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

const h = useBundleHarness(owner)

let safe: SafeWallet
beforeEach(async () => {
  // Inside each test's snapshot: the harness reverts the chain after every test.
  safe = await createSafeWallet(h.chain.client, { owner })
})

const sy = () => h.chain.addressBook.switchyard as unknown as { delegate: Address; router: Address; executor: Address }
const aavePool = () => (h.chain.addressBook.aaveV3 as { pool: Address }).pool
const safeNonce = () => h.chain.client.readContract({ address: safe.address, abi: parseAbi(['function nonce() view returns (uint256)']), functionName: 'nonce' })

/** How a call ends, as one line: `succeeded`, or its decoded revert (our errors, `Error(string)` such as Safe's `GS0xx`). */
async function outcomeOf(call: { from: Address; to: Address; data: Hex }): Promise<string> {
  try {
    await h.chain.client.call({ account: call.from, to: call.to, data: call.data })
    return 'succeeded'
  } catch (e) {
    const found = (e as { walk: (f: (x: unknown) => boolean) => { data?: Hex } | null }).walk((x) => typeof (x as { data?: unknown }).data === 'string')
    return decodeRevert(found?.data, 'reverted without data')
  }
}

/** Our contracts end every transaction empty. */
async function expectOurContractsEmpty(tokens: readonly Address[]) {
  for (const who of [sy().delegate, sy().router, sy().executor]) {
    for (const t of [...tokens, NATIVE]) expect(await h.balance(t, who), `${t} at ${who}`).toBe(0n)
  }
}

/** `executeShortcut` calldata for a plan that sends `amount` of `token` to the attacker: what a stranger would like the Safe to run. */
function drainCalldata(token: Address, amount: bigint): Hex {
  const p = new Planner()
  p.add(functionCall({ address: token, abi: erc20Abi, functionName: 'transfer', args: [attacker, amount] }))
  return encodeExecuteShortcut({ accountId: `0x${'00'.repeat(32)}`, requestId: `0x${'00'.repeat(32)}`, ...p.plan() })
}

/**
 * Runtime code of a hostile payee: on any call (an ETH payment too) it CALLs `target` with `data`,
 * records the outcome in storage slot 0 (1 = that call reverted, 2 = it returned) and returns, so the
 * plan that paid it goes on. Raw opcodes: the Solidity in contracts/ is not this test's to change.
 */
function hostilePayeeCode(target: Address, data: Hex): Hex {
  const push2 = (n: number) => concatHex(['0x61', numberToHex(n, { size: 2 })])
  const code = (dataOffset: number) =>
    concatHex([
      push2(size(data)), push2(dataOffset), '0x6000', '0x39', // codecopy(0, dataOffset, len)
      '0x6000', '0x6000', push2(size(data)), '0x6000', '0x6000', // retSize 0, retOffset 0, argsSize len, argsOffset 0, value 0
      '0x73', target, '0x5a', '0xf1', // call(gas(), target, ...)
      '0x600101', '0x600055', '0x00', // sstore(0, success + 1); stop
    ])
  return concatHex([code(size(code(0))), data])
}

const hostileOutcome = async () => BigInt((await h.chain.client.getStorageAt({ address: hostile, slot: '0x0' })) ?? '0x0')

describe('the delegate strategy through a Safe (1.5.0: execTransaction with operation DELEGATECALL)', () => {
  test('a route WETH → USDC: the Safe pays exactly its input and gets exactly amountOut; our contracts end empty', async () => {
    const amountIn = 10n ** 18n
    await h.devnet.fund({ chainId: 1, address: safe.address, token: 'WETH', amount: 3n * amountIn })
    const answer = await getRoute(h.ctx, {
      fromAddress: safe.address, routingStrategy: 'delegate', tokenIn: [h.tok('WETH')], tokenOut: [h.tok('USDC')], amountIn: [amountIn.toString()],
    }, { caller: h.caller, requireVariableEstimates: false })
    expect(answer.tx.to).toBe(sy().delegate)
    const wethBefore = await h.balance(h.tok('WETH'), safe.address)
    const usdcBefore = await h.balance(h.tok('USDC'), safe.address)
    const ethBefore = await h.balance(NATIVE, safe.address)
    // `gas` covers the delegate call; the Safe's own checks add ~60k.
    const receipt = await safe.exec({ to: answer.tx.to as Address, value: BigInt(answer.tx.value), data: answer.tx.data, operation: SAFE_DELEGATECALL, gas: BigInt(answer.gas) + 100_000n })
    expect(receipt.status).toBe('success')
    const got = (await h.balance(h.tok('USDC'), safe.address)) - usdcBefore
    expect(got).toBe(BigInt(answer.amountOut))
    expect(got).toBeGreaterThanOrEqual(BigInt(answer.minAmountOut))
    expect(wethBefore - (await h.balance(h.tok('WETH'), safe.address))).toBe(amountIn)
    expect(await h.balance(NATIVE, safe.address)).toBe(ethBefore)
    await expectOurContractsEmpty([h.tok('WETH'), h.tok('USDC')])
  })

  test('a bundle (route WETH → USDC, then route all of it on to WBTC) paid to another receiver: exactly amountsOut arrive, the Safe pays exactly its input', async () => {
    const amountIn = 2n * 10n ** 18n
    const receiver: Address = '0x000000000000000000000000000000000005afe5'
    await h.devnet.fund({ chainId: 1, address: safe.address, token: 'WETH', amount: amountIn + 10n ** 18n })
    await h.devnet.fund({ chainId: 1, address: safe.address, token: 'USDC', amount: 1_000n * 10n ** 6n })
    const answer = await h.bundle({ fromAddress: safe.address, receiver, routingStrategy: 'delegate' }, [
      { protocol: 'enso', action: 'route', args: { tokenIn: h.tok('WETH'), tokenOut: h.tok('USDC'), amountIn: amountIn.toString() } },
      { protocol: 'enso', action: 'route', args: { tokenIn: h.tok('USDC'), tokenOut: h.tok('WBTC'), amountIn: { useOutputOfCallAt: 0 } } },
    ])
    expect(answer.tx.to).toBe(sy().delegate)
    expect(answer.approvals).toEqual([])
    const promised = BigInt(answer.amountsOut[h.tok('WBTC')]!)
    expect(promised).toBeGreaterThan(0n)
    const wethBefore = await h.balance(h.tok('WETH'), safe.address)
    const receipt = await safe.exec({ to: answer.tx.to as Address, value: BigInt(answer.tx.value), data: answer.tx.data, operation: SAFE_DELEGATECALL, gas: BigInt(answer.gas) + 100_000n })
    expect(receipt.status).toBe('success')
    expect(await h.balance(h.tok('WBTC'), receiver)).toBe(promised)
    expect(wethBefore - (await h.balance(h.tok('WETH'), safe.address))).toBe(amountIn)
    // The Safe's own USDC is not the bundle's: it stays.
    expect(await h.balance(h.tok('USDC'), safe.address)).toBe(1_000n * 10n ** 6n)
    expect(await h.balance(h.tok('WBTC'), safe.address)).toBe(0n)
    await expectOurContractsEmpty([h.tok('WETH'), h.tok('USDC'), h.tok('WBTC')])
  })
})

describe('strangers cannot make a Safe run shortcut code', () => {
  test('outside a plan: the delegate called directly, the Safe\'s fallback, Safe\'s simulate, execTransaction without the owner: nothing moves', async () => {
    const treasure = 5_000n * 10n ** 6n
    await h.devnet.fund({ chainId: 1, address: safe.address, token: 'USDC', amount: treasure })
    await h.devnet.fund({ chainId: 1, address: stranger, token: 'ETH', amount: 10n ** 18n })
    await h.chain.client.impersonateAccount({ address: stranger })
    const drain = drainCalldata(h.tok('USDC'), treasure)
    expect(await outcomeOf({ from: stranger, to: sy().delegate, data: drain })).toBe('OnlyDelegateCall()')
    // The Safe has no `executeShortcut`: its fallback CALLs the CompatibilityFallbackHandler, which has none either.
    expect(await outcomeOf({ from: stranger, to: safe.address, data: drain })).toBe('reverted without data')
    const asStranger = { to: sy().delegate, data: drain, operation: SAFE_DELEGATECALL }
    expect(await outcomeOf({ from: stranger, to: safe.address, data: safe.execData({ ...asStranger, signer: stranger }) })).toBe('Error(GS026)')
    expect(await outcomeOf({ from: stranger, to: safe.address, data: safe.execData({ ...asStranger, signer: owner }) })).toBe('Error(GS025)')
    // Sent for real too, the fallback path moves nothing.
    const hash = await h.chain.client.sendTransaction({ account: stranger, to: safe.address, data: drain, gas: 1_000_000n, chain: h.chain.client.chain })
    expect((await h.chain.client.waitForTransactionReceipt({ hash })).status).toBe('reverted')
    // Safe's `simulate` (handler → the Safe's `simulateAndRevert`) does DELEGATECALL the delegate as the
    // Safe, and the drain runs; but the Safe always reverts it, so the transaction succeeds and moves nothing.
    const simulate = encodeFunctionData({ abi: loadSafeArtifact('CompatibilityFallbackHandler').abi, functionName: 'simulate', args: [sy().delegate, drain] })
    const simulated = await h.chain.client.sendTransaction({ account: stranger, to: safe.address, data: simulate, gas: 1_000_000n, chain: h.chain.client.chain })
    expect((await h.chain.client.waitForTransactionReceipt({ hash: simulated })).status).toBe('success')
    expect(await h.balance(h.tok('USDC'), safe.address)).toBe(treasure)
    expect(await h.balance(h.tok('USDC'), attacker)).toBe(0n)
  })

  test('mid-plan: a payee that calls back while the Safe pays it (into the Safe\'s fallback, the delegate, or Safe\'s simulate) takes nothing', async () => {
    const treasure = 5_000n * 10n ** 6n
    const amountIn = 10n ** 18n
    const drain = drainCalldata(h.tok('USDC'), treasure)
    const handlerAbi = loadSafeArtifact('CompatibilityFallbackHandler').abi
    const attempts: { name: string; target: Address; data: Hex; outcomes: bigint[] }[] = [
      // The entry the attack used against our minimal wallet: the wallet's fallback, mid-execute.
      { name: 'executeShortcut on the Safe', target: safe.address, data: drain, outcomes: [1n] },
      { name: 'executeShortcut on the delegate', target: sy().delegate, data: drain, outcomes: [1n] },
      // The one way a stranger makes a Safe DELEGATECALL: the handler's `simulate` → the Safe's
      // `simulateAndRevert`, which runs the code as the Safe and always reverts it. A delegate with the
      // one-plan-at-a-time guard refuses it (`PlanRunning`: 1); one without runs the drain, the Safe
      // undoes it, and the call returns the simulation's answer (2). Either way nothing moves.
      { name: 'simulate through the handler', target: safe.address, data: encodeFunctionData({ abi: handlerAbi, functionName: 'simulate', args: [sy().delegate, drain] }), outcomes: [1n, 2n] },
    ]
    for (const attempt of attempts) {
      const snap = await h.chain.client.snapshot()
      await h.devnet.fund({ chainId: 1, address: safe.address, token: 'USDC', amount: treasure })
      await h.devnet.fund({ chainId: 1, address: safe.address, token: 'WETH', amount: amountIn })
      await h.chain.client.setCode({ address: hostile, bytecode: hostilePayeeCode(attempt.target, attempt.data) })
      const answer = await getRoute(h.ctx, {
        fromAddress: safe.address, receiver: hostile, routingStrategy: 'delegate', tokenIn: [h.tok('WETH')], tokenOut: [NATIVE], amountIn: [amountIn.toString()],
      }, { caller: h.caller, requireVariableEstimates: false })
      const ethBefore = await h.balance(NATIVE, hostile)
      // Plenty of gas: the answer's limit was simulated with a payee that could not reach the Safe's handler.
      const receipt = await safe.exec({ to: answer.tx.to as Address, value: BigInt(answer.tx.value), data: answer.tx.data, operation: SAFE_DELEGATECALL, gas: 5_000_000n })
      expect(receipt.status, attempt.name).toBe('success')
      // The payee did get control, and its payment.
      expect(attempt.outcomes, attempt.name).toContain(await hostileOutcome())
      expect((await h.balance(NATIVE, hostile)) - ethBefore, attempt.name).toBe(BigInt(answer.amountOut))
      expect(await h.balance(h.tok('USDC'), safe.address), attempt.name).toBe(treasure)
      expect(await h.balance(h.tok('USDC'), attacker), attempt.name).toBe(0n)
      expect(await h.balance(h.tok('WETH'), safe.address), attempt.name).toBe(0n)
      await revertDevnet(h.chain.client, snap)
    }
  })
})

describe('flash loans under a Safe (pinned: not supported)', () => {
  test('the API answers (its simulation forwards the wallet\'s self-calls as our wallet does), and the Safe\'s execution reverts at the plan\'s first self-call; nothing moves', async () => {
    // A plan takes the loan with a self-call (`flashLoanAaveV3` on the wallet) and Aave calls back
    // `executeOperation` on the wallet: both reach a Safe's fallback, which CALLs its handler, so
    // neither can reach our delegate. The service cannot tell a Safe from our wallet: it simulates
    // every delegate sender with a forwarding wallet's code (withDelegateSimulator).
    await h.devnet.fund({ chainId: 1, address: safe.address, token: 'WETH', amount: 10n ** 18n })
    const answer = await h.bundle({ fromAddress: safe.address, routingStrategy: 'delegate' }, [
      {
        protocol: 'aave-v3', action: 'flashloan',
        args: {
          flashloanToken: h.tok('WETH'), flashloanAmount: (10n ** 18n).toString(), primaryAddress: aavePool(),
          callback: [
            { protocol: 'enso', action: 'route', args: { tokenIn: h.tok('WETH'), tokenOut: h.tok('USDC'), amountIn: (10n ** 18n).toString() } },
            { protocol: 'enso', action: 'route', args: { tokenIn: h.tok('USDC'), tokenOut: h.tok('WETH'), amountIn: { useOutputOfCallAt: 0 } } },
          ],
        },
      },
    ])
    expect(answer.tx.to).toBe(sy().delegate)
    const exec = { to: answer.tx.to as Address, value: BigInt(answer.tx.value), data: answer.tx.data, operation: SAFE_DELEGATECALL }
    // Command 0, the self-call that would take the loan, fails with the handler's empty revert (`Unknown`),
    // and Safe (safeTxGas = 0) bubbles it.
    expect(await outcomeOf({ from: owner, to: safe.address, data: safe.execData(exec) })).toBe(`ExecutionFailed(0, ${safe.address}, Unknown)`)
    const nonce = await safeNonce()
    const receipt = await safe.exec({ ...exec, gas: BigInt(answer.gas) + 100_000n })
    expect(receipt.status).toBe('reverted')
    expect(await safeNonce()).toBe(nonce)
    expect(await h.balance(h.tok('WETH'), safe.address)).toBe(10n ** 18n)
    expect(await h.balance(h.tok('USDC'), safe.address)).toBe(0n)
    await expectOurContractsEmpty([h.tok('WETH'), h.tok('USDC')])
  })
})
