import { CrossChainNotSupportedError, InvalidRequestError, UnsupportedChainError } from '../errors/request.js'
import { parseNontokenizedRouteRequest } from '../schemas/nontokenizedRequest.js'
import { approvalSpendersOf } from './approvalSpendersOf.js'
import { assertUsableAddresses } from './assertUsableAddresses.js'
import type { ServiceContext } from './context.js'
import { getBundle } from './getBundle.js'
import { nontokenizedPositions } from './nontokenizedPositions.js'
import type { CallOptions, NontokenizedRouteAnswer } from './types.js'

const ref = (at: number) => ({ useOutputOfCallAt: at })

/**
 * Routes any tokens into a position the wallet holds directly (Aave collateral, Morpho supply or
 * collateral): a bundle under the delegate strategy — each input routed to the position's token
 * (with its fee), the parts added, the sum deposited for the receiver — simulated as one transaction.
 * `amountDeposited` is what the deposit took, read from the simulation's final state.
 * @throws InvalidRequestError (unknown position, strategy), the bundle's errors
 */
export async function getNontokenizedRoute(ctx: ServiceContext, request: unknown, options: CallOptions): Promise<NontokenizedRouteAnswer> {
  const p = parseNontokenizedRouteRequest(request, { approvalSpenders: approvalSpendersOf(ctx) })
  const chain = ctx.chains[p.chainId]
  if (!chain) throw new UnsupportedChainError({ chainId: p.chainId, supported: Object.keys(ctx.chains).map(Number) })
  if (p.destinationChainId !== undefined && p.destinationChainId !== p.chainId) throw new CrossChainNotSupportedError()
  // The same refusals as routes and bundles, under this request's field names.
  assertUsableAddresses(ctx, {
    sender: { field: 'fromAddress', address: p.fromAddress },
    receivers: [
      { field: 'receiver', address: p.receiver },
      { field: 'refundReceiver', address: p.refundReceiver },
      { field: 'feeReceiver', address: p.feeReceiver },
      { field: 'spender', address: p.spender },
    ],
    tokens: p.tokenIn,
  })
  // positionOut names a position by its address or its positionId (both as GET /nontokenized lists them).
  const wanted = p.positionOut.toLowerCase()
  const position = nontokenizedPositions(chain).find((x) => x.address.toLowerCase() === wanted || x.positionId.toLowerCase() === wanted)
  if (!position) {
    throw new InvalidRequestError({ code: 'INVALID_POSITION', message: `positionOut: ${p.positionOut} is neither the address nor the positionId of a non-tokenized position on chain ${p.chainId} (see GET /api/v1/nontokenized)`, issues: [{ field: 'positionOut', reason: 'unknown position' }] })
  }
  const actions: { protocol: string; action: string; args: Record<string, unknown> }[] = []
  const parts: number[] = []
  const fees: bigint[] = []
  p.tokenIn.forEach((tokenIn, i) => {
    const amountIn = p.amountIn[i]!.toString()
    const fee = p.feeBps[i]!
    fees.push((p.amountIn[i]! * fee) / 10_000n)
    if (tokenIn.toLowerCase() === position.underlying.toLowerCase()) {
      if (fee > 0n) actions.push({ protocol: 'enso', action: 'fee', args: { token: tokenIn, amount: amountIn, bps: fee.toString(), receiver: p.feeReceiver } })
      else actions.push({ protocol: 'math', action: 'add', args: { amountA: amountIn, amountB: '0' } })
    } else {
      actions.push({
        protocol: 'enso', action: 'route',
        args: { tokenIn, tokenOut: position.underlying, amountIn, ...(fee > 0n ? { fee: fee.toString(), feeReceiver: p.feeReceiver } : {}), ...(p.slippageBps === undefined ? {} : { slippage: p.slippageBps.toString() }) },
      })
    }
    parts.push(actions.length - 1)
  })
  let total = ref(parts[0]!)
  for (const at of parts.slice(1)) {
    actions.push({ protocol: 'math', action: 'add', args: { amountA: total, amountB: ref(at) } })
    total = ref(actions.length - 1)
  }
  const onBehalf = position.protocol === 'morpho-blue' ? { onBehalfOf: p.receiver } : { receiver: p.receiver }
  actions.push({ protocol: position.enter.protocol, action: position.enter.action, args: { ...position.enter.args, tokenIn: position.underlying, amountIn: total, ...onBehalf } })

  const bundle = await getBundle(ctx, {
    params: {
      chainId: p.chainId, fromAddress: p.fromAddress, routingStrategy: 'delegate', receiver: p.receiver,
      ...(p.spender ? { spender: p.spender } : {}), ...(p.refundReceiver ? { refundReceiver: p.refundReceiver } : {}),
      ...(p.referralCode !== undefined ? { referralCode: p.referralCode } : {}), ...(p.slippageBps !== undefined ? { slippage: p.slippageBps.toString() } : {}),
      ...(p.ignoreStandards.length ? { ignoreStandards: p.ignoreStandards } : {}),
    },
    actions,
  }, options)
  const deposited = bundle.actionOutputs?.[actions.length - 1]?.[0]
  return {
    createdAt: bundle.createdAt,
    gas: bundle.gas,
    amountDeposited: deposited ?? '0',
    priceImpact: bundle.priceImpact,
    tx: bundle.tx,
    route: [...bundle.route, { action: 'deposit', protocol: position.protocol, primary: position.primaryAddress, tokenIn: [position.underlying], tokenOut: [position.address], internalRoutes: [], args: { positionId: position.positionId }, chainId: p.chainId }],
    feeAmount: fees.map(String),
    ensoFeeAmount: fees.map(() => '0'),
    externalContracts: bundle.externalContracts,
  }
}
