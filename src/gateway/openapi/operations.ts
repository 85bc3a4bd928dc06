import type { z } from 'zod'
import { bridgePoolsQuerySchema } from '../../schemas/bridgePoolsQuery.js'
import { bridgeStatusQuerySchema, statusBridgeProtocols } from '../../schemas/bridgeStatusQuery.js'
import { bundleParamsSchema } from '../../schemas/bundleRequest.js'
import { approveRequestSchema } from '../../schemas/approveRequest.js'
import { nontokenizedRouteRequestSchema } from '../../schemas/nontokenizedRequest.js'
import { replayRequestSchema } from '../../schemas/replayRequest.js'
import { routeRequestSchema } from '../../schemas/routeRequest.js'
import { walletBalancesQuerySchema } from '../../schemas/walletBalancesQuery.js'
import type { QueryShape } from '../mapping/normalizeQuery.js'
import { nontokenizedRouteQueryShape } from '../routes/nontokenized.js'
import { bundleQueryShape, routeQueryShape } from '../routes/shortcuts.js'
import { unservedOperations } from '../routes/unserved.js'
import { accountParamsSchema } from '../schemas/accountParams.js'
import { actionParamsSchema } from '../schemas/actionsResponse.js'
import { aggregatorsQuerySchema } from '../schemas/aggregatorsQuery.js'
import { networksQuerySchema } from '../schemas/networksQuery.js'
import { priceParamsSchema, pricesParamsSchema, pricesQuerySchema } from '../schemas/pricesParams.js'
import { projectParamsSchema } from '../schemas/projectParams.js'
import { protocolsQuerySchema } from '../schemas/protocolsQuery.js'
import { standardParamsSchema } from '../schemas/standardParams.js'
import { nontokenizedQuerySchema, nontokenizedQueryShape } from '../schemas/nontokenizedQuery.js'
import { tokensQueryShape, tokensQuerySchema } from '../schemas/tokensQuery.js'
import { unservedChainQuerySchema, unservedClaimQuerySchema, unservedIporBodySchema, unservedIporQuerySchema } from '../schemas/unservedParams.js'
import { volumeParamsSchema } from '../schemas/volume.js'
import { bundleBodySchema } from './bundleBodySchema.js'
import { routeBatchBodySchema } from '../schemas/routeBatchBody.js'

/** A zod object schema whose properties are query or path parameters. */
export type ParametersSchema = z.ZodObject

/**
 * What the OpenAPI document says about one route beyond what the Fastify route table knows (method,
 * path, the 200 response schema). Every field points at the schema the handler itself validates with,
 * so the document cannot drift from the validators.
 */
export type OperationEntry = {
  /** `GET` or `POST`. */
  method: 'GET' | 'POST'
  /** Path under `/api/v1`, in Fastify syntax, exactly as the route plugin declares it (`/prices/:chainId`). */
  path: string
  /** One line for the UI. */
  summary: string
  /** Group in the UI (the route plugin's resource). */
  tag: string
  /**
   * The zod objects the handler parses its query string and path parameters with. A property named in
   * the path becomes a path parameter; every other property a query parameter.
   */
  parameters?: readonly ParametersSchema[]
  /** How the handler reads the query (`normalizeQuery`): its `json` fields are documented as JSON content. */
  queryShape?: QueryShape
  /** The zod schema of the JSON body (built lazily, since some are assembled from registries). */
  body?: () => z.ZodType
  /** Path parameters that only accept these values (the validator refuses others with 400). */
  pathValues?: Readonly<Record<string, readonly string[]>>
  /** Why a 200 body has no schema, or what it is, when the route declares no response schema. */
  responseDescription?: string
  /** Whether the route needs the API key (default true: the gRPC server checks it). */
  authenticated?: boolean
  /** A published operation we answer with a documented 400 and never a 200 (`routes/unserved.ts`). */
  refused?: { code: string; description: string }
}

type Options = Omit<OperationEntry, 'method' | 'path' | 'summary' | 'tag'>
const get = (path: string, tag: string, summary: string, options: Options = {}): OperationEntry => ({ method: 'GET', path, summary, tag, ...options })
const post = (path: string, tag: string, summary: string, options: Options = {}): OperationEntry => ({ method: 'POST', path, summary, tag, ...options })

/**
 * Every route served under `/api/v1`, one line each (STYLE 1.5: explicit registry). A route added to a
 * plugin but not here makes `openApiPlugin.test.ts` fail with its name; add it here with the zod
 * schemas its handler validates with.
 */
