import type { DifferenceKind } from './diffOpenApi.js'

/**
 * Where our `/api/v1` knowingly differs from the vendor's published OpenAPI document
 * (pinned in `test/reference/enso-openapi.json`), one entry per reason. `knownDifferences.test.ts`
 * diffs our generated document against it and fails on a difference missing here (printing the
 * entry to paste) and on an entry that no longer differs (so this list stays true).
 *
 * `operation` is `METHOD path` in OpenAPI syntax: our path when we serve the operation, the published
 * one otherwise. `names` are parameters (`query chainId`) or field paths (`route[].via`, `data[].apy`).
 * The document as a whole also differs: ours is OpenAPI 3.1 (JSON Schema 2020-12), the published one 3.0.
 */
export type KnownDifference = {
  kind: DifferenceKind
  operation: string
  names?: readonly string[]
  /** Why: what we do instead, or which issue serves it. */
  reason: string
}

const BRIDGE_CHECK = 'GET /api/v1/{bridgeProtocol}/bridge/check'

/** The published `userOp` (ERC-4337 `UserOperation`) and its fields. */
const USER_OP = ['userOp', ...['callData', 'callGasLimit', 'factory', 'factoryData', 'maxFeePerGas', 'maxPriorityFeePerGas', 'nonce', 'paymaster', 'paymasterData', 'paymasterPostOpGasLimit', 'paymasterVerificationGasLimit', 'preVerificationGas', 'sender', 'signature', 'verificationGasLimit'].map((f) => `userOp.${f}`)]
const USER_OP_REASON = 'No ERC-4337 user operations: the ensowallet-v2 strategy that produces them is not served (400 INVALID_STRATEGY); answers are transactions (tx).'

/** The `BridgeLatencyEstimate` fields we do not fill. */
const ESTIMATE_DETAIL = ['bridgingEstimates[].note', 'bridgingEstimates[].receiveBlockTimeSeconds', 'bridgingEstimates[].receiveConfirmations', 'bridgingEstimates[].sendBlockTimeSeconds', 'bridgingEstimates[].sendConfirmations']
const ESTIMATE_DETAIL_REASON = 'Our estimate is the delivery time of the bridge as run here (switchyard\'s relayer on the devnet), not confirmations × block time, so there are no confirmations, block times or notes to report; fromChainId, toChainId, token, estimatedSeconds, bridge and source are described and sent.'

/** Hop fields of the published `Hop` we do not send. */
/** The `explanation` an answer carries when asked with explain=true, and its fields as the diff names them. */
const EXPLANATION_FIELDS = ['explanation', ...['blockHash', 'blockNumber', 'candidates', 'chainId', 'legs', 'notes', 'plan', 'quoteId', 'steps', 'winner'].map((f) => `explanation.${f}`)]
const EXPLANATION_REASON = 'explain=true adds the explanation: the block simulated, the steps with the amounts the simulation moved, the decoded plan, the candidates and why the winner won, and a quoteId for POST /shortcuts/replay (issue 25; no peer has it).'
const HOP_EXTRAS = ['route[].poolAddresses', 'route[].positionOut', 'route[].sources', 'route[].via']
const HOP_EXTRAS_REASON = 'Steps carry tokenIn, tokenOut, protocol, action, primary, internalRoutes, args and chain ids only: no aggregator sources or pool lists (our engine routes its own pools), no non-tokenized positionOut on a step (the position is the answer\'s last step\'s tokenOut), no off-chain settler (via).'

