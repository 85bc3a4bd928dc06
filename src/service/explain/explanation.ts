/**
 * The `explanation` of an answer asked with `explain=true` (route, quote, bundle, cross-chain route):
 * which state was simulated, what each step really moved, the decoded weiroll plan, the candidates the
 * engine weighed and why the winner won. JSON-friendly: every integer that may pass 2^53 (amounts,
 * gas, block numbers) is a decimal string; addresses are checksummed hex.
 *
 * This type is the contract with the answer's consumers (the `/explorer` page reads it): fields are
 * only ever added, as optional ones.
 */

/** A value decoded from a plan's state: scalars as strings (`uint256` in decimal, `bool` as `true`/`false`), arrays and tuples as lists. */
export type ExplainedValue = string | ExplainedValue[]

/** One step as executed: the amounts the simulation moved, beside the engine's estimate. */
export type ExplanationStep = {
  /** Position in execution order, from 0. */
  index: number
  /** Protocol slug (`uniswap-v3`, `wrapped-native`, a bridge…). */
  protocol: string
  /** `swap`, `deposit`, `redeem`, `bridge`… */
  action: string
  /** The pool, vault or contract the step acts on (the route step's `primary`). */
  pool: string
  tokenIn: string
  tokenOut: string
  /** What the simulated transaction moved into the step (decimal string). */
  amountIn: string
  /** What the simulated transaction moved out of the step (decimal string). */
  amountOut: string
  /** Where `amountIn`/`amountOut` come from: the simulated call's transfer logs, or (when no log names the step) the engine's estimate. */
  amountsFrom: 'simulation' | 'estimate'
  /** The engine's estimate of `amountIn` (decimal string). */
  estimatedAmountIn: string
  /** The engine's estimate of `amountOut` (decimal string). */
  estimatedAmountOut: string
  /** Gas used by the executor's calls that moved this step's tokens (from a call trace), when the node gives one. */
  gas?: string
  /** Index of the path (split leg) the step belongs to, from 0; steps outside the engine's paths (wrap, unwrap) have none. */
  leg?: number
  /** Chain the step runs on (set on every step of bundles and cross-chain routes). */
  chainId?: number
}

/** One argument of a decoded command. */
export type ExplanationCommandArgument = {
  /** ABI type (`address`, `uint256`, `(address,uint24)`…); `bytes` for raw calldata. */
  type: string
  /** Argument name from the ABI, when it has one. */
  name?: string
  /** The value in the plan's initial state; `null` when an earlier command writes the slot (see `fromCommand`). */
  value: ExplainedValue | null
  /** State slot it is read from; absent for inline tuples and arrays and for the whole state. */
  slot?: number
  /** The command whose output fills the slot at execution time. */
  fromCommand?: number
}

/** One weiroll command of the plan, decoded from the router calldata. */
export type ExplanationCommand = {
  /** Position in the plan, from 0 (an extended command's second word is not counted). */
  index: number
  /** The contract called. */
  target: string
  /** Function signature (`transfer(address,uint256)`), or the 4-byte selector when no ABI we hold has it; `raw call` for a raw-calldata command. */
  function: string
  selector: string
  args: ExplanationCommandArgument[]
  /** State slots the command reads, in argument order. */
  reads: number[]
  /** State slot the command writes its output to; `null` when it discards it, `-1` when it replaces the whole state. */
  writes: number | null
  callType: 'call' | 'staticcall' | 'valuecall'
  /** The command's flag byte. */
  flags: number
  /** Gas the call used (from a call trace), when the node gives one. */
  gas?: string
  /** Chain of the plan (bundles and cross-chain routes). */
  chainId?: number
}

/** One path of a candidate route. */
export type ExplanationCandidatePath = {
  /** Tokens from input to output. */
  tokens: string[]
  /** Pools in hop order (one fewer than `tokens`). */
  pools: string[]
  /** Protocol of each hop. */
  protocols: string[]
  /** What the path carries (decimal string). */
  amountIn: string
  /** The engine's exact quote of the path (decimal string). */
  estimatedAmountOut: string
}

/** A route the engine weighed. */
export type ExplanationCandidate = {
  /** 1 = best by the engine's score (output net of gas). */
  rank: number
  /** Human-readable: `WETH → USDC (uniswap-v3 0xab…)` per path, paths joined with ` + `. */
  description: string
  /** How the engine built it: `single` path, a `greedy` split, a `waterFill` split, or an `alternative` single path avoiding one pool of the best one. */
  kind: 'single' | 'greedy' | 'waterFill' | 'alternative'
  paths: ExplanationCandidatePath[]
  /** Sum of the paths' quotes (decimal string). */
  estimatedAmountOut: string
  /** The answer's simulated amount, on the chosen candidate only (the others are not simulated). */
  simulatedAmountOut?: string
  /** The engine's gas estimate for the candidate (decimal string). */
  gas?: string
  /** `estimatedAmountOut` less the gas cost in output units, what the engine compares (decimal string). */
  score?: string
  chosen: boolean
  /** The input→output leg the candidate routes (requests with several inputs or outputs), from 0. */
  leg?: number
}

/** Why the chosen candidate won. */
export type ExplanationWinner = {
  /** One sentence. */
  reason: string
  /** How far the winner's score is above the runner-up's, in basis points of the runner-up's. */
  marginBps?: number
  /** Winner's gas estimate minus the runner-up's (decimal string, may be negative). */
  gasDifference?: string
}

/** One chain's part of a bundle or cross-chain route. */
export type ExplanationLeg = {
  chainId: number
  blockNumber: string
  blockHash: string
  /** This chain's steps (also listed in the explanation's `steps`, with `chainId`). */
  steps: ExplanationStep[]
  /** This chain's decoded plan, when we built it. */
  plan: ExplanationCommand[]
}

/** The explanation of one answer. */
export type Explanation = {
  /** A stable id of the answer (hash of request, block and answer); `POST /shortcuts/replay {quoteId}` replays it while kept. */
  quoteId: string
  /** Chain of the transaction (the source chain of a cross-chain route). */
  chainId: number
  /** Block whose state was simulated (the transaction runs in the block after it). */
  blockNumber: string
  blockHash: string
  /** The steps as executed, in execution order. */
  steps: ExplanationStep[]
  /** The decoded weiroll plan of the transaction. */
  plan: ExplanationCommand[]
  /** The best few routes the engine weighed (at most 5 per leg), best first; empty for bundles (their actions are as sent). */
  candidates: ExplanationCandidate[]
  winner: ExplanationWinner
  /** Bundles and cross-chain routes: each chain's part. */
  legs?: ExplanationLeg[]
  /** What could not be explained and why (no call trace on this node, …). */
  notes?: string[]
}
