import * as grpc from '@grpc/grpc-js'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { configSchema } from '../../src/config.js'
import { getSwitchyardAddresses } from '../../src/contracts/deploySwitchyardContracts.js'
import { statusOf } from '../../src/errors/status.js'
import { toProtoBundleRequest } from '../../src/gateway/mapping/toProtoBundleRequest.js'
import { loadProtoDefinition } from '../../src/grpc/loadProtoDefinition.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * THREATS §5 (bundles) against both real transports of one running switchyard: every bad bundle gets
 * the same stable code over REST and gRPC, a clear 400, never a 5xx; a good bundle answers the same
 * simulated amounts on both.
 */

const KEY = 'bundle-transport-key-0123456789'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const V2_ROUTER = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D'
const VICTIM = '0x00000000000000000000000000000000000b1c71'

let sy: RunningSwitchyard
let routing: grpc.Client & { Bundle: (...args: unknown[]) => unknown }

beforeAll(async () => {
  const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1, rateLimitPerMinute: 100_000 })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  const proto = grpc.loadPackageDefinition(loadProtoDefinition({})) as unknown as { switchyard: { routing: { v1: { RoutingService: grpc.ServiceClientConstructor } } } }
  routing = new proto.switchyard.routing.v1.RoutingService(sy.grpcAddress, grpc.credentials.createInsecure()) as never
}, 120_000)
afterAll(async () => {
  routing?.close()
  await sy?.stop()
})

type Outcome = { status: number; code: string; body?: Record<string, unknown> }

async function viaRest(params: Record<string, unknown>, actions: unknown): Promise<Outcome> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))
  const res = await fetch(`${sy.httpUrl}/api/v1/shortcuts/bundle?${query}`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body: JSON.stringify(actions),
  })
  const json = (await res.json()) as Record<string, unknown>
  return { status: res.status, code: (json.code as string | undefined) ?? 'OK', body: json }
}

function viaGrpc(params: Record<string, unknown>, actions: unknown): Promise<Outcome> {
  const md = new grpc.Metadata()
  md.set('authorization', `Bearer ${KEY}`)
  return new Promise((resolve) => {
    routing.Bundle(toProtoBundleRequest(params, actions), md, { deadline: Date.now() + 20_000 }, (err: grpc.ServiceError | null, res: Record<string, unknown>) => {
      if (!err) return resolve({ status: 200, code: 'OK', body: res })
      const code = (JSON.parse(err.details) as { code: string }).code
      resolve({ status: statusOf(code).http, code })
    })
  })
}

const base = { chainId: 1, fromAddress: FROM }
const swap = (amountIn: unknown = '1000000000') => ({ protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: USDC, tokenOut: WETH, amountIn, primaryAddress: V2_ROUTER } })
const balance = { protocol: 'enso', action: 'balance', args: { token: USDC } }
const ref = (at: number, index?: number) => (index === undefined ? { useOutputOfCallAt: at } : { useOutputOfCallAt: at, index })

