/**
 * Test support: a mock chain for plans run on the reference VM (`encoding/testing/runWeirollVm.ts`): a ledger
 * of balances, the balance/math/check helpers as in `contracts/helpers`, WETH and fixed-rate pools. Tests
 * assert what every account holds after a plan ran.
 */
import { type Address, type Hex, decodeFunctionData, encodeFunctionResult, erc20Abi, numberToHex, parseAbi, sliceHex } from 'viem'
import { switchyardBalanceHelperAbi, switchyardCheckHelperAbi, switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { runWeirollVm, WeirollVmError, type WeirollVmCall } from '../../encoding/testing/runWeirollVm.js'
import type { RoutePlan } from '../tasks/planRoute.js'
import { addr, helpers, lower, NATIVE, TOKENS, WETH } from './planRouteAccounts.js'

/** A revert of the mock chain (or of the VM). */
export class MockRouteChainRevert extends WeirollVmError {}

/** The fixed-rate pools' swap. */
export const mockPoolAbi = parseAbi(['function swap(address tokenIn, address tokenOut, uint256 amountIn) returns (uint256 amountOut)'])
const wethAbi = parseAbi(['function deposit() payable', 'function withdraw(uint256 wad)'])

const word = (n: bigint | number): Hex => numberToHex(BigInt(n), { size: 32 })

/** A pool paying `num/den` per unit taken; it takes all but `dust` of what it is asked to swap. */
type Pool = { num: bigint; den: bigint; dust: bigint }

/** The ledger and its contracts, seen from `self`, the account that runs plans. */
export class MockRouteChain {
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
    if (have < amount) throw new MockRouteChainRevert(`${token}: ${from} holds ${have} < ${amount}`)
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

  exec(call: WeirollVmCall): Hex {
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
      throw new MockRouteChainRevert(functionName)
    }
    if (target === lower(helpers.math)) {
      const { functionName, args } = decodeFunctionData({ abi: switchyardMathHelperAbi, data: call.data })
      this.log.push({ target, fn: functionName, args: args ?? [], value: 0n })
      const [a, b] = args as unknown as [bigint, bigint]
      if (functionName === 'add') return uint(switchyardMathHelperAbi, functionName, a + b)
      if (functionName === 'sub') {
        if (a < b) throw new MockRouteChainRevert('sub underflow')
        return uint(switchyardMathHelperAbi, functionName, a - b)
      }
      throw new MockRouteChainRevert(functionName)
    }
    if (target === lower(helpers.check)) {
      const { functionName, args } = decodeFunctionData({ abi: switchyardCheckHelperAbi, data: call.data })
      this.log.push({ target, fn: functionName, args: args ?? [], value: 0n })
      const [amount, min] = args as unknown as [bigint, bigint]
      if (functionName !== 'checkMinAmountOut') throw new MockRouteChainRevert(functionName)
      if (amount < min) throw new MockRouteChainRevert(`MinAmountOutNotMet(${amount}, ${min})`)
      return uint(switchyardCheckHelperAbi, functionName, amount)
    }
    if (call.isStatic) throw new MockRouteChainRevert(`static call to ${target}`)
    const pool = this.pools.get(target)
    if (pool) {
      const { args } = decodeFunctionData({ abi: mockPoolAbi, data: call.data })
      const [tokenIn, tokenOut, amountIn] = args
      this.log.push({ target, fn: 'swap', args, value: 0n })
      const taken = amountIn - pool.dust
      this.move(tokenIn, this.self, target, taken)
      const out = (taken * pool.num) / pool.den
      this.move(tokenOut, target, this.self, out)
      return encodeFunctionResult({ abi: mockPoolAbi, functionName: 'swap', result: out })
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
      throw new MockRouteChainRevert(functionName)
    }
    throw new MockRouteChainRevert(`no code at ${target}`)
  }

  run(plan: RoutePlan): void {
    runWeirollVm(plan, (call) => this.exec(call))
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

/** The pools of {@link newMockRouteChain}, by the tokens they swap. */
export const [AB, BC, AC, WA, AW, BC_DUST, CD] = [0x9001, 0x9002, 0x9003, 0x9004, 0x9005, 0x9006, 0x9007].map(addr) as [Address, Address, Address, Address, Address, Address, Address]

/**
 * A mock chain whose plans `self` runs, with seven pools: A → B ×2, B → C ×3, A → C ×5, WETH → A ×3.5,
 * A → WETH ÷4, B → C leaving 1 wei of B behind, C → D ×11.
 */
export function newMockRouteChain(self: Address): MockRouteChain {
  const chain = new MockRouteChain(self)
  chain.addPool(AB, { num: 2n }) // A → B: ×2
  chain.addPool(BC, { num: 3n }) // B → C: ×3
  chain.addPool(AC, { num: 5n }) // A → C: ×5
  chain.addPool(WA, { num: 7n, den: 2n }) // WETH → A: ×3.5
  chain.addPool(AW, { num: 1n, den: 4n }) // A → WETH: ÷4
  chain.addPool(BC_DUST, { num: 1n, dust: 1n }) // B → C leaving 1 wei of B behind
  chain.addPool(CD, { num: 11n }) // C → D
  return chain
}
