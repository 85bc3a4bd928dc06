import type { Explanation } from '../service/explain/explanation.js'

export type { Explanation, ExplanationCandidate, ExplanationCommand, ExplanationStep } from '../service/explain/explanation.js'

/** One step of an answer's `route` (routes, cross-chain routes and bundles), as the page reads it. */
export type AnswerStep = {
  tokenIn: string[]
  tokenOut: string[]
  protocol: string
  action: string
  primary: string
  args: Record<string, string | string[]>
  chainId: number
  sourceChainId?: number
  destinationChainId?: number
  /** Bundles: what the step moved. */
  amountIn?: string
  amountOut?: string
}

/** The fields of `POST /shortcuts/route` and `POST /shortcuts/bundle` answers the page shows. */
export type Answer = {
  /** Routes: one tokenOut → a string; several → one per tokenOut. */
  amountOut?: string | string[]
  minAmountOut?: string | string[]
  /** Bundles: by token address. */
  amountsOut?: Record<string, string>
  minAmountsOut?: Record<string, string>
  gas: string
  priceImpact: number | null
  createdAt: number
  blockNumber?: number
  tx: { to: string; from: string; data: string; value: string }
  route: AnswerStep[]
  bridgingEstimates?: { fromChainId: number; toChainId: number; token: string; estimatedSeconds: number; bridge?: string }[]
  externalContracts?: string[]
  approvals?: { token: string; amount: string; spender: string }[]
  /** Present when asked with `explain=true` and the server explains answers. */
  explanation?: Explanation
}

/** What the page asked, enough to draw the answer and to ask it again. */
export type Question =
  | {
      kind: 'route'
      chainId: number
      destinationChainId?: number
      fromAddress: string
      receiver?: string
      tokenIn: string
      tokenOut: string
      amountIn: string
      slippage: string
      routingStrategy: string
    }
  | {
      kind: 'bundle'
      chainId: number
      fromAddress: string
      routingStrategy: string
      actions: unknown[]
    }

/** A token as /tokens lists it (the fields the page uses). */
export type TokenInfo = { address: string; chainId: number; symbol: string; name: string; decimals: number }

/** A network as /networks lists it. */
export type NetworkInfo = { id: number; name: string; isConnected: boolean }

/** The REST error envelope. */
export type ApiErrorBody = { statusCode: number; error: string; message: string; code: string }

/** The answer of `POST /shortcuts/replay` (the fields the page shows). */
export type ReplayResult = {
  same: boolean
  quoteId?: string
  chainId: number
  blockNumber: string
  amountOut?: string
  expectedAmountsOut: string[]
  gasUsed?: string
  differences: { code: string; field?: string; expected?: string; actual?: string; difference?: string; message: string }[]
}
