import { parseAbi, type Address, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { functionCall } from '../../encoding/call.js'
import { Planner } from '../../encoding/planner.js'
import { encodeRouteMulti } from '../../encoding/routerCalldata.js'
import { decodeRevert } from '../../service/decodeRevert.js'
import { useBundleHarness } from '../../service/testing/startBundleHarness.js'

const user: Address = '0x00000000000000000000000000000000000f1a01'
const other: Address = '0x00000000000000000000000000000000000f1a02'

const h = useBundleHarness(user)

const aave = () => h.chain.addressBook.aaveV3!
const reserve = (symbol: string) => aave().reserves.find((r) => r.asset.toLowerCase() === h.tok(symbol).toLowerCase())!

describe('Aave V3 flash loans whose callback is a plan, executed', () => {
  test('router: 100 WETH flash-borrowed, swapped to USDC and back inside the callback, repaid with premium; the executor ends empty', async () => {
    await h.devnet.fund({ chainId: 1, address: user, token: 'WETH', amount: 3n * 10n ** 18n })
    const answer = await h.bundle({ fromAddress: user, receiver: other }, [
      {
        protocol: 'aave-v3', action: 'flashloan',
        args: {
          flashloanToken: h.tok('WETH'), flashloanAmount: (100n * 10n ** 18n).toString(), primaryAddress: aave().pool, tokenIn: h.tok('WETH'), amountIn: (3n * 10n ** 18n).toString(),
          callback: [
            { protocol: 'enso', action: 'route', args: { tokenIn: h.tok('WETH'), tokenOut: h.tok('USDC'), amountIn: (100n * 10n ** 18n).toString() } },
            { protocol: 'enso', action: 'route', args: { tokenIn: h.tok('USDC'), tokenOut: h.tok('WETH'), amountIn: { useOutputOfCallAt: 0 } } },
          ],
        },
      },
    ])
    const aWethBefore = await h.balance(h.tok('WETH'), reserve('WETH').aToken)
    const before = await h.balance(h.tok('WETH'), other)
    await h.sendAsEoa(answer)
    const got = (await h.balance(h.tok('WETH'), other)) - before
    expect(got).toBe(BigInt(answer.amountsOut[h.tok('WETH')]!))
    expect(got).toBeGreaterThan(0n)
    // The premium stayed with the reserve.
    expect((await h.balance(h.tok('WETH'), reserve('WETH').aToken)) - aWethBefore).toBeGreaterThan(0n)
    const executor = h.chain.addressBook.switchyard!.executor as Address
    for (const t of [h.tok('WETH'), h.tok('USDC')]) expect(await h.balance(t, executor)).toBe(0n)
  })

  test('delegate: a wallet levers up — flash-borrow WETH, supply it with its own, borrow USDC, buy WETH back to repay', async () => {
    const wallet = await h.createWallet()
    await h.devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 10n ** 18n })
    const pool = aave().pool
    const answer = await h.bundle({ fromAddress: wallet, routingStrategy: 'delegate', slippage: '300' }, [
      {
        protocol: 'aave-v3', action: 'flashloan',
        args: {
          flashloanToken: h.tok('WETH'), flashloanAmount: (10n ** 18n).toString(), primaryAddress: pool,
          callback: [
            { protocol: 'aave-v3', action: 'deposit', args: { tokenIn: h.tok('WETH'), amountIn: (2n * 10n ** 18n).toString(), primaryAddress: pool } },
            { protocol: 'aave-v3', action: 'borrow', args: { tokenOut: h.tok('USDC'), amountOut: '3150000000', primaryAddress: pool } },
            { protocol: 'enso', action: 'route', args: { tokenIn: h.tok('USDC'), tokenOut: h.tok('WETH'), amountIn: { useOutputOfCallAt: 1 } } },
          ],
        },
      },
    ])
    await h.sendThroughWallet(wallet, answer)
    const collateral = await h.balance(reserve('WETH').aToken, wallet)
    expect(collateral >= 2n * 10n ** 18n && collateral <= 2n * 10n ** 18n + 10n ** 12n).toBe(true)
    const debt = await h.balance(reserve('USDC').variableDebtToken, wallet)
    expect(debt >= 3_150_000_000n && debt <= 3_150_000_010n).toBe(true)
    // What the USDC bought beyond the loan and premium stays in the wallet.
    expect(await h.balance(h.tok('WETH'), wallet)).toBeGreaterThan(0n)
  })

  test('a callback that does not cover the loan: the sender brings loan plus premium (0.05%), as the approvals say', async () => {
    const answer = await h.bundle({ fromAddress: user }, [
      {
        protocol: 'aave-v3', action: 'flashloan',
        args: {
          flashloanToken: h.tok('WETH'), flashloanAmount: (10n * 10n ** 18n).toString(), primaryAddress: aave().pool,
          callback: [{ protocol: 'enso', action: 'route', args: { tokenIn: h.tok('WETH'), tokenOut: h.tok('USDC'), amountIn: (10n * 10n ** 18n).toString() } }],
        },
      },
    ])
    expect(answer.approvals.map((a) => [a.token, a.amount])).toEqual([[h.tok('WETH'), (10n * 10n ** 18n + 5n * 10n ** 15n).toString()]])
    await h.devnet.fund({ chainId: 1, address: user, token: 'WETH', amount: 10n * 10n ** 18n + 5n * 10n ** 15n })
    const before = await h.balance(h.tok('USDC'), user)
    await h.sendAsEoa(answer)
    expect((await h.balance(h.tok('USDC'), user)) - before).toBe(BigInt(answer.amountsOut[h.tok('USDC')]!))
    expect(await h.balance(h.tok('WETH'), user)).toBe(0n)
  })
})

