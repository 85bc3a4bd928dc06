/**
 * `planRoute` checked by running its plans: a TypeScript port of our VM's interpreter
 * (`contracts/router/WeirollVM.sol` + `WeirollCommandBuilder.sol`) executes each plan against a ledger
 * of mock contracts — ERC-20 tokens, WETH, the balance/math/check helpers as in `contracts/helpers`, and
 * fixed-rate pools reached through a test adapter — and the tests assert what every account holds
 * afterwards: the executor ends empty, the receiver gets every output, the fee receiver its fee, the
 * refund receiver the leftovers, and a wallet's own funds stay where they were.
 */
import fc from 'fast-check'
import {
  type Address,
  type Hex,
  decodeFunctionData,
  encodeFunctionResult,
  erc20Abi,
  getAddress,
  numberToHex,
  parseAbi,
  sliceHex,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { switchyardBalanceHelperAbi, switchyardCheckHelperAbi, switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { addBalanceOfSelf, addTransfer } from '../../encoding/planActions.js'
import type { Planner } from '../../encoding/planner.js'
import { UnknownProtocolError } from '../../errors/engine.js'
import { protocolAdaptersBySlug } from '../../protocols/registry.js'
import type { AnyProtocolAdapter, EncodeStepContext, EncodeStepParameters } from '../../protocols/types.js'
import type { FindRouteReturnType, RoutePath } from '../types.js'
import { planRoute, type PlanRouteParameters, type RoutePlan } from './planRoute.js'
import { runWeirollVm, WeirollVmError, type WeirollVmCall } from '../../encoding/testing/runWeirollVm.js'

// ---------------------------------------------------------------------------------------------------------
// Reference VM: encoding/testing/runWeirollVm.ts (the Solidity semantics of WeirollVM and its command builder).
// ---------------------------------------------------------------------------------------------------------

/** A revert of the mock chain (or of the VM). */
class VmRevert extends WeirollVmError {}

type VmCall = WeirollVmCall

const word = (n: bigint | number): Hex => numberToHex(BigInt(n), { size: 32 })

/** Runs `{ commands, state }`; every call goes to `exec`. */
function runVm(plan: RoutePlan, exec: (call: VmCall) => Hex): void {
  runWeirollVm(plan, exec)
}

// ---------------------------------------------------------------------------------------------------------
// Mock chain: a ledger of balances, the helpers, WETH and fixed-rate pools.
// ---------------------------------------------------------------------------------------------------------

const addr = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`)
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const EXECUTOR = addr(0xe0e0e0)
const WALLET = addr(0xa11e7)
const RECEIVER = addr(0x4ec0)
const REFUND = addr(0x4ef0)
const FEES = addr(0xfee5)
const helpers = { balance: addr(0xba1a), math: addr(0x3a7b), check: addr(0xc4ec) }
const WETH = addr(0x3e7b0)
const A = addr(0xa0000)
const B = addr(0xb0000)
const C = addr(0xc0000)
const D = addr(0xd0000)
const TOKENS = [WETH, A, B, C, D]

const poolAbi = parseAbi(['function swap(address tokenIn, address tokenOut, uint256 amountIn) returns (uint256 amountOut)'])
const wethAbi = parseAbi(['function deposit() payable', 'function withdraw(uint256 wad)'])

/** A pool paying `num/den` per unit taken; it takes all but `dust` of what it is asked to swap. */
type Pool = { num: bigint; den: bigint; dust: bigint }

const lower = (a: string) => a.toLowerCase()

class Chain {
  readonly balances = new Map<string, bigint>()
  readonly pools = new Map<string, Pool>()
  readonly log: { target: string; fn: string; args: readonly unknown[]; value: bigint }[] = []
  /** Called when native coin reaches an account (the account "gets control"). */
  onNative: ((to: string) => void) | undefined

  constructor(readonly self: Address) {}

  balanceOf(token: string, holder: string): bigint {
    return this.balances.get(`${lower(token)}:${lower(holder)}`) ?? 0n
  }

  mint(token: string, holder: string, amount: bigint): void {
    this.balances.set(`${lower(token)}:${lower(holder)}`, this.balanceOf(token, holder) + amount)
  }

  move(token: string, from: string, to: string, amount: bigint): void {
    const have = this.balanceOf(token, from)
    if (have < amount) throw new VmRevert(`${token}: ${from} holds ${have} < ${amount}`)
    this.balances.set(`${lower(token)}:${lower(from)}`, have - amount)
    this.mint(token, to, amount)
    if (lower(token) === lower(NATIVE) && amount > 0n) this.onNative?.(lower(to))
  }

  addPool(address: Address, pool: Partial<Pool> & { num: bigint }): void {
    this.pools.set(lower(address), { den: 1n, dust: 0n, ...pool })
    for (const t of TOKENS) this.mint(t, address, 10n ** 40n)
  }

  /** The ledger's rate for a swap through `pool` (the reference for expected amounts). */
  quote(pool: Address, amountIn: bigint): bigint {
    const p = this.pools.get(lower(pool))!
    return ((amountIn - p.dust) * p.num) / p.den
  }

  exec(call: VmCall): Hex {
    const target = lower(call.target)
    if (call.value > 0n) this.move(NATIVE, this.self, target, call.value)
    if (call.data === '0x') {
      this.log.push({ target, fn: 'native', args: [], value: call.value })
      return '0x'
    }
    const uint = (abi: readonly unknown[], functionName: string, result: unknown): Hex =>
      encodeFunctionResult({ abi: abi as typeof erc20Abi, functionName: functionName as 'balanceOf', result: result as bigint })
    if (target === lower(helpers.balance)) {
      const { functionName, args } = decodeFunctionData({ abi: switchyardBalanceHelperAbi, data: call.data })
      this.log.push({ target, fn: functionName, args: args ?? [], value: 0n })
      if (functionName === 'balanceOfCaller') return uint(switchyardBalanceHelperAbi, functionName, this.balanceOf(args[0], this.self))
      if (functionName === 'balanceOf') return uint(switchyardBalanceHelperAbi, functionName, this.balanceOf(args[0], args[1]))
      throw new VmRevert(functionName)
    }
    if (target === lower(helpers.math)) {
      const { functionName, args } = decodeFunctionData({ abi: switchyardMathHelperAbi, data: call.data })
      this.log.push({ target, fn: functionName, args: args ?? [], value: 0n })
      const [a, b] = args as unknown as [bigint, bigint]
      if (functionName === 'add') return uint(switchyardMathHelperAbi, functionName, a + b)
      if (functionName === 'sub') {
        if (a < b) throw new VmRevert('sub underflow')
        return uint(switchyardMathHelperAbi, functionName, a - b)
      }
      throw new VmRevert(functionName)
    }
    if (target === lower(helpers.check)) {
      const { functionName, args } = decodeFunctionData({ abi: switchyardCheckHelperAbi, data: call.data })
      this.log.push({ target, fn: functionName, args: args ?? [], value: 0n })
      const [amount, min] = args as unknown as [bigint, bigint]
      if (functionName !== 'checkMinAmountOut') throw new VmRevert(functionName)
      if (amount < min) throw new VmRevert(`MinAmountOutNotMet(${amount}, ${min})`)
      return uint(switchyardCheckHelperAbi, functionName, amount)
    }
    if (call.isStatic) throw new VmRevert(`static call to ${target}`)
    const pool = this.pools.get(target)
    if (pool) {
      const { args } = decodeFunctionData({ abi: poolAbi, data: call.data })
      const [tokenIn, tokenOut, amountIn] = args
      this.log.push({ target, fn: 'swap', args, value: 0n })
      const taken = amountIn - pool.dust
      this.move(tokenIn, this.self, target, taken)
      const out = (taken * pool.num) / pool.den
      this.move(tokenOut, target, this.self, out)
      return encodeFunctionResult({ abi: poolAbi, functionName: 'swap', result: out })
    }
    if (target === lower(WETH)) {
      const selector = sliceHex(call.data, 0, 4)
      try {
        const { functionName, args } = decodeFunctionData({ abi: wethAbi, data: call.data })
        this.log.push({ target, fn: functionName, args: args ?? [], value: call.value })
        if (functionName === 'deposit') {
          // The native coin already moved to WETH with the call; mint the wrapped token.
          this.mint(WETH, this.self, call.value)
          return '0x'
        }
        const wad = args![0] as bigint
        this.move(WETH, this.self, addr(0), wad)
        this.move(NATIVE, addr(0), this.self, 0n)
        this.mint(NATIVE, this.self, wad)
        return '0x'
      } catch (error) {
        if (error instanceof WeirollVmError) throw error
        if (!selector) throw error
      }
    }
    if (TOKENS.some((t) => lower(t) === target)) {
      const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data: call.data })
      this.log.push({ target, fn: functionName, args: args ?? [], value: call.value })
      if (functionName === 'transfer') {
        this.move(target, this.self, args[0] as string, args[1] as bigint)
        return word(1)
      }
      if (functionName === 'approve') return word(1)
      throw new VmRevert(functionName)
    }
    throw new VmRevert(`no code at ${target}`)
  }

  run(plan: RoutePlan): void {
    runVm(plan, (call) => this.exec(call))
  }

  /** Every non-zero holding of `holder` (tokens and native). */
  holdings(holder: string): Record<string, bigint> {
    const out: Record<string, bigint> = {}
    for (const t of [...TOKENS, NATIVE]) {
      const b = this.balanceOf(t, holder)
      if (b !== 0n) out[lower(t)] = b
    }
    return out
  }
}

// ---------------------------------------------------------------------------------------------------------
// Test adapters: a plain swap, and one whose output token declares its own sweep (like stETH).
// ---------------------------------------------------------------------------------------------------------

function encodeSwap(planner: Planner, _context: EncodeStepContext, step: EncodeStepParameters) {
  return planner.add(functionCall({ address: step.primary, abi: poolAbi, functionName: 'swap', args: [step.tokenIn, step.tokenOut, step.amountIn] }))
}

const sweeps: string[] = []
const testAdapters = [
  { slug: 'test-swap', encode: encodeSwap },
  {
    slug: 'test-sweeping',
    encode(planner: Planner, context: EncodeStepContext, step: EncodeStepParameters) {
      planner.setSweep(step.tokenOut, (p, receiver) => {
        sweeps.push(lower(step.tokenOut))
        const amount = addBalanceOfSelf(p, { helpers: context.helpers, token: step.tokenOut })
        addTransfer(p, { token: step.tokenOut, receiver, amount })
        return amount
      })
      return encodeSwap(planner, context, step)
    },
  },
  { slug: 'test-no-encoder' },
] as unknown as AnyProtocolAdapter[]

const registry = protocolAdaptersBySlug as Map<string, AnyProtocolAdapter>
beforeAll(() => {
  for (const a of testAdapters) registry.set(a.slug, a)
})
afterAll(() => {
  for (const a of testAdapters) registry.delete(a.slug)
})

// ---------------------------------------------------------------------------------------------------------
// Routes, built by hand as the engine returns them (tokens lowercase, WETH for the native coin).
// ---------------------------------------------------------------------------------------------------------

type Hop = { pool: Address; to: Address; protocol?: string }

/** A path from `from` through `hops`, its amounts from the ledger's rates. */
function path(chain: Chain, from: Address, amountIn: bigint, hops: Hop[]): RoutePath {
  let amount = amountIn
  let token = lower(from)
  const steps = hops.map((h) => {
    const out = chain.quote(h.pool, amount)
    const step = { protocol: h.protocol ?? 'test-swap', action: 'swap' as const, primary: h.pool, tokenIn: token, tokenOut: lower(h.to), amountIn: amount, amountOut: out, data: {} }
    amount = out
    token = lower(h.to)
    return step
  })
  return { tokenIn: lower(from), tokenOut: token, amountIn, amountOut: amount, steps }
}

/** A pass-through path (input = output). */
const passThrough = (token: Address, amount: bigint): RoutePath => ({ tokenIn: lower(token), tokenOut: lower(token), amountIn: amount, amountOut: amount, steps: [] })

function route(paths: RoutePath[], amountsIn: { token: Address; amount: bigint }[], outputs: Address[]): FindRouteReturnType {
  return {
    version: 'test',
    blockNumber: 1n,
    paths,
    amountsIn: amountsIn.map((i) => ({ token: lower(i.token), amount: i.amount })),
    amountsOut: outputs.map((o) => ({ token: lower(o), amount: paths.filter((p) => p.tokenOut === lower(o)).reduce((s, p) => s + p.amountOut, 0n) })),
    gasEstimate: 0n,
    certified: true,
  }
}

const context = (self: Address): EncodeStepContext => ({ self, helpers, contracts: { uniswapV2Router02: addr(1), uniswapV3SwapRouter02: addr(2), balancerVault: addr(3) }, deadline: 1n })

function params(self: Address, p: Partial<PlanRouteParameters> & Pick<PlanRouteParameters, 'inputs' | 'outputs'>): PlanRouteParameters {
  return { context: context(self), weth: WETH, receiver: RECEIVER, refundReceiver: REFUND, ownsBalances: self === EXECUTOR, ...p }
}

function newChain(self: Address): Chain {
  const chain = new Chain(self)
  chain.addPool(addr(0x9001), { num: 2n }) // A → B: ×2
  chain.addPool(addr(0x9002), { num: 3n }) // B → C: ×3
  chain.addPool(addr(0x9003), { num: 5n }) // A → C: ×5
  chain.addPool(addr(0x9004), { num: 7n, den: 2n }) // WETH → A: ×3.5
  chain.addPool(addr(0x9005), { num: 1n, den: 4n }) // A → WETH: ÷4
  chain.addPool(addr(0x9006), { num: 1n, dust: 1n }) // B → C leaving 1 wei of B behind
  chain.addPool(addr(0x9007), { num: 11n }) // C → D
  return chain
}
const [AB, BC, AC, WA, AW, BC_DUST, CD] = [0x9001, 0x9002, 0x9003, 0x9004, 0x9005, 0x9006, 0x9007].map(addr) as [Address, Address, Address, Address, Address, Address, Address]

// ---------------------------------------------------------------------------------------------------------

describe('planRoute with our executor (ownsBalances): deliver everything, refund the rest, end empty', () => {
  test('one hop: the receiver gets the output, the executor ends empty', () => {
    const chain = newChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 1000n)
    const r = route([path(chain, A, 1000n, [{ pool: AB, to: B }])], [{ token: A, amount: 1000n }], [B])
    const plan = planRoute(r, params(EXECUTOR, { inputs: [{ token: A, amount: 1000n, fee: 0n }], outputs: [{ token: B }] }))
    expect(plan.minAmountsOut).toBeUndefined()
    chain.run(plan)
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(B)]: 2000n })
    expect(chain.holdings(REFUND)).toEqual({})
  })

  test('the last path of an input spends the whole balance (rounding, extra funds), earlier ones their amount', () => {
    const chain = newChain(EXECUTOR)
    // The executor holds 7 more than the route spends (a rounding the route did not see).
    chain.mint(A, EXECUTOR, 1007n)
    const r = route([path(chain, A, 600n, [{ pool: AB, to: B }]), path(chain, A, 400n, [{ pool: AC, to: C }, { pool: CD, to: D }])], [{ token: A, amount: 1000n }], [B, D])
    chain.run(planRoute(r, params(EXECUTOR, { inputs: [{ token: A, amount: 1000n, fee: 0n }], outputs: [{ token: B }, { token: D }] })))
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(B)]: 1200n, [lower(D)]: 407n * 5n * 11n })
  })

  test('a fee is held back from the last path and paid after the outputs are delivered', () => {
    const chain = newChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 1000n)
    let receiverHeldAtFee: bigint | undefined
    const r = route([path(chain, A, 990n, [{ pool: AB, to: B }])], [{ token: A, amount: 990n }], [B])
    const plan = planRoute(r, params(EXECUTOR, { inputs: [{ token: A, amount: 1000n, fee: 10n }], feeReceiver: FEES, outputs: [{ token: B }] }))
    chain.run(plan)
    expect(chain.holdings(FEES)).toEqual({ [lower(A)]: 10n })
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(B)]: 1980n })
    expect(chain.holdings(EXECUTOR)).toEqual({})
    // The fee transfer is the last token movement of A and comes after B's delivery.
    const feeAt = chain.log.findIndex((c) => c.target === lower(A) && c.fn === 'transfer' && lower(c.args[0] as string) === lower(FEES))
    const deliveredAt = chain.log.findIndex((c) => c.target === lower(B) && c.fn === 'transfer' && lower(c.args[0] as string) === lower(RECEIVER))
    expect(deliveredAt).toBeGreaterThanOrEqual(0)
    expect(feeAt).toBeGreaterThan(deliveredAt)
    expect(receiverHeldAtFee).toBeUndefined()
  })

  test('native in: wrap the input less its fee; when the native fee receiver gets control the executor holds nothing else', () => {
    const chain = newChain(EXECUTOR)
    chain.mint(NATIVE, EXECUTOR, 1000n)
    const seen: Record<string, bigint>[] = []
    chain.onNative = (to) => {
      if (to === lower(FEES)) seen.push(chain.holdings(EXECUTOR))
    }
    const r = route([path(chain, WETH, 960n, [{ pool: WA, to: A }])], [{ token: WETH, amount: 960n }], [A])
    const plan = planRoute(r, params(EXECUTOR, { inputs: [{ token: NATIVE, amount: 1000n, fee: 40n }], feeReceiver: FEES, outputs: [{ token: A }] }))
    chain.run(plan)
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(FEES)).toEqual({ [lower(NATIVE)]: 40n })
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(A)]: (960n * 7n) / 2n })
    expect(seen).toEqual([{}])
  })

  test('native out: the whole WETH balance is unwrapped and delivered as ETH', () => {
    const chain = newChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 1000n)
    const r = route([path(chain, A, 1000n, [{ pool: AW, to: WETH }])], [{ token: A, amount: 1000n }], [WETH])
    chain.run(planRoute(r, params(EXECUTOR, { inputs: [{ token: A, amount: 1000n, fee: 0n }], outputs: [{ token: NATIVE }] })))
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(NATIVE)]: 250n })
  })

  test('WETH in with a fee, ETH out (an unwrap): the held fee stays wrapped and is paid (it was unwrapped and delivered, and the fee transfer reverted)', () => {
    const chain = newChain(EXECUTOR)
    chain.mint(WETH, EXECUTOR, 1000n)
    const r = route([passThrough(WETH, 990n)], [{ token: WETH, amount: 990n }], [WETH])
    chain.run(planRoute(r, params(EXECUTOR, { inputs: [{ token: WETH, amount: 1000n, fee: 10n }], feeReceiver: FEES, outputs: [{ token: NATIVE }] })))
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(FEES)).toEqual({ [lower(WETH)]: 10n })
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(NATIVE)]: 990n })
  })

  test('ETH in with a fee, WETH out (a wrap): the fee stays native and is paid in ETH', () => {
    const chain = newChain(EXECUTOR)
    chain.mint(NATIVE, EXECUTOR, 1000n)
    const r = route([passThrough(WETH, 990n)], [{ token: WETH, amount: 990n }], [WETH])
    chain.run(planRoute(r, params(EXECUTOR, { inputs: [{ token: NATIVE, amount: 1000n, fee: 10n }], feeReceiver: FEES, outputs: [{ token: WETH }] })))
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(FEES)).toEqual({ [lower(NATIVE)]: 10n })
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(WETH)]: 990n })
  })

  test('several inputs and outputs, with fees: each fee paid once, per input; the executor ends empty', () => {
    fc.assert(fc.property(
      fc.bigInt({ min: 10n, max: 10n ** 24n }), fc.bigInt({ min: 10n, max: 10n ** 24n }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 99 }), fc.bigInt({ min: 0n, max: 1000n }),
      (amountA, amountW, feeBpsA, feeBpsW, sharePct, extra) => {
        const chain = newChain(EXECUTOR)
        const feeA = (amountA * BigInt(feeBpsA)) / 10_000n
        const feeW = (amountW * BigInt(feeBpsW)) / 10_000n
        chain.mint(A, EXECUTOR, amountA + extra)
        chain.mint(NATIVE, EXECUTOR, amountW)
        const netA = amountA - feeA
        const toB = (netA * BigInt(sharePct)) / 100n
        const r = route([
          ...(toB > 0n ? [path(chain, A, toB, [{ pool: AB, to: B }])] : []),
          path(chain, A, netA - toB, [{ pool: AC, to: C }]),
          path(chain, WETH, amountW - feeW, [{ pool: WA, to: A }, { pool: AC, to: C }]),
        ], [{ token: A, amount: netA }, { token: WETH, amount: amountW - feeW }], [B, C])
        const plan = planRoute(r, params(EXECUTOR, {
          inputs: [{ token: A, amount: amountA, fee: feeA }, { token: NATIVE, amount: amountW, fee: feeW }], feeReceiver: FEES, outputs: [{ token: B }, { token: C }],
        }))
        chain.run(plan)
        expect(chain.holdings(EXECUTOR)).toEqual({})
        const fees: Record<string, bigint> = {}
        if (feeA > 0n) fees[lower(A)] = feeA
        if (feeW > 0n) fees[lower(NATIVE)] = feeW
        expect(chain.holdings(FEES)).toEqual(fees)
        // A is also produced (WETH → A → C), so its paths spend their amounts and the extra is refunded;
        // ETH was wrapped less its fee.
        const expectedB = toB * 2n
        const expectedC = (netA - toB) * 5n + (((amountW - feeW) * 7n) / 2n) * 5n
        expect(chain.holdings(RECEIVER)).toEqual({ ...(expectedB > 0n ? { [lower(B)]: expectedB } : {}), [lower(C)]: expectedC })
        expect(chain.holdings(REFUND)).toEqual(extra > 0n ? { [lower(A)]: extra } : {})
      },
    ), { numRuns: 25 })
  })

  test('a token also produced inside the route is spent by amount; what is left of it is refunded', () => {
    const chain = newChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 100n)
    chain.mint(B, EXECUTOR, 55n)
    // Inputs A and B, output C; B is also A's intermediate, so B's own path spends exactly its 50.
    const r = route([
      path(chain, A, 100n, [{ pool: AB, to: B }, { pool: BC, to: C }]),
      path(chain, B, 50n, [{ pool: BC, to: C }]),
    ], [{ token: A, amount: 100n }, { token: B, amount: 50n }], [C])
    chain.run(planRoute(r, params(EXECUTOR, { inputs: [{ token: A, amount: 100n, fee: 0n }, { token: B, amount: 55n, fee: 0n }], outputs: [{ token: C }] })))
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(C)]: 600n + 150n })
    expect(chain.holdings(REFUND)).toEqual({ [lower(B)]: 5n })
  })

  test('an input listed twice is swept once; an input that is also an output is delivered, not refunded', () => {
    const chain = newChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 300n)
    const r = route([path(chain, A, 200n, [{ pool: AB, to: B }]), passThrough(A, 100n)], [{ token: A, amount: 300n }], [B, A])
    const plan = planRoute(r, params(EXECUTOR, { inputs: [{ token: A, amount: 200n, fee: 0n }, { token: A, amount: 100n, fee: 0n }], outputs: [{ token: B }, { token: A }] }))
    chain.run(plan)
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(B)]: 400n, [lower(A)]: 100n })
    expect(chain.holdings(REFUND)).toEqual({})
    // A step-less path keeps its amount: A is "produced", so the A→B path spent exactly 200, not the balance.
    expect(chain.log.filter((c) => c.fn === 'swap').map((c) => c.args[2])).toEqual([200n])
    const dust = newChain(EXECUTOR)
    dust.mint(A, EXECUTOR, 300n)
    dust.mint(C, EXECUTOR, 1n)
    dust.run(planRoute(route([path(dust, A, 300n, [{ pool: AB, to: B }])], [{ token: A, amount: 300n }], [B]), params(EXECUTOR, {
      inputs: [{ token: A, amount: 150n, fee: 0n }, { token: C, amount: 1n, fee: 0n }, { token: A, amount: 150n, fee: 0n }], outputs: [{ token: B }],
    })))
    expect(dust.holdings(REFUND)).toEqual({ [lower(C)]: 1n })
    expect(dust.log.filter((c) => c.target === lower(helpers.balance) && c.fn === 'balanceOfCaller' && lower(c.args[0] as string) === lower(A))).toHaveLength(2)
  })

  test('the same input token listed twice with fees: both fees are held back and paid', () => {
    const chain = newChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 300n)
    const r = route([path(chain, A, 285n, [{ pool: AB, to: B }])], [{ token: A, amount: 285n }], [B])
    chain.run(planRoute(r, params(EXECUTOR, { inputs: [{ token: A, amount: 200n, fee: 10n }, { token: A.toLowerCase() as Address, amount: 100n, fee: 5n }], feeReceiver: FEES, outputs: [{ token: B }] })))
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(FEES)).toEqual({ [lower(A)]: 15n })
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(B)]: 570n })
  })

  test('an intermediate whose encoder declared a sweep leaves no dust behind: it is refunded that way', () => {
    sweeps.length = 0
    const chain = newChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 100n)
    // A → B (B declares a sweep) → C through a pool that leaves 1 wei of B.
    const r = route([path(chain, A, 100n, [{ pool: AB, to: B, protocol: 'test-sweeping' }, { pool: BC_DUST, to: C }])], [{ token: A, amount: 100n }], [C])
    chain.run(planRoute(r, params(EXECUTOR, { inputs: [{ token: A, amount: 100n, fee: 0n }], outputs: [{ token: C }] })))
    expect(chain.holdings(EXECUTOR)).toEqual({})
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(C)]: 199n })
    expect(chain.holdings(REFUND)).toEqual({ [lower(B)]: 1n })
    expect(sweeps).toEqual([lower(B)])
    // A declared output is delivered with its own sweep, and not refunded a second time.
    sweeps.length = 0
    const out = newChain(EXECUTOR)
    out.mint(A, EXECUTOR, 100n)
    out.run(planRoute(route([path(out, A, 100n, [{ pool: AB, to: B, protocol: 'test-sweeping' }])], [{ token: A, amount: 100n }], [B]), params(EXECUTOR, {
      inputs: [{ token: A, amount: 100n, fee: 0n }], outputs: [{ token: B }],
    })))
    expect(out.holdings(RECEIVER)).toEqual({ [lower(B)]: 200n })
    expect(sweeps).toEqual([lower(B)])
  })

  test('receiver or refund receiver = the executor itself: nothing is moved to it', () => {
    const chain = newChain(EXECUTOR)
    chain.mint(A, EXECUTOR, 100n)
    chain.mint(B, EXECUTOR, 3n)
    const r = route([path(chain, A, 100n, [{ pool: AB, to: C }])], [{ token: A, amount: 100n }], [C])
    chain.run(planRoute(r, params(EXECUTOR, { inputs: [{ token: A, amount: 100n, fee: 0n }, { token: B, amount: 3n, fee: 0n }], outputs: [{ token: C }], receiver: EXECUTOR, refundReceiver: EXECUTOR.toLowerCase() as Address })))
    expect(chain.holdings(EXECUTOR)).toEqual({ [lower(C)]: 200n, [lower(B)]: 3n })
    expect(chain.log.filter((c) => c.fn === 'transfer')).toEqual([])
  })

  test('a step whose protocol has no encoder: UnknownProtocolError', () => {
    const chain = newChain(EXECUTOR)
    for (const protocol of ['no-such-protocol', 'test-no-encoder']) {
      const r = route([path(chain, A, 100n, [{ pool: AB, to: B, protocol }])], [{ token: A, amount: 100n }], [B])
      expect(() => planRoute(r, params(EXECUTOR, { inputs: [{ token: A, amount: 100n, fee: 0n }], outputs: [{ token: B }] }))).toThrow(UnknownProtocolError)
      expect(() => planRoute(r, params(EXECUTOR, { inputs: [{ token: A, amount: 100n, fee: 0n }], outputs: [{ token: B }] }))).toThrow(`No adapter serves protocol "${protocol}".`)
    }
  })
})

describe('planRoute in a wallet (delegate): exact amounts, the wallet\'s own funds stay put', () => {
  const OWN = 10n ** 21n

  /** A wallet that already holds OWN of every token and of the native coin. */
  function walletChain(): Chain {
    const chain = newChain(WALLET)
    for (const t of [...TOKENS, NATIVE]) chain.mint(t, WALLET, OWN)
    return chain
  }

  test('spends exactly the input, delivers exactly what the route produced; fees are paid first', () => {
    const chain = walletChain()
    const r = route([path(chain, A, 495n, [{ pool: AB, to: B }]), path(chain, A, 495n, [{ pool: AC, to: C }, { pool: CD, to: D }])], [{ token: A, amount: 990n }], [B, D])
    const plan = planRoute(r, params(WALLET, { inputs: [{ token: A, amount: 1000n, fee: 10n }], feeReceiver: FEES, outputs: [{ token: B }, { token: D }] }))
    chain.run(plan)
    expect(chain.holdings(WALLET)).toEqual({ [lower(WETH)]: OWN, [lower(A)]: OWN - 1000n, [lower(B)]: OWN, [lower(C)]: OWN, [lower(D)]: OWN, [lower(NATIVE)]: OWN })
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(B)]: 990n, [lower(D)]: 495n * 55n })
    expect(chain.holdings(FEES)).toEqual({ [lower(A)]: 10n })
    expect(chain.holdings(REFUND)).toEqual({})
    const firstTransfer = chain.log.find((c) => c.fn === 'transfer')!
    expect(lower(firstTransfer.args[0] as string)).toBe(lower(FEES))
    // No whole-balance reads of the wallet's tokens: only the route's amounts move.
    expect(chain.log.filter((c) => c.fn === 'balanceOfCaller')).toEqual([])
  })

  test('several paths into one output are added up; native in and out move only the route\'s coin', () => {
    const chain = walletChain()
    const r = route([
      path(chain, WETH, 400n, [{ pool: WA, to: A }, { pool: AW, to: WETH }]),
      path(chain, A, 100n, [{ pool: AW, to: WETH }]),
      path(chain, A, 60n, [{ pool: AW, to: WETH }]),
    ], [{ token: WETH, amount: 400n }, { token: A, amount: 160n }], [WETH])
    const plan = planRoute(r, params(WALLET, { inputs: [{ token: NATIVE, amount: 400n, fee: 0n }, { token: A, amount: 160n, fee: 0n }], outputs: [{ token: NATIVE }] }))
    chain.run(plan)
    const out = (400n * 7n) / 2n / 4n + 100n / 4n + 60n / 4n
    expect(chain.holdings(RECEIVER)).toEqual({ [lower(NATIVE)]: out })
    expect(chain.holdings(WALLET)).toEqual({ [lower(WETH)]: OWN, [lower(A)]: OWN - 160n, [lower(B)]: OWN, [lower(C)]: OWN, [lower(D)]: OWN, [lower(NATIVE)]: OWN - 400n })
  })

  test('receiver = the wallet: outputs stay in it; an output the route never produced is skipped', () => {
    const chain = walletChain()
    const r = route([path(chain, A, 100n, [{ pool: AB, to: B }])], [{ token: A, amount: 100n }], [B, C])
    chain.run(planRoute(r, params(WALLET, { inputs: [{ token: A, amount: 100n, fee: 0n }], outputs: [{ token: B }, { token: C }], receiver: WALLET })))
    expect(chain.holdings(WALLET)).toMatchObject({ [lower(A)]: OWN - 100n, [lower(B)]: OWN + 200n, [lower(C)]: OWN })
    expect(chain.log.filter((c) => c.fn === 'transfer' || c.fn === 'native')).toEqual([])
  })

  test('a fee without a fee receiver is not paid (the caller was refused earlier); a zero fee moves nothing', () => {
    const chain = walletChain()
    const r = route([path(chain, A, 100n, [{ pool: AB, to: B }])], [{ token: A, amount: 100n }], [B])
    chain.run(planRoute(r, params(WALLET, { inputs: [{ token: A, amount: 100n, fee: 5n }], outputs: [{ token: B }] })))
    chain.run(planRoute(r, params(WALLET, { inputs: [{ token: A, amount: 100n, fee: 0n }], feeReceiver: FEES, outputs: [{ token: B }] })))
    expect(chain.holdings(FEES)).toEqual({})
    const exec = newChain(EXECUTOR)
    exec.mint(A, EXECUTOR, 100n)
    exec.run(planRoute(r, params(EXECUTOR, { inputs: [{ token: A, amount: 100n, fee: 5n }], outputs: [{ token: B }] })))
    expect(exec.holdings(FEES)).toEqual({})
    expect(exec.holdings(RECEIVER)).toEqual({ [lower(B)]: 200n })
    // A zero fee is not even attempted (tokens that revert on zero transfers; a native fee receiver never gets control).
    for (const self of [WALLET, EXECUTOR]) {
      const zero = self === WALLET ? walletChain() : newChain(EXECUTOR)
      zero.mint(A, EXECUTOR, 100n)
      zero.mint(NATIVE, EXECUTOR, 50n)
      const two = route([path(zero, A, 100n, [{ pool: AB, to: B }]), path(zero, WETH, 50n, [{ pool: WA, to: A }])], [{ token: A, amount: 100n }, { token: WETH, amount: 50n }], [B, A])
      zero.run(planRoute(two, params(self, { inputs: [{ token: A, amount: 100n, fee: 0n }, { token: NATIVE, amount: 50n, fee: 0n }], feeReceiver: FEES, outputs: [{ token: B }] })))
      expect(zero.log.filter((c) => c.target === lower(FEES) || c.args.some((a) => typeof a === 'string' && lower(a) === lower(FEES))), self).toEqual([])
    }
  })

  describe('in-plan minimums on the receiver\'s balance change (checkMinAmountOut)', () => {
    const r = () => {
      const chain = walletChain()
      return { chain, route: route([path(chain, A, 1000n, [{ pool: AB, to: B }]), path(chain, A, 500n, [{ pool: AW, to: WETH }])], [{ token: A, amount: 1500n }], [B, WETH]) }
    }
    const inputs = [{ token: A, amount: 1500n, fee: 0n }]

    test('minimums: the quote less slippage (floored), per output, native found under WETH; the caller\'s own win', () => {
      const { route: rt } = r()
      expect(planRoute(rt, params(WALLET, { inputs, outputs: [{ token: B }, { token: NATIVE }], checkMinAmountOut: { slippageBps: 50n } })).minAmountsOut).toEqual([(2000n * 9950n) / 10_000n, (125n * 9950n) / 10_000n])
      expect(planRoute(rt, params(WALLET, { inputs, outputs: [{ token: B }, { token: NATIVE }], checkMinAmountOut: { slippageBps: 0n } })).minAmountsOut).toEqual([2000n, 125n])
      expect(planRoute(rt, params(WALLET, { inputs, outputs: [{ token: B }], checkMinAmountOut: { slippageBps: 10_000n } })).minAmountsOut).toEqual([0n])
      expect(planRoute(rt, params(WALLET, { inputs, outputs: [{ token: B }, { token: NATIVE }], checkMinAmountOut: { slippageBps: 50n, minAmountsOut: [7n, 0n] } })).minAmountsOut).toEqual([7n, 0n])
      // An output the route does not produce has a minimum of 0.
      expect(planRoute(rt, params(WALLET, { inputs, outputs: [{ token: C }], checkMinAmountOut: { slippageBps: 50n } })).minAmountsOut).toEqual([0n])
    })

    test('the plan passes at the quote and reverts when the receiver gains less than the minimum', () => {
      const ok = r()
      ok.chain.run(planRoute(ok.route, params(WALLET, { inputs, outputs: [{ token: B }, { token: NATIVE }], checkMinAmountOut: { slippageBps: 0n } })))
      expect(ok.chain.holdings(RECEIVER)).toEqual({ [lower(B)]: 2000n, [lower(NATIVE)]: 125n })
      const checks = ok.chain.log.filter((c) => c.fn === 'checkMinAmountOut').map((c) => c.args)
      expect(checks).toEqual([[2000n, 2000n], [125n, 125n]])
      // The receiver already held some B: only the change counts.
      const held = r()
      held.chain.mint(B, RECEIVER, 10n ** 30n)
      held.chain.run(planRoute(held.route, params(WALLET, { inputs, outputs: [{ token: B }], checkMinAmountOut: { slippageBps: 0n } })))
      expect(held.chain.log.filter((c) => c.fn === 'checkMinAmountOut').map((c) => c.args)).toEqual([[2000n, 2000n]])
      const short = r()
      expect(() => short.chain.run(planRoute(short.route, params(WALLET, { inputs, outputs: [{ token: B }], checkMinAmountOut: { slippageBps: 0n, minAmountsOut: [2001n] } })))).toThrow(/MinAmountOutNotMet\(2000, 2001\)/)
      const native = r()
      expect(() => native.chain.run(planRoute(native.route, params(WALLET, { inputs, outputs: [{ token: B }, { token: NATIVE }], checkMinAmountOut: { slippageBps: 0n, minAmountsOut: [0n, 126n] } })))).toThrow(/MinAmountOutNotMet\(125, 126\)/)
    })

    test('the receiver\'s balance is read before anything moves, fees included', () => {
      const { chain, route: rt } = r()
      // The fee receiver is the receiver: its fee is not part of the output it gains.
      const plan = planRoute(rt, params(WALLET, { inputs: [{ token: A, amount: 1510n, fee: 10n }], feeReceiver: RECEIVER, outputs: [{ token: B }], checkMinAmountOut: { slippageBps: 0n } }))
      chain.run(plan)
      expect(chain.log[0]).toMatchObject({ fn: 'balanceOf', args: [B, RECEIVER] })
      expect(chain.holdings(RECEIVER)).toEqual({ [lower(A)]: 10n, [lower(B)]: 2000n })
      expect(chain.log.filter((c) => c.fn === 'checkMinAmountOut').map((c) => c.args)).toEqual([[2000n, 2000n]])
    })
  })
})
