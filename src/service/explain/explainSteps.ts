import { getAddress, type Address, type Hex } from 'viem'
import type { SimulatedLog } from '../../simulate/simulateTransaction.js'
import type { ExplanationStep } from './explanation.js'

/** `Transfer(address indexed from, address indexed to, uint256 value)` (ERC-20; ERC-721 has a fourth topic and is skipped). */
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** WETH9 `Deposit(address indexed dst, uint256 wad)`: wrapped native minted to `dst`. */
const DEPOSIT = '0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c'
/** WETH9 `Withdrawal(address indexed src, uint256 wad)`: wrapped native burnt from `src`. */
const WITHDRAWAL = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65'

/** A step to explain, as the engine planned it (native coin as 0xEeee…EEeE on wrap and unwrap steps). */
export type PlannedStep = {
  protocol: string
  action: string
  pool: Address
  tokenIn: Address
  tokenOut: Address
  estimatedAmountIn: bigint
  estimatedAmountOut: bigint
  /** Path (split leg) index. */
  leg?: number | undefined
}

/** A token movement read from a log: who sent how much of which token to whom, at which log index. */
type Movement = { at: number; token: string; from: string; to: string; amount: bigint }

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const addressOfTopic = (topic: Hex | undefined) => (topic === undefined ? '' : `0x${topic.slice(26)}`.toLowerCase())

/** The ERC-20 transfers and WETH wraps and unwraps of a call's logs, in log order. */
export function movementsOf(logs: readonly SimulatedLog[]): Movement[] {
  const out: Movement[] = []
  logs.forEach((log, at) => {
    const token = log.address.toLowerCase()
    const topic = log.topics[0]?.toLowerCase()
    const amount = log.data.length >= 66 ? BigInt(log.data.slice(0, 66)) : undefined
    if (amount === undefined) return
    if (topic === TRANSFER && log.topics.length === 3) out.push({ at, token, from: addressOfTopic(log.topics[1]), to: addressOfTopic(log.topics[2]), amount })
    else if (topic === DEPOSIT && log.topics.length === 2) out.push({ at, token, from: token, to: addressOfTopic(log.topics[1]), amount })
    else if (topic === WITHDRAWAL && log.topics.length === 2) out.push({ at, token, from: addressOfTopic(log.topics[1]), to: token, amount })
  })
  return out
}

/**
 * The steps as the simulated transaction executed them, read from its logs: walking the steps in
 * execution order, a step's `amountIn` is the first later movement of its input token out of `self`
 * (the contract running the plan) to someone other than the payees, and its `amountOut` the first
 * later movement of its output token into `self` (WETH's Deposit and Withdrawal count as movements,
 * so wraps and unwraps are read too; the native side of a wrap or unwrap equals its wrapped side).
 * A step no log names keeps the engine's estimate, marked `amountsFrom: 'estimate'`. Pure.
 * @param p.self - the executor (router strategies) or the wallet (delegate strategies)
 * @param p.payees - receiver, refund and fee receivers: transfers to them are deliveries, not steps
 */
export function explainSteps(p: {
  steps: readonly PlannedStep[]
  logs: readonly SimulatedLog[]
  self: Address
  payees: readonly Address[]
  chainId?: number | undefined
  /** The gas of the command call that emitted a log (see `traceCommandGas`): a simulated step's is its output's log's (else its input's). */
  gasOfLog?: ((log: SimulatedLog) => string | undefined) | undefined
}): ExplanationStep[] {
  const movements = movementsOf(p.logs)
  const self = p.self.toLowerCase()
  const payees = new Set(p.payees.map((a) => a.toLowerCase()))
  let cursor = 0
  return p.steps.map((step, index) => {
    const tokenIn = step.tokenIn.toLowerCase()
    const tokenOut = step.tokenOut.toLowerCase()
    const from = cursor
    const find = (match: (m: Movement) => boolean) => movements.find((m) => m.at >= from && match(m))
    const moveIn = tokenIn === NATIVE ? undefined : find((m) => m.token === tokenIn && m.from === self && m.to !== self && !payees.has(m.to))
    const moveOut = tokenOut === NATIVE ? undefined : find((m) => m.token === tokenOut && m.to === self && m.from !== self)
    // A wrap has no log of its native side, an unwrap none of its native output: 1:1 with the other side.
    const amountIn = moveIn?.amount ?? (tokenIn === NATIVE ? moveOut?.amount : undefined)
    const amountOut = moveOut?.amount ?? (tokenOut === NATIVE ? moveIn?.amount : undefined)
    const simulated = amountIn !== undefined && amountOut !== undefined
    if (simulated) cursor = Math.max(moveIn?.at ?? 0, moveOut?.at ?? 0) + 1
    const byLog = (moveOut ?? moveIn)?.at
    const gas = simulated && byLog !== undefined ? p.gasOfLog?.(p.logs[byLog]!) : undefined
    return {
      index,
      protocol: step.protocol,
      action: step.action,
      pool: getAddress(step.pool),
      tokenIn: getAddress(step.tokenIn),
      tokenOut: getAddress(step.tokenOut),
      amountIn: (simulated ? amountIn : step.estimatedAmountIn).toString(),
      amountOut: (simulated ? amountOut : step.estimatedAmountOut).toString(),
      amountsFrom: simulated ? 'simulation' : 'estimate',
      estimatedAmountIn: step.estimatedAmountIn.toString(),
      estimatedAmountOut: step.estimatedAmountOut.toString(),
      ...(gas === undefined ? {} : { gas }),
      ...(step.leg === undefined ? {} : { leg: step.leg }),
      ...(p.chainId === undefined ? {} : { chainId: p.chainId }),
    }
  })
}