const cases: { id: string; params?: Record<string, unknown>; actions: unknown; code: string; message?: string }[] = [
  { id: 'E1 eleven top-level actions', actions: Array.from({ length: 11 }, () => balance), code: 'TOO_MANY_ACTIONS' },
  {
    id: 'E2 six actions + a callback of five (12 in all)',
    actions: [...Array.from({ length: 6 }, () => balance), { protocol: 'stargate', action: 'bridge', args: { callback: Array.from({ length: 5 }, () => balance) } }],
    code: 'TOO_MANY_ACTIONS',
  },
  {
    id: 'E3 callbacks nested 1000 deep',
    actions: (() => {
      let inner: unknown[] = [balance]
      for (let i = 0; i < 1000; i++) inner = [{ protocol: 'stargate', action: 'bridge', args: { callback: inner } }]
      return inner
    })(),
    code: 'TOO_DEEP',
  },
  { id: 'E4 a reference to itself', actions: [swap(ref(0))], code: 'INVALID_REFERENCE' },
  { id: 'E5 a forward reference', actions: [balance, swap(ref(2)), balance], code: 'INVALID_REFERENCE' },
  { id: 'E6 a cycle (1 → 2, 2 → 1)', actions: [balance, swap(ref(2)), { protocol: 'math', action: 'add', args: { amountA: ref(1), amountB: '1' } }], code: 'INVALID_REFERENCE' },
  { id: 'E7 a negative reference', actions: [balance, swap(ref(-1))], code: 'INVALID_ARGUMENT' },
  { id: 'E7 a fractional reference', actions: [balance, swap(ref(1.5))], code: 'INVALID_TYPE' },
  { id: 'E7 a reference given as a string', actions: [balance, swap({ useOutputOfCallAt: '0' })], code: 'INVALID_TYPE' },
  { id: 'E8 an output index past the outputs', actions: [balance, swap(ref(0, 1))], code: 'INVALID_REFERENCE' },
  { id: 'E8 a reference to an action that returns nothing', actions: [{ protocol: 'erc20', action: 'approve', args: { token: USDC, spender: V2_ROUTER } }, swap(ref(0))], code: 'INVALID_REFERENCE' },
  { id: 'a condition where an amount is needed', actions: [{ protocol: 'helpers', action: 'isequal', args: { amountA: '1', amountB: '1' } }, swap(ref(0))], code: 'INVALID_REFERENCE' },
  { id: 'E10 borrow under the router strategy', actions: [{ protocol: 'aave-v3', action: 'borrow', args: { tokenOut: USDC, amountOut: '1', primaryAddress: WETH } }], code: 'DELEGATE_ONLY' },
  { id: 'E10 repay under the router strategy', actions: [{ protocol: 'aave-v3', action: 'repay', args: { tokenIn: USDC, amountIn: '1', primaryAddress: WETH } }], code: 'DELEGATE_ONLY' },
  { id: 'E13 an unknown protocol', actions: [{ protocol: 'nope', action: 'swap', args: {} }], code: 'UNKNOWN_ACTION' },
  { id: 'E13 an unknown action', actions: [{ protocol: 'uniswap-v2', action: 'teleport', args: {} }], code: 'UNKNOWN_ACTION' },
  { id: 'E14 permittransferfrom under the router (a shared executor would let anyone replay the signature)', actions: [{ protocol: 'permit2', action: 'permittransferfrom', args: { token: USDC, amount: '1', sender: FROM, receiver: FROM, nonce: '1', deadline: '9999999999', signature: `0x${'11'.repeat(65)}` } }], code: 'DELEGATE_ONLY' },
  { id: 'E14 permittransferfrom of someone else', params: { routingStrategy: 'delegate' }, actions: [{ protocol: 'permit2', action: 'permittransferfrom', args: { token: USDC, amount: '1', sender: VICTIM, receiver: FROM, nonce: '1', deadline: '9999999999', signature: `0x${'11'.repeat(65)}` } }], code: 'INVALID_ACTION' },
  { id: 'a bridge switchyard does not run (ccip)', actions: [{ protocol: 'ccip', action: 'bridge', args: { tokenIn: USDC, amountIn: '1', primaryAddress: USDC, destinationChainId: 8453, receiver: FROM } }], code: 'BRIDGE_NOT_SUPPORTED' },
  { id: 'a bridge to a chain this deployment does not serve', actions: [{ protocol: 'stargate', action: 'bridge', args: { tokenIn: USDC, amountIn: '1000000', destinationChainId: 10, receiver: FROM } }], code: 'NO_BRIDGE_ROUTE' },
  {
    id: 'a bridge inside a flash-loan callback',
    actions: [{ protocol: 'aave-v3', action: 'flashloan', args: { flashloanToken: WETH, flashloanAmount: '1000', primaryAddress: '0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2', callback: [
      { protocol: 'enso', action: 'route', args: { tokenIn: WETH, tokenOut: USDC, amountIn: '1000', destinationChainId: 8453, receiver: FROM } },
    ] } }],
    code: 'BRIDGE_NOT_SUPPORTED',
  },
  { id: 'a callbackValue that would drain the relayer', actions: [{ protocol: 'stargate', action: 'bridge', args: { tokenIn: USDC, amountIn: '1000000', destinationChainId: 8453, receiver: FROM, callbackValue: '1000000000000000000000', callback: [balance] } }], code: 'INVALID_AMOUNT' },
  { id: 'a bridge to its own chain', actions: [{ protocol: 'across', action: 'bridge', args: { tokenIn: USDC, amountIn: '1000000', destinationChainId: 1, receiver: FROM } }], code: 'SAME_CHAIN_BRIDGE' },
  { id: 'a callback gas limit above the receiver\'s bound', actions: [{ protocol: 'stargate', action: 'bridge', args: { tokenIn: USDC, amountIn: '1000000', destinationChainId: 8453, receiver: FROM, callbackGasLimit: '20000000', callback: [balance] } }], code: 'INVALID_GAS_LIMIT' },
  // Issue 24 item 9: one code for any bad gas limit (0 used to be SIMULATION_REVERTED, -1, 1.5 and "abc" INVALID_AMOUNT).
  ...[0, '0', -1, 1.5, 'abc', '49999'].map((callbackGasLimit) => ({
    id: `a bridge's callbackGasLimit ${JSON.stringify(callbackGasLimit)}`,
    actions: [{ protocol: 'stargate', action: 'bridge', args: { tokenIn: USDC, amountIn: '1000000', destinationChainId: 8453, receiver: FROM, callbackGasLimit, callback: [balance] } }],
    code: 'INVALID_GAS_LIMIT',
  })),
  ...['0', '-1', '1.5', 'abc'].map((callbackGasLimit) => ({
    id: `the bundle's callbackGasLimit ${callbackGasLimit}`,
    params: { callbackGasLimit },
    actions: [{ protocol: 'stargate', action: 'bridge', args: { tokenIn: USDC, amountIn: '1000000', destinationChainId: 8453, receiver: FROM, callback: [balance] } }],
    code: 'INVALID_GAS_LIMIT',
  })),
  { id: 'a swap whose primaryAddress is not the protocol\'s', actions: [{ ...swap(), args: { ...swap().args, primaryAddress: DAI } }], code: 'INVALID_PRIMARY_ADDRESS' },
  { id: 'an amount above 2^256-1', actions: [swap((2n ** 256n).toString())], code: 'AMOUNT_TOO_LARGE' },
  // Issue 24 item 6: what the sender must bring, summed over actions, passes 2^256-1 (was 503 UPSTREAM_UNAVAILABLE).
  {
    id: 'two spends of WETH whose sum passes 2^256-1',
    actions: [
      { protocol: 'uniswap-v2', action: 'swap', args: { tokenIn: WETH, tokenOut: USDC, amountIn: (2n ** 256n - 1n).toString(), primaryAddress: V2_ROUTER } },
      { protocol: 'aave-v3', action: 'deposit', args: { tokenIn: WETH, amountIn: '1000000000000000000', primaryAddress: '0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2' } },
    ],
    code: 'AMOUNT_TOO_LARGE',
    message: `actions[1]: the amounts of ${WETH} the sender must bring add up to more than 2^256-1`,
  },
  {
    id: 'two native-coin values whose sum passes 2^256-1',
    actions: [
      { protocol: 'enso', action: 'call', args: { address: WETH, method: 'deposit', abi: 'function deposit() payable', args: [], value: (2n ** 256n - 1n).toString(), tokenOut: WETH } },
      { protocol: 'enso', action: 'call', args: { address: WETH, method: 'deposit', abi: 'function deposit() payable', args: [], value: '1', tokenOut: WETH } },
    ],
    code: 'AMOUNT_TOO_LARGE',
  },
  { id: 'math that overflows at build time', actions: [{ protocol: 'math', action: 'mul', args: { amountA: (2n ** 255n).toString(), amountB: '2' } }], code: 'INVALID_AMOUNT' },
  // Issue 24 item 3: enso call arguments the encoder would refuse (each was a 500) name the argument.
  ...([
    ['uint256[2] given 3 items', 'function f(uint256[2])', [['1', '2', '3']], 'INVALID_TYPE', 'actions[0].args.args[0]: uint256[2] takes exactly 2 items, got 3'],
    ['uint8 given 2^256-1', 'function f(uint8)', [(2n ** 256n - 1n).toString()], 'INVALID_TYPE', 'actions[0].args.args[0]: out of range for uint8 (0 to 2^8-1)'],
    ['int256 given 2^256-1', 'function f(int256)', [(2n ** 256n - 1n).toString()], 'INVALID_TYPE', 'actions[0].args.args[0]: out of range for int256 (-2^255 to 2^255-1)'],
    ['bytes32 given 0x12', 'function f(bytes32)', ['0x12'], 'INVALID_TYPE', 'actions[0].args.args[0]: bytes32 takes exactly 32 bytes (0x and 64 hex digits), got 1'],
    ['a bad item in address[]', 'function f(address[])', [[USDC, '0x12']], 'INVALID_ADDRESS', 'actions[0].args.args[0][1]: must be 0x followed by 40 hex digits for address'],
    ['a tuple given one component of two', 'function f((uint256,address))', [['1']], 'INVALID_TYPE', 'actions[0].args.args[0]: (uint256,address) takes 2 components, got 1'],
    ['a bad item in a tuple array', 'function f((uint256 amount, address to)[])', [[{ amount: '1', to: USDC }, { amount: '-1', to: USDC }]], 'INVALID_TYPE', 'actions[0].args.args[0][1].amount: out of range for uint256 (0 to 2^256-1)'],
    ['more argument words than a command holds', 'function f(uint256[40])', [Array.from({ length: 40 }, (_, i) => String(i))], 'INVALID_ACTION', 'actions[0].args.args: f cannot be planned: The call to f(uint256[40]) needs 42 argument indices; a command holds at most 32.'],
  ] as const).map(([what, abi, args, code, message]) => ({
    id: `enso call: ${what}`,
    actions: [{ protocol: 'enso', action: 'call', args: { address: USDC, method: 'f', abi, args } }],
    code,
    message,
  })),
  {
    id: 'enso calls whose distinct literals fill the VM\'s state',
    actions: [1, 2, 3, 4, 5].map((k) => ({ protocol: 'enso', action: 'call', args: { address: USDC, method: 'f', abi: 'function f(uint256[30])', args: [Array.from({ length: 30 }, (_, i) => String(1_000 * k + i))] } })),
    code: 'INVALID_ACTION',
    message: 'actions: the bundle\'s plan needs more than 123 state values (the weiroll VM\'s limit): use fewer distinct literal arguments, or split the bundle',
  },
  { id: 'a zero amount', actions: [swap('0')], code: 'INVALID_AMOUNT' },
  { id: 'unknown argument keys', actions: [{ ...swap(), args: { ...swap().args, tokenInn: USDC } }], code: 'UNKNOWN_FIELD' },
  { id: 'an empty bundle', actions: [], code: 'MISSING_FIELD' },
  { id: 'a body that is not an array', actions: { protocol: 'enso' }, code: 'INVALID_TYPE' },
  {
    // At top level the prefix is simulated first and the call's value becomes known; inside a callback it cannot be.
    id: 'slippage on a call result inside a flash-loan callback, which no prefix simulation can know',
    actions: [{ protocol: 'aave-v3', action: 'flashloan', args: { flashloanToken: WETH, flashloanAmount: '1000', primaryAddress: '0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2', callback: [
      { protocol: 'enso', action: 'call', args: { address: USDC, method: 'totalSupply', abi: 'function totalSupply() view returns (uint256)', args: [] } },
      { protocol: 'enso', action: 'slippage', args: { bps: 50, amountOut: ref(0) } },
    ] } }],
    code: 'MISSING_ESTIMATE',
  },
  { id: 'our executor as a receiver', actions: [{ ...swap(), args: { ...swap().args, receiver: getSwitchyardAddresses().executor } }], code: 'INVALID_RECEIVER' },
  { id: 'our smart-wallet factory as the bundle receiver', params: { receiver: getSwitchyardAddresses().smartWalletFactory }, actions: [balance], code: 'INVALID_RECEIVER' },
  // Issue 24 item 8: a chain id no deployment can serve is UNSUPPORTED_CHAIN (was INVALID_ARGUMENT).
  { id: 'chainId 0', params: { chainId: 0 }, actions: [balance], code: 'UNSUPPORTED_CHAIN', message: 'chainId: Chain 0 is not supported. Supported chains: 1.' },
  { id: 'chainId 2^53', params: { chainId: 2 ** 53 }, actions: [balance], code: 'UNSUPPORTED_CHAIN', message: 'chainId: Chain 9007199254740992 is not supported. Supported chains: 1.' },
  { id: 'a legacy strategy', params: { routingStrategy: 'router-legacy' }, actions: [balance], code: 'INVALID_STRATEGY' },
]