describe('THREATS 3: flash-loan callbacks authenticate the lender and the initiator', () => {
  const flashAbi = parseAbi([
    'function executeOperation(address asset, uint256 amount, uint256 premium, address initiator, bytes params) returns (bool)',
    'function flashLoanAaveV3(address pool, address asset, uint256 amount, bytes32[] commands, bytes[] state)',
    'function runFlashLoanCallback(bytes32[] commands, bytes[] state) returns (bytes[])',
    'error UnexpectedFlashLoan(address caller, address initiator)',
    'error NotSelf(address caller)',
    'error NoActiveDelegate()',
  ])
  const attempt = (to: Address, data: { functionName: 'executeOperation' | 'flashLoanAaveV3' | 'runFlashLoanCallback'; args: readonly unknown[] }) =>
    h.chain.client.simulateContract({ address: to, abi: flashAbi, ...data, account: user } as never).then(() => 'succeeded', (e: Error) => e.message)

  test('nobody but the lender a running plan called can call back, nobody but the plan can borrow or run a callback', async () => {
    const sy = h.chain.addressBook.switchyard as unknown as { executor: Address; delegate: Address }
    const weth = h.tok('WETH')
    for (const target of [sy.executor, sy.delegate]) {
      // A forged callback claiming the contract initiated a loan: no loan is pending.
      expect(await attempt(target, { functionName: 'executeOperation', args: [weth, 10n ** 18n, 0n, target, '0x'] })).toMatch(/UnexpectedFlashLoan/)
      expect(await attempt(target, { functionName: 'flashLoanAaveV3', args: [aave().pool, weth, 10n ** 18n, [], []] })).toMatch(/NotSelf/)
      expect(await attempt(target, { functionName: 'runFlashLoanCallback', args: [[], []] })).toMatch(/NotSelf/)
    }
    // A wallet forwards unknown calls only while its owner's execute runs.
    const wallet = await h.createWallet()
    expect(await attempt(wallet, { functionName: 'executeOperation', args: [weth, 10n ** 18n, 0n, wallet, '0x'] })).toMatch(/NoActiveDelegate/)
  })
})

describe('THREATS 3: a lender that calls back the wrong way is refused', () => {
  test('a callback through another contract, naming another initiator, or arriving twice reverts UnexpectedFlashLoan', async () => {
    const artifact = loadContractArtifact('MaliciousFlashLender')
    const deployHash = await h.chain.client.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, account: user, chain: h.chain.client.chain })
    const lender = (await h.chain.client.waitForTransactionReceipt({ hash: deployHash })).contractAddress!
    const sy = h.chain.addressBook.switchyard!
    const executor = sy.executor as Address
    const flashAbi = parseAbi(['function flashLoanAaveV3(address pool, address asset, uint256 amount, bytes32[] commands, bytes[] state)'])
    for (const mode of [0n, 1n, 2n]) {
      await h.chain.client.waitForTransactionReceipt({ hash: await h.chain.client.writeContract({ address: lender, abi: artifact.abi, functionName: 'setMode', args: [mode], account: user, chain: h.chain.client.chain }) })
      const p = new Planner()
      p.add(functionCall({ address: executor, abi: flashAbi, functionName: 'flashLoanAaveV3', args: [lender, h.tok('WETH'), 10n ** 18n, [], []] }))
      const { data } = encodeRouteMulti({ tokensIn: [], shortcut: { accountId: `0x${'00'.repeat(32)}`, requestId: `0x${'00'.repeat(32)}`, ...p.plan() } })
      const result = await h.chain.client.call({ account: user, to: sy.router as Address, data }).then(() => 'succeeded', (e: { walk: (f: (x: unknown) => boolean) => { data?: Hex } | null }) => decodeRevert(e.walk((x) => typeof (x as { data?: unknown }).data === 'string')?.data, 'reverted'))
      expect(result, `mode ${mode}`).toMatch(/ExecutionFailed\(0, .*UnexpectedFlashLoan/)
    }
  })
})
