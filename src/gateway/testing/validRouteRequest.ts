/** Test support: a valid body of POST /shortcuts/route, which tests vary one field at a time. */
import { FROM, USDC, WETH } from './startTestGateway.js'

/** 1,000 USDC → WETH on chain 1 from FROM, router strategy, no variable estimates. */
export const validRouteRequest = { fromAddress: FROM, amountIn: ['1000000000'], tokenIn: [USDC], tokenOut: [WETH], chainId: 1, routingStrategy: 'router', variableEstimates: {} }