describe('bad bundles get the same clear 400 on both transports', () => {
  for (const c of cases) {
    test(c.id, async () => {
      const params = { ...base, ...c.params }
      const [rest, rpc] = await Promise.all([viaRest(params, c.actions), viaGrpc(params, c.actions)])
      expect(rest.status).toBe(400)
      expect(rest.code).toBe(c.code)
      expect(rpc.code).toBe(c.code)
      expect(typeof rest.body?.message).toBe('string')
      if (c.message !== undefined) expect(rest.body?.message).toBe(c.message)
    })
  }
})

/** Raw JSON nested `depth` deep inside an action (built as text: JSON.stringify itself overflows at 5,000). */
const deepActions: Record<string, (depth: number) => string> = {
  'enso call args in nested arrays': (d) => `[{"protocol":"enso","action":"call","args":{"address":"${USDC}","method":"f","abi":"function f(uint256)","args":[${'['.repeat(d)}"1"${']'.repeat(d)}]}}]`,
  'an action argument of nested objects': (d) => `[{"protocol":"enso","action":"balance","args":{"token":${'{"a":'.repeat(d)}1${'}'.repeat(d)}}}]`,
  'the body itself': (d) => `${'['.repeat(d)}${']'.repeat(d)}`,
}

describe('issue 24 item 5: actions nested 1,000–5,000 deep are TOO_DEEP on both transports (the guard runs in the service, before any recursive parse)', () => {
  for (const [shape, make] of Object.entries(deepActions)) {
    for (const depth of [1_000, 5_000]) {
      test(`${shape}, ${depth} deep`, async () => {
        const json = make(depth)
        const res = await fetch(`${sy.httpUrl}/api/v1/shortcuts/bundle?${new URLSearchParams({ chainId: '1', fromAddress: FROM })}`, {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body: json,
        })
        expect(res.status).toBe(400)
        expect(((await res.json()) as { code: string }).code).toBe('TOO_DEEP')
        const md = new grpc.Metadata()
        md.set('authorization', `Bearer ${KEY}`)
        const code = await new Promise<string>((resolve) => {
          routing.Bundle({ chain_id: 1, from_address: FROM, actions_json: json }, md, { deadline: Date.now() + 20_000 }, (err: grpc.ServiceError | null) => {
            resolve(err ? (JSON.parse(err.details) as { code: string }).code : 'OK')
          })
        })
        expect(code).toBe('TOO_DEEP')
      })
    }
  }
})

