import { EnsoClient } from '@ensofinance/sdk'
import { credentials, loadPackageDefinition, status } from '@grpc/grpc-js'
import type { FastifyInstance } from 'fastify'
import { pino } from 'pino'
import { getAddress, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { switchyardSmartWalletFactoryAbi } from '../../contracts/generated/abis.js'
import { protocolMetadata } from '../../data/protocolMetadata.js'
import { buildApp } from '../../gateway/app.js'
import { describeActionInputs } from '../../protocols/bundle/describeActionInputs.js'
import { bundleActionsByKey } from '../../protocols/bundleRegistry.js'
import { createApiKeyStore } from '../../service/auth/createApiKeyStore.js'
import { createServices } from '../../service/createServices.js'
import { getPrices } from '../../service/getPrices.js'
import { listProtocols } from '../../service/listProtocols.js'
import { startServiceOnDevnet } from '../../service/testing/startServiceOnDevnet.js'
import type { ProtoGrpcType as DataProto } from '../generated/data_service.js'
import type { DataServiceClient } from '../generated/switchyard/data/v1/DataService.js'
import { loadProtoDefinition } from '../loadProtoDefinition.js'
import { createGrpcServer, type GrpcServer } from '../server.js'
import { authMetadata } from '../testing/authMetadata.js'
import { callUnary } from '../testing/callUnary.js'
import { detailsOf } from '../testing/detailsOf.js'
import { toProtoProtocol } from './toProtoProtocol.js'

/** The read paths of issue 11 on the real server over a real devnet, on both transports (gRPC, and REST through the gateway with @ensofinance/sdk). */
const KEY = 'read-paths-test-key-0123456789'
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

let s: Awaited<ReturnType<typeof startServiceOnDevnet>>
let grpc: GrpcServer
let data: DataServiceClient
let app: FastifyInstance
let sdk: EnsoClient
let baseURL: string
beforeAll(async () => {
  s = await startServiceOnDevnet()
  grpc = createGrpcServer({ services: createServices(s.ctx), logger: pino({ level: 'silent' }), auth: { apiKeys: createApiKeyStore({ keys: [KEY] }) } })
  const port = await grpc.bind('127.0.0.1:0')
  const proto = loadPackageDefinition(loadProtoDefinition()) as unknown as DataProto
  data = new proto.switchyard.data.v1.DataService(`127.0.0.1:${port}`, credentials.createInsecure())
  app = await buildApp({ grpcAddress: `127.0.0.1:${port}` })
  await app.listen({ port: 0, host: '127.0.0.1' })
  baseURL = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`
  sdk = new EnsoClient({ apiKey: KEY, baseURL })
})
afterAll(async () => {
  await app?.close()
  data?.close()
  await grpc?.shutdown()
  await s?.stop()
})

const call = <Res = Record<string, unknown>>(method: string, request: object) =>
  callUnary<DataServiceClient, object, Res>(data, method, request, { metadata: authMetadata(`Bearer ${KEY}`) })

describe('wallet balances', () => {
  const user: Address = '0x00000000000000000000000000000000000b41a5'
  let wallet: Address
  let usdc: Address
  let dai: Address
  let weth: Address
  beforeAll(async () => {
    const { devnet, chain } = s
    usdc = chain.addressBook.tokens.USDC!.address
    dai = chain.addressBook.tokens.DAI!.address
    weth = chain.addressBook.weth
    const factory = (chain.addressBook.switchyard as unknown as { smartWalletFactory: Address }).smartWalletFactory
    wallet = await chain.client.readContract({ address: factory, abi: switchyardSmartWalletFactoryAbi, functionName: 'walletAddress', args: [user] })
    await devnet.fund({ chainId: 1, address: user, token: 'ETH', amount: 1_500_000_000_000_000_000n })
    await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 1_234_567_891n })
    // WETH arrives through real transactions (deposit + transfer from the deployer).
    await devnet.fund({ chainId: 1, address: user, token: 'WETH', amount: 250_000_000_000_000_000n })
    await devnet.fund({ chainId: 1, address: wallet, token: 'DAI', amount: 777n * 10n ** 18n })
    await chain.client.mine({ blocks: 1 })
  })

  async function expectedPrices() {
    const [native, usdcPrice, wethPrice, daiPrice] = await getPrices(s.ctx, { chainId: 1, addresses: [NATIVE, usdc, weth, dai] })
    for (const p of [native, usdcPrice, wethPrice, daiPrice]) expect(p).not.toBeNull()
    return { native: String(native!.price), usdc: String(usdcPrice!.price), weth: String(wethPrice!.price), dai: String(daiPrice!.price) }
  }

  test('gRPC: the EOA’s exact non-zero balances at the snapshot block, native first, with our prices', async () => {
    const { response, error } = await call('WalletBalances', { chain_id: '1', eoa_address: user.toLowerCase(), use_eoa: true })
    expect(error).toBeUndefined()
    const prices = await expectedPrices()
    const head = await s.chain.client.getBlockNumber()
    expect(response).toEqual({
      address: getAddress(user),
      balances: [
        { token: NATIVE, amount: '1500000000000000000', chain_id: '1', decimals: 18, price: prices.native, name: 'Ether', symbol: 'ETH', _price: 'price', _name: 'name', _symbol: 'symbol' },
        ...[['WETH', '250000000000000000', prices.weth], ['USDC', '1234567891', prices.usdc]]
          .map(([symbol, amount, price]) => ({ symbol: symbol!, amount: amount!, price: price!, entry: s.chain.addressBook.tokens[symbol!]! }))
          .sort((a, b) => Object.values(s.chain.addressBook.tokens).indexOf(a.entry) - Object.values(s.chain.addressBook.tokens).indexOf(b.entry))
          .map(({ entry, amount, price }) => ({
            token: entry.address, amount, chain_id: '1', decimals: entry.decimals, price, name: entry.name, symbol: entry.symbol, _price: 'price', _name: 'name', _symbol: 'symbol',
          })),
      ],
      blocks: [{ chain_id: '1', block_number: String(head) }],
    })
  })

  test('gRPC: use_eoa=false reads the smart wallet the factory derives (not deployed); unset chain_id reads every chain', async () => {
    const { response, error } = await call<{ address: string; balances: { token: string; amount: string }[] }>('WalletBalances', { eoa_address: user, use_eoa: false })
    expect(error).toBeUndefined()
    expect(response?.address).toBe(wallet)
    expect(response?.balances.map((b) => [b.token, b.amount])).toEqual([[dai, '777000000000000000000']])
    expect(await s.chain.client.getCode({ address: wallet })).toBeUndefined()
  })

  test('gRPC: bad requests are INVALID_ARGUMENT with a coded field error; unknown chains UNSUPPORTED_CHAIN', async () => {
    const missing = await call('WalletBalances', { chain_id: '1', eoa_address: user })
    expect(missing.error?.code).toBe(status.INVALID_ARGUMENT)
    expect(detailsOf(missing.error)).toMatchObject({ code: 'MISSING_FIELD', message: 'useEoa: required: true (the EOA) or false (its smart wallet)' })
    const bad = await call('WalletBalances', { chain_id: '1', eoa_address: '0x1234', use_eoa: true })
    expect(detailsOf(bad.error)).toMatchObject({ code: 'INVALID_ADDRESS', message: 'eoaAddress: must be 0x followed by 40 hex digits' })
    const chain = await call('WalletBalances', { chain_id: '10', eoa_address: user, use_eoa: true })
    expect(chain.error?.code).toBe(status.INVALID_ARGUMENT)
    expect(detailsOf(chain.error)).toMatchObject({ code: 'UNSUPPORTED_CHAIN', message: 'Chain 10 is not supported. Supported chains: 1.' })
  })

  test('REST with @ensofinance/sdk getBalances: the same exact balances in the OpenAPI shape', async () => {
    const prices = await expectedPrices()
    const balances = await sdk.getBalances({ chainId: 1, eoaAddress: user, useEoa: true })
    const byToken = new Map(balances.map((b) => [b.token, b]))
    expect(balances).toHaveLength(3)
    expect(byToken.get(NATIVE)).toEqual({ token: NATIVE, amount: '1500000000000000000', chainId: 1, decimals: 18, price: prices.native, name: 'Ether', symbol: 'ETH', logoUri: null })
    expect(byToken.get(usdc)).toEqual({ token: usdc, amount: '1234567891', chainId: 1, decimals: 6, price: prices.usdc, name: s.chain.addressBook.tokens.USDC!.name, symbol: 'USDC', logoUri: null })
    expect(byToken.get(weth)).toMatchObject({ amount: '250000000000000000', price: prices.weth })
    const walletBalances = await sdk.getBalances({ chainId: 'all', eoaAddress: user, useEoa: false })
    expect(walletBalances).toEqual([{ token: dai, amount: '777000000000000000000', chainId: 1, decimals: 18, price: prices.dai, name: s.chain.addressBook.tokens.DAI!.name, symbol: 'DAI', logoUri: null }])
    const error = await sdk.getBalances({ chainId: 1, eoaAddress: '0x12' as Address, useEoa: true }).catch((e: unknown) => e)
    expect(error).toMatchObject({ statusCode: 400, responseData: { code: 'INVALID_ADDRESS' } })
  })

  test('a later block moves the answer: balances are read at the new snapshot', async () => {
    await s.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 9n })
    await s.chain.client.mine({ blocks: 1 })
    const balances = await sdk.getBalances({ chainId: 1, eoaAddress: user, useEoa: true })
    expect(balances.find((b) => b.token === usdc)?.amount).toBe('1234567900')
  })
})

describe('actions, aggregators, project protocols, standards', () => {
  test('Actions: a protocol’s actions with exact inputs on both transports; unknown slug NOT_FOUND', async () => {
    const { response } = await call<{ actions: { action: string; inputs: unknown[] }[] }>('Actions', { slug: 'erc20' })
    expect(response?.actions.map((a) => a.action)).toEqual(['approve', 'transfer', 'transferfrom'])
    expect(response?.actions[0]?.inputs).toEqual(describeActionInputs(bundleActionsByKey.get('erc20:approve')!))
    const rest = await sdk.getActionsBySlug('erc20')
    expect(rest[0]).toEqual({
      action: 'approve',
      inputs: Object.fromEntries(describeActionInputs(bundleActionsByKey.get('erc20:approve')!).map(({ name, ...rest }) => [name, rest])),
    })
    expect(rest[0]!.inputs.spender).toEqual({ type: 'address', description: 'Address allowed to spend the tokens', optional: false })
    const all = await sdk.getActions()
    expect(all.map((a) => a.action)).toEqual(expect.arrayContaining(['route', 'swap', 'deposit', 'redeem', 'borrow', 'repay', 'harvest', 'bridge', 'approve', 'transfer']))
    const missing = await call('Actions', { slug: 'dodo' })
    expect(missing.error?.code).toBe(status.NOT_FOUND)
    expect(detailsOf(missing.error)).toMatchObject({ code: 'NOT_FOUND', message: 'Unknown protocol "dodo".' })
    const restMissing = await fetch(`${baseURL}/actions/dodo`, { headers: { authorization: `Bearer ${KEY}` } })
    expect(restMissing.status).toBe(404)
    expect(await restMissing.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Unknown protocol "dodo".' })
  })

  test('Aggregators: none integrated, an empty list on both transports', async () => {
    const { response, error } = await call('Aggregators', {})
    expect(error).toBeUndefined()
    expect(response).toEqual({ aggregators: [] })
    expect(await sdk.getAggregators()).toEqual([])
    expect(await sdk.getAggregators(1)).toEqual([])
    const unserved = await call('Aggregators', { chain_id: '10' })
    expect(detailsOf(unserved.error)).toMatchObject({ code: 'UNSUPPORTED_CHAIN' })
  })

  test('ProjectProtocols: the project’s protocols as /protocols lists them; unknown project NOT_FOUND', async () => {
    const { response } = await call('ProjectProtocols', { project: 'uniswap' })
    const expected = listProtocols(s.ctx, {}).filter((p) => p.project === 'uniswap')
    expect(expected.map((p) => p.slug)).toEqual(['uniswap-v2', 'uniswap-v3', 'uniswap-v4'])
    expect(response).toEqual({ protocols: expected.map(toProtoProtocol) })
    const rest = await sdk.getProtocolsByProject('uniswap')
    expect(rest.map((p) => [p.project, p.slug, p.name, p.url, p.chains])).toEqual(expected.map((p) => [p.project, p.slug, p.name, p.url, p.chains]))
    const missing = await call('ProjectProtocols', { project: 'dodo' })
    expect(missing.error?.code).toBe(status.NOT_FOUND)
    expect(detailsOf(missing.error)).toMatchObject({ code: 'NOT_FOUND', message: 'Unknown project "dodo".' })
    const restMissing = await fetch(`${baseURL}/projects/dodo/protocols`, { headers: { authorization: `Bearer ${KEY}` } })
    expect(restMissing.status).toBe(404)
  })

  test('Standards carry the protocol url and each action’s inputs on both transports', async () => {
    const { response } = await call<{ standards: { protocol: { url: string }; actions: { action: string; inputs: string[] }[] }[] }>('Standards', { slug: 'erc20' })
    expect(response?.standards[0]?.protocol.url).toBe(protocolMetadata.erc20!.url)
    expect(response?.standards[0]?.actions.map((a) => [a.action, a.inputs])).toEqual([
      ['approve', ['token', 'spender', 'amount', 'tokenId']],
      ['transfer', ['token', 'receiver', 'amount', 'tokenId']],
      ['transferfrom', ['token', 'receiver', 'amount', 'sender', 'tokenId']],
    ])
    // GET /standards/{slug} answers the published ProtocolModel object (the SDK passes the body through).
    const model = await sdk.getStandardBySlug('uniswap-v2') as unknown
    expect(model).toEqual({ project: 'uniswap', slug: 'uniswap-v2', name: protocolMetadata['uniswap-v2']!.name, description: protocolMetadata['uniswap-v2']!.description, url: 'https://app.uniswap.org', logosUri: [], chains: [{ id: 1, name: 'Ethereum' }] })
    const all = await sdk.getStandards()
    const standard = all.find((st) => st.protocol.slug === 'uniswap-v2')
    expect(standard?.protocol).toEqual({ slug: 'uniswap-v2', name: protocolMetadata['uniswap-v2']!.name, url: 'https://app.uniswap.org' })
    expect(standard?.actions.find((a) => a.action === 'swap')?.inputs).toEqual(describeActionInputs(bundleActionsByKey.get('uniswap-v2:swap')!).map((i) => i.name))
    expect(all.length).toBeGreaterThan(10)
    for (const st of all) expect(typeof st.protocol.url).toBe('string')
    expect(all.find((st) => st.protocol.slug === 'aave-v3')?.actions.find((a) => a.action === 'borrow')?.inputs.length).toBeGreaterThan(0)
  })
})