export const knownDifferences: readonly KnownDifference[] = [
  // Paths we do not serve.
  { kind: 'path-not-served', operation: 'GET /api/v1/ccip/bridge/check', reason: 'CCIP is not served (its own issue); /{bridgeProtocol}/bridge/check answers 400 BRIDGE_NOT_SUPPORTED.' },
  { kind: 'path-not-served', operation: 'GET /api/v1/cctp/bridge/check', reason: 'CCTP is not served (its own issue); /{bridgeProtocol}/bridge/check answers 400 BRIDGE_NOT_SUPPORTED.' },
  { kind: 'path-not-served', operation: 'GET /api/v1/relay/bridge/check', reason: 'Relay is not served; /{bridgeProtocol}/bridge/check answers 400 BRIDGE_NOT_SUPPORTED.' },

  // Paths we answer with a documented 400 (src/gateway/routes/unserved.ts), never a 200.
  { kind: 'response-undocumented', operation: 'GET /api/v1/ccip/router', reason: 'CCIP is not served: always 400 BRIDGE_NOT_SUPPORTED (we bridge with LayerZero/Stargate and Across).' },
  { kind: 'response-undocumented', operation: 'GET /api/v1/cctp/bridge/tokenmessengerv2', reason: 'CCTP is not served: always 400 BRIDGE_NOT_SUPPORTED.' },
  { kind: 'response-undocumented', operation: 'GET /api/v1/cctp/bridge/claim', reason: 'CCTP is not served: always 400 BRIDGE_NOT_SUPPORTED (no CCTP transfer to claim).' },
  { kind: 'response-undocumented', operation: 'POST /api/v1/shortcuts/static/ipor', reason: 'No IPOR Fusion vault is integrated: always 400 NOT_SUPPORTED (compose the steps with /shortcuts/bundle).' },

  // Paths the published document does not have.
  { kind: 'path-not-in-reference', operation: 'GET /api/v1/account/{id}', reason: 'Returns the key\'s accountId when {id} is it, 404 NOT_FOUND otherwise (README).' },
  { kind: 'path-not-in-reference', operation: 'GET /api/v1/integration/{slug}', reason: 'In spec.md: one protocol\'s standard, as an object.' },
  { kind: 'path-not-in-reference', operation: 'GET /api/v1/prices/token-price', reason: 'In spec.md: one token\'s price from chainId and address in the query.' },
  { kind: 'path-not-in-reference', operation: 'GET /api/v1/volume/{chainId}', reason: 'In spec.md: swap volume on one chain.' },
  { kind: 'path-not-in-reference', operation: 'GET /api/v1/openapi.json', reason: 'This document.' },
  { kind: 'path-not-in-reference', operation: 'GET /api/v1/shortcuts/route/stream', reason: 'Streamed re-quotes (README, issue 26): no peer has it.' },
  { kind: 'path-not-in-reference', operation: 'POST /api/v1/shortcuts/replay', reason: 'An answer re-simulated on its block, by quoteId or in full (README, issue 25): no peer has it.' },
  { kind: 'path-not-in-reference', operation: 'POST /api/v1/shortcuts/route/batch', reason: 'Many routes on one block in one call (README, issue 26): no peer has it.' },

  // Parameters.
  { kind: 'param-required', operation: 'GET /api/v1/shortcuts/route', names: ['query chainId'], reason: 'Optional: defaults to 1.' },
  { kind: 'param-required', operation: 'POST /api/v1/shortcuts/bundle', names: ['query chainId'], reason: 'Optional: defaults to 1.' },
  { kind: 'param-required', operation: 'GET /api/v1/wallet/approve', names: ['query chainId'], reason: 'Optional: defaults to 1.' },
  {
    kind: 'param-not-in-reference', operation: 'POST /api/v1/shortcuts/bundle', names: ['query callbackGasLimit', 'query ignoreStandards', 'query slippage'],
    reason: 'Accepted: ignoreStandards as on /shortcuts/route; slippage is the in-plan minimum on routed outputs under the delegate strategy; callbackGasLimit (50,000 to 10,000,000) is the default callbackGasLimit of the bundle\'s bridge actions.',
  },
  { kind: 'param-not-in-reference', operation: 'GET /api/v1/aggregators', names: ['query chainId'], reason: 'Optional filter: the aggregators served on one chain.' },
  { kind: 'param-required', operation: 'GET /api/v1/shortcuts/quote', names: ['query chainId'], reason: 'Optional: defaults to 1.' },
  {
    kind: 'param-not-in-reference', operation: 'GET /api/v1/shortcuts/quote',
    names: ['query destinationChainId', 'query executionMode', 'query ignoreBridges', 'query minAmountOut', 'query receiver', 'query referralCode', 'query refundReceiver', 'query slippage', 'query spender', 'query toEoa', 'query variableEstimates'],
    reason: 'A quote is the route simulated without its transaction: it takes every route parameter (validated by parseRouteRequest).',
  },
  { kind: 'param-not-in-reference', operation: 'GET /api/v1/tokens', names: ['query tvl'], reason: 'Accepted by the gateway\'s tokens query and passed to gRPC.' },

  // Response fields: /networks.
  {
    kind: 'response-field-not-in-reference', operation: 'GET /api/v1/networks',
    names: ['[].index', '[].index.indexedBlock', '[].index.minPoolTvlUsd', '[].index.poolsAboveFloor', '[].index.poolsIndexed', '[].index.protocols'],
    reason: 'Chains on an external node only (issue 20): how far their pools were discovered from logs, the liquidity floor and the pools indexed and above it (docs/operations.md, "Pool discovery"). Additive: the published fields are unchanged.',
  },

  // Response fields: /shortcuts/route.
  { kind: 'response-field-not-in-reference', operation: 'GET /api/v1/shortcuts/quote', names: ['blockNumber', 'gas'], reason: 'The route\'s gas limit and the block simulated on.' },
  { kind: 'response-field-not-served', operation: 'GET /api/v1/shortcuts/quote', names: HOP_EXTRAS, reason: HOP_EXTRAS_REASON },
  // Issue 25: explain=true adds the explanation (docs/api.md "Explained answers").
  ...(['GET /api/v1/shortcuts/route', 'POST /api/v1/shortcuts/route', 'GET /api/v1/shortcuts/quote', 'POST /api/v1/shortcuts/bundle'] as const).map((operation): KnownDifference => ({
    kind: 'response-field-not-in-reference', operation, names: EXPLANATION_FIELDS, reason: EXPLANATION_REASON,
  })),
  { kind: 'body-field-not-in-reference', operation: 'POST /api/v1/shortcuts/route', names: ['explain'], reason: EXPLANATION_REASON },
  { kind: 'param-not-in-reference', operation: 'GET /api/v1/shortcuts/route', names: ['query explain'], reason: EXPLANATION_REASON },
  { kind: 'param-not-in-reference', operation: 'GET /api/v1/shortcuts/quote', names: ['query explain'], reason: EXPLANATION_REASON },
  { kind: 'param-not-in-reference', operation: 'POST /api/v1/shortcuts/bundle', names: ['query explain'], reason: EXPLANATION_REASON },
  ...(['GET', 'POST'] as const).flatMap((method): KnownDifference[] => [
    { kind: 'response-field-not-served', operation: `${method} /api/v1/shortcuts/route`, names: USER_OP, reason: USER_OP_REASON },
    {
      kind: 'response-field-not-in-reference', operation: `${method} /api/v1/shortcuts/route`, names: ['externalContracts'],
      reason: 'Contracts outside the address book that the plan hands control to (issue 23; README "Shortcuts"); the bundle and non-tokenized answers carry it too.',
    },
    { kind: 'response-field-not-served', operation: `${method} /api/v1/shortcuts/route`, names: HOP_EXTRAS, reason: HOP_EXTRAS_REASON },
    { kind: 'response-field-not-served', operation: `${method} /api/v1/shortcuts/route`, names: ESTIMATE_DETAIL, reason: ESTIMATE_DETAIL_REASON },
  ]),

  // Response fields: /shortcuts/bundle.
  { kind: 'response-field-not-served', operation: 'POST /api/v1/shortcuts/bundle', names: USER_OP, reason: USER_OP_REASON },
  { kind: 'response-field-not-served', operation: 'POST /api/v1/shortcuts/bundle', names: HOP_EXTRAS, reason: HOP_EXTRAS_REASON },
  { kind: 'response-field-not-served', operation: 'POST /api/v1/shortcuts/bundle', names: ESTIMATE_DETAIL, reason: ESTIMATE_DETAIL_REASON },
  { kind: 'response-field-not-served', operation: 'POST /api/v1/shortcuts/bundle', names: ['approvals[].description'], reason: 'Each approval names its token, amount and spender instead of a free-text description.' },
  {
    kind: 'response-field-not-in-reference', operation: 'POST /api/v1/shortcuts/bundle', names: ['approvals[].amount', 'approvals[].spender', 'approvals[].token', 'approvals[].value'],
    reason: 'Approvals are the SDK\'s WalletTransaction (with value) plus the token, amount and spender they approve.',
  },
  { kind: 'response-field-not-in-reference', operation: 'POST /api/v1/shortcuts/bundle', names: ['externalContracts'], reason: 'As on /shortcuts/route.' },
  { kind: 'response-field-not-in-reference', operation: 'POST /api/v1/shortcuts/bundle', names: ['route[].amountIn', 'route[].amountOut'], reason: 'Each routed step says what it spent and produced in the simulation (the SDK\'s BundleData route entries).' },

  // Response fields: /shortcuts/route/nontokenized.
  { kind: 'response-field-not-served', operation: 'GET /api/v1/shortcuts/route/nontokenized', names: USER_OP, reason: USER_OP_REASON },
  { kind: 'response-field-not-served', operation: 'GET /api/v1/shortcuts/route/nontokenized', names: HOP_EXTRAS, reason: HOP_EXTRAS_REASON },
  { kind: 'response-field-not-served', operation: 'GET /api/v1/shortcuts/route/nontokenized', names: ['amountOut'], reason: 'Published for HyperCore spot deposits only (8-decimal precision); no such position is served: amountDeposited is the amount.' },
  {
    kind: 'response-field-not-served', operation: 'GET /api/v1/shortcuts/route/nontokenized',
    names: ['bridgingEstimates', 'bridgingEstimates[].bridge', 'bridgingEstimates[].estimatedSeconds', 'bridgingEstimates[].fromChainId', 'bridgingEstimates[].source', 'bridgingEstimates[].toChainId', 'bridgingEstimates[].token', ...ESTIMATE_DETAIL],
    reason: 'Non-tokenized routes are same-chain (destinationChainId other than chainId is 400 CROSS_CHAIN_NOT_SUPPORTED), so there is no bridge to estimate.',
  },
  { kind: 'response-field-not-served', operation: 'GET /api/v1/shortcuts/route/nontokenized', names: ['validUntil'], reason: 'Not carried by RoutingService.RouteNontokenized yet; the answer is for the next block (createdAt + 1), as every answer.' },
  { kind: 'response-field-not-in-reference', operation: 'GET /api/v1/shortcuts/route/nontokenized', names: ['externalContracts'], reason: 'As on /shortcuts/route.' },

  // Response fields: bridge status.
  {
    kind: 'response-field-not-served', operation: BRIDGE_CHECK,
    names: ['hops', 'hops[].destinationChainId', 'hops[].destinationTxHash', 'hops[].ensoDestinationEvent', 'hops[].ensoSourceEvent', 'hops[].layerZeroMessage', 'hops[].sourceChainId', 'hops[].sourceTxHash', 'hops[].status', 'isMultiBridge'],
    reason: 'Followed one leg at a time: a nested bridge (a callback that bridges again, 1 → 8453 → 1) answers its first leg; ask again with destinationChainId and destinationTxHash for the next. So no hops list, and no isMultiBridge (published as present only when true).',
  },
  {
    kind: 'response-field-not-served', operation: BRIDGE_CHECK,
    names: ['ensoMetadata', 'ensoMetadata.amountIn', 'ensoMetadata.chainId', 'ensoMetadata.timestamp', 'ensoMetadata.tokenIn', 'ensoMetadata.tokenOut'],
    reason: 'The request that built a transaction is not stored (the status is read from the chains alone, so it survives restarts and replicas); what the chain recorded is in ensoSourceEvent (bridgeSent: token and amount sent).',
  },
  {
    kind: 'response-field-not-served', operation: BRIDGE_CHECK,
    names: ['layerZeroMessage', 'layerZeroMessage.dstBlockNumber', 'layerZeroMessage.dstChainId', 'layerZeroMessage.dstEid', 'layerZeroMessage.dstTimestamp', 'layerZeroMessage.dstTxHash', 'layerZeroMessage.receiver', 'layerZeroMessage.sender', 'layerZeroMessage.srcBlockNumber', 'layerZeroMessage.srcChainId', 'layerZeroMessage.srcEid', 'layerZeroMessage.srcTimestamp', 'layerZeroMessage.srcTxHash', 'layerZeroMessage.status'],
    reason: 'The status is read from both chains\' endpoint logs (PacketSent, PacketDelivered, the compose), not from LayerZero Scan: the packet is summarised in status, destinationChainId and destinationTxHash.',
  },

  // Response fields: actions.
  ...(['GET /api/v1/actions', 'GET /api/v1/actions/{slug}'] as const).map((operation): KnownDifference => ({
    kind: 'response-field-not-served', operation, names: ['[].variants', '[].variants[].action', '[].variants[].bundleName', '[].variants[].inputs'],
    reason: 'No variants field: each variant (singledeposit, multiredeem, …) is an action name of its own in our bundle registry.',
  })),

  // Response fields: prices.
  { kind: 'response-field-not-in-reference', operation: 'GET /api/v1/prices/{chainId}', names: ['[].blockNumber', '[].confidence'], reason: 'Prices are read from pools at blockNumber; confidence in 0..1 (README).' },
  { kind: 'response-field-not-in-reference', operation: 'GET /api/v1/prices/{chainId}/{address}', names: ['blockNumber', 'confidence'], reason: 'Prices are read from pools at blockNumber; confidence in 0..1 (README).' },

  // Response fields: standards.
  { kind: 'response-field-not-in-reference', operation: 'GET /api/v1/standards', names: ['[].forks[].name', '[].protocol.name'], reason: 'Protocols carry their display name.' },

  // Response fields: tokens.
  {
    kind: 'response-field-not-served', operation: 'GET /api/v1/tokens',
    names: ['data[].borrowApyBase', 'data[].borrowApyReward', 'data[].depositType', 'data[].redeemType'],
    reason: 'No borrow APY; deposit and redeem types are not classified.',
  },
  { kind: 'response-field-not-in-reference', operation: 'GET /api/v1/tokens', names: ['meta.nextCursor', 'meta.pageSize'], reason: 'The published PaginationMeta plus our opaque cursor (nextCursor) and pageSize.' },
  { kind: 'response-field-not-in-reference', operation: 'GET /api/v1/tokens', names: ['data[].apyWindow'], reason: 'How apy was measured (method and block window).' },
  { kind: 'response-field-not-in-reference', operation: 'GET /api/v1/tokens', names: ['data[].protocolSlug'], reason: 'The protocol\'s slug beside its name.' },

  // Response fields: approvals.
  {
    kind: 'response-field-not-in-reference', operation: 'GET /api/v1/wallet/approve',
    names: ['prerequisites', 'prerequisites[].data', 'prerequisites[].from', 'prerequisites[].to', 'prerequisites[].value', 'requiresZeroAllowanceFirst'],
    reason: 'USDT-style tokens with a non-zero allowance: approve(spender, 0) first (README).',
  },
]

/** The ids of every listed difference, as `diffOpenApi`'s `differenceId` writes them. */
export function knownDifferenceIds(list: readonly KnownDifference[] = knownDifferences): string[] {
  return list.flatMap((d) => (d.names ?? [undefined]).map((name) => (name === undefined ? `${d.kind} ${d.operation}` : `${d.kind} ${d.operation} ${name}`)))
}