describe('attacks that parse but must not work', () => {
  test('a call that pulls a third party\'s tokens with transferFrom: the simulation reverts, nothing is answered', async () => {
    const actions = [{ protocol: 'enso', action: 'call', args: { address: USDC, method: 'transferFrom', abi: 'function transferFrom(address,address,uint256) returns (bool)', args: [VICTIM, FROM, '1000000'] } }]
    const [rest, rpc] = await Promise.all([viaRest(base, actions), viaGrpc(base, actions)])
    expect(rest.status).toBe(400)
    expect(rest.code).toBe('SIMULATION_REVERTED')
    expect(rpc.code).toBe('SIMULATION_REVERTED')
  })
})

describe('a good bundle over both transports', () => {
  test('issue 24 item 3: an enso call with a tuple[] parameter (Multicall3 aggregate3, bytes inside) is built and simulated on both', async () => {
    const actions = [{ protocol: 'enso', action: 'call', args: {
      address: '0xcA11bde05977b3631167028862bE2a173976CA11', method: 'aggregate3',
      abi: 'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
      args: [[{ target: USDC, allowFailure: false, callData: '0x18160ddd' }, [WETH, true, '0x18160ddd']]],
    } }]
    const [rest, rpc] = await Promise.all([viaRest(base, actions), viaGrpc(base, actions)])
    expect(rest.status, JSON.stringify(rest.body)).toBe(200)
    expect(rpc.status).toBe(200)
    expect((rest.body as { bundle: unknown[] }).bundle).toEqual(actions)
  })

  test('swap + slippage: same simulated amounts, the tx targets our router', async () => {
    const actions = [swap(), { protocol: 'enso', action: 'slippage', args: { bps: '100', amountOut: ref(0) } }]
    const [rest, rpc] = await Promise.all([viaRest(base, actions), viaGrpc(base, actions)])
    expect(rest.status).toBe(200)
    expect(rpc.status).toBe(200)
    const body = rest.body as { amountsOut: Record<string, string>; tx: { to: string }; bundle: unknown[]; createdAt: number; gas: string }
    expect(body.bundle).toEqual(actions)
    expect(BigInt(body.amountsOut[WETH]!)).toBeGreaterThan(0n)
    expect(body.tx.to).toBe(sy.connected.chains[1]!.addressBook.switchyard!.router)
    const grpcBody = rpc.body as { amounts_out: Record<string, string>; created_at: string }
    // Nothing mines blocks in this file: both answers are simulated on the same block.
    expect(Number(grpcBody.created_at)).toBe(body.createdAt)
    expect(grpcBody.amounts_out[WETH]).toBe(body.amountsOut[WETH])
  })
})