export const operations: readonly OperationEntry[] = [
  post('/shortcuts/route', 'shortcuts', 'Best route from tokenIn to tokenOut, encoded and simulated', {
    // parseRouteRequest(body, { requireVariableEstimates: true }) requires it on POST.
    body: () => routeRequestSchema.required({ variableEstimates: true }),
  }),
  get('/shortcuts/route', 'shortcuts', 'Best route from tokenIn to tokenOut (query string)', { parameters: [routeRequestSchema], queryShape: routeQueryShape }),
  // getQuote fills a missing fromAddress, then validates with parseRouteRequest like the route.
  get('/shortcuts/quote', 'shortcuts', 'The route\'s amounts without its transaction', { parameters: [routeRequestSchema.partial({ fromAddress: true })], queryShape: routeQueryShape }),
  post('/shortcuts/bundle', 'shortcuts', 'Several actions in one transaction', { parameters: [bundleParamsSchema], queryShape: bundleQueryShape, body: bundleBodySchema, responseDescription: 'The SDK\'s BundleData, plus externalContracts (as on /shortcuts/route: contracts outside the address book the plan hands control to)' }),
  get('/shortcuts/route/stream', 'shortcuts', 'The route re-quoted at every new head (Server-Sent Events)', {
    parameters: [routeRequestSchema], queryShape: routeQueryShape,
    responseDescription: 'text/event-stream: `answer` ({ blockNumber, changed, answer }: the route response; the first at once, then when amountOut, minAmountOut, the route or gas beyond the threshold changed), `heartbeat` ({ blockNumber }), `error` ({ blockNumber, error }: the route failed at that block) and a last `end` (the error envelope) when the server ends the stream',
  }),
  post('/shortcuts/route/batch', 'shortcuts', 'Up to 50 routes on one block, answered in order', {
    body: () => routeBatchBodySchema,
    responseDescription: '{ items: [...] }, one per request in order: { ok: true, answer } (the route response) or { ok: false, error } (the error envelope)',
  }),
  post('/shortcuts/replay', 'shortcuts', 'An answer\'s transaction run again on the block it was simulated on', {
    body: () => replayRequestSchema,
    responseDescription: '{ same, amountOut, amountsOut, expectedAmountsOut, gasUsed, differences[] }: same, or what differs and why (STATE_PRUNED, BLOCK_HASH_DIFFERS, REQUEST_CHANGED, AMOUNT_DIFFERS, REVERTED)',
  }),
  get('/shortcuts/route/nontokenized', 'shortcuts', 'Any tokens into a position the wallet holds directly', {
    parameters: [nontokenizedRouteRequestSchema], queryShape: nontokenizedRouteQueryShape,
  }),
  get('/nontokenized', 'nontokenized', 'Positions a wallet can hold directly', { parameters: [nontokenizedQuerySchema], queryShape: nontokenizedQueryShape }),
  get('/wallet/approve', 'wallet', 'Approval transaction for the router; under delegate, for the owner\'s smart wallet', { parameters: [approveRequestSchema] }),
  get('/wallet/balances', 'wallet', 'Non-zero balances of a wallet, with USD prices', { parameters: [walletBalancesQuerySchema] }),
  get('/account/accountId', 'account', 'The API key\'s accountId (a JSON string)', { responseDescription: 'The accountId as a JSON string' }),
  get('/account/:id', 'account', 'The accountId when it is the caller\'s, else 404', { parameters: [accountParamsSchema], responseDescription: 'The accountId as a JSON string' }),
  get('/networks', 'networks', 'Supported networks', { parameters: [networksQuerySchema] }),
  get('/protocols', 'protocols', 'Protocols and the chains they are served on', { parameters: [protocolsQuerySchema] }),
  get('/standards', 'standards', 'Every protocol with its actions (named as the StandardAction enum names them)'),
  get('/standards/:slug', 'standards', 'One protocol as a ProtocolModel (its chains: where its actions are served)', { parameters: [standardParamsSchema] }),
  get('/integration/:slug', 'standards', 'One protocol\'s standard', { parameters: [standardParamsSchema] }),
  get('/projects', 'projects', 'Projects with their chains and protocols'),
  get('/projects/:project/protocols', 'projects', 'Protocols of one project', { parameters: [projectParamsSchema] }),
  get('/actions', 'actions', 'Bundle actions and their inputs'),
  get('/actions/:slug', 'actions', 'Bundle actions of one protocol', { parameters: [actionParamsSchema] }),
  get('/aggregators', 'aggregators', 'Aggregators that can be ignored in routes', { parameters: [aggregatorsQuerySchema] }),
  get('/tokens', 'tokens', 'Base and DeFi tokens, cursor-paginated', { parameters: [tokensQuerySchema], queryShape: tokensQueryShape }),
  get('/prices/token-price', 'prices', 'USD price of one token', { parameters: [priceParamsSchema] }),
  get('/prices/:chainId/:address', 'prices', 'USD price of one token', { parameters: [priceParamsSchema] }),
  get('/prices/:chainId', 'prices', 'USD prices of up to 100 tokens, in order', { parameters: [pricesParamsSchema, pricesQuerySchema], queryShape: { lists: ['addresses'] } }),
  get('/volume/:chainId', 'volume', 'Swap volume over the last blocks', { parameters: [volumeParamsSchema] }),
  get('/layerzero/pool', 'bridge', 'Stargate pools of a token (LayerZero)', { parameters: [bridgePoolsQuerySchema] }),
  get('/stargate/pool', 'bridge', 'Stargate pools of a token', { parameters: [bridgePoolsQuerySchema] }),
  get('/:bridgeProtocol/bridge/check', 'bridge', 'Status of a bridge transaction', { parameters: [bridgeStatusQuerySchema], pathValues: { bridgeProtocol: statusBridgeProtocols } }),
  get('/openapi.json', 'meta', 'This document (OpenAPI 3.1)', { authenticated: false, responseDescription: 'An OpenAPI 3.1 document' }),
  ...unservedOperations.map((op): OperationEntry => {
    const parameters = op.path === '/shortcuts/static/ipor' ? [unservedIporQuerySchema] : op.path === '/cctp/bridge/claim' ? [unservedClaimQuerySchema] : [unservedChainQuerySchema]
    return {
      method: op.method, path: op.path, tag: op.path.startsWith('/shortcuts') ? 'shortcuts' : 'bridge', summary: `Not served: 400 ${op.code}`, parameters,
      ...(op.method === 'POST' ? { body: () => unservedIporBodySchema } : {}),
      refused: { code: op.code, description: `Always 400 ${op.code}: ${op.what}. ${op.instead.join('; ')}.` },
    }
  }),
]
