import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import { erc20Abi, parseAbi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { advanceDevnetClock } from '../../src/chain/devnet/advanceDevnetClock.js'
import type { DevnetClient } from '../../src/chain/devnet/createDevnetClient.js'
import { setNextBlockOneSecondLater } from '../../src/chain/devnet/setNextBlockOneSecondLater.js'
import { configSchema } from '../../src/config.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * The Curve ETH/stETH pool and the steCRV gauge from the outside in: the real @ensofinance/sdk against a
 * running switchyard on the devnet, each answer's transaction sent and checked to deliver exactly
 * `amountOut` / `amountsOut`: ETH → stETH (through the pool, more than staking pays), ETH → steCRV and
 * back to ETH, and a smart wallet staking steCRV in the gauge then harvesting its CRV and LDO.
 */

const KEY = 'curve-steth-sdk-key-0123456789ab'
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const POOL: Address = '0xDC24316b9AE028F1497c275EB9192a3Ea0f67022'
const STECRV: Address = '0x06325440D014e39736583c165C2963BA99fAf14E'
const GAUGE: Address = '0x182B723a58739a9c974cFDB385ceaDb237453c28'
const CRV: Address = '0xD533a949740bb3306d119CC777fa900bA034cd52'
const LDO: Address = '0x5A98FcBEA516Cf06857215779Fd812CA3beF1B32'
const trader: Address = '0x0000000000000000000000000000000000c5d001'
const receiver: Address = '0x0000000000000000000000000000000000c5d002'
const factoryAbi = parseAbi(['function createWallet(address owner) returns (address)', 'function walletAddress(address owner) view returns (address)'])
const walletAbi = parseAbi(['function execute(address target, bytes data) payable returns (bytes)'])

let sy: RunningSwitchyard
let enso: EnsoClient
let client: DevnetClient
let stETH: Address
let executor: Address

beforeAll(async () => {
  const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1 })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  enso = new EnsoClient({ apiKey: KEY, baseURL: `${sy.httpUrl}/api/v1` })
  const chain = sy.connected.devnet!.chains[1]!
  client = chain.client
  stETH = chain.addressBook.lido!.stETH
  executor = (chain.addressBook.switchyard as unknown as { executor: Address }).executor
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 22n })
  await client.impersonateAccount({ address: trader })
}, 120_000)
afterAll(async () => {
  await sy?.stop()
})

const balanceOf = (token: Address, who: Address) =>
  token === NATIVE ? client.getBalance({ address: who }) : client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

async function mined(hash: Hex) {
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

async function send(tx: { to: string; data: string; value?: string | number }, gas: string | number) {
  await setNextBlockOneSecondLater(client)
  return mined(await client.sendTransaction({ account: trader, to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value ?? '0'), chain: client.chain, gas: BigInt(gas) }))
}

async function approve(token: Address, amount: bigint) {
  const approval = await enso.getApprovalData({ chainId: 1, fromAddress: trader, tokenAddress: token, amount: amount.toString() })
  await mined(await client.sendTransaction({ account: trader, to: approval.tx.to as Address, data: approval.tx.data as Hex, chain: client.chain }))
}

async function route(tokenIn: Address, tokenOut: Address, amountIn: bigint, ignoreStandards?: string[]) {
  return enso.getRouteData({
    fromAddress: trader, receiver, chainId: 1, routingStrategy: 'router', tokenIn: [tokenIn], tokenOut: [tokenOut], amountIn: [amountIn.toString()], slippage: '50',
    ...(ignoreStandards ? { ignoreStandards } : {}),
  } as never)
}

async function executorEmpty() {
  for (const t of [NATIVE, stETH, STECRV, GAUGE]) expect(await balanceOf(t, executor), t).toBe(0n)
}

describe('Curve ETH/stETH and the steCRV gauge through @ensofinance/sdk', () => {
  test('200 ETH → stETH goes through the Curve pool (more than without it), delivered exactly', async () => {
    // Small amounts take the wstETH/WETH 0.01% pool and an unwrap; from about 100 ETH the Curve pool joins the split.
    const amount = 200n * 10n ** 18n
    const lidoOnly = await route(NATIVE, stETH, amount, ['curve'])
    const quote = await route(NATIVE, stETH, amount)
    expect((quote.route as { protocol: string }[]).map((r) => r.protocol)).toContain('curve')
    expect(BigInt(quote.amountOut as string)).toBeGreaterThan(BigInt(lidoOnly.amountOut as string))
    const before = await balanceOf(stETH, receiver)
    await send(quote.tx as never, quote.gas)
    expect((await balanceOf(stETH, receiver)) - before).toBe(BigInt(quote.amountOut as string))
    await executorEmpty()
  })

  test('ETH → steCRV, then steCRV → ETH, each delivered exactly', async () => {
    const into = await route(NATIVE, STECRV, 10n ** 19n)
    expect((into.route as { protocol: string; action: string }[]).at(-1)).toMatchObject({ protocol: 'curve', action: 'deposit' })
    const lpBefore = await balanceOf(STECRV, receiver)
    await send(into.tx as never, into.gas)
    const lp = (await balanceOf(STECRV, receiver)) - lpBefore
    expect(lp).toBe(BigInt(into.amountOut as string))
    // The trader redeems LP of its own (the receiver's stays put), bought the same way.
    const own = await enso.getRouteData({ fromAddress: trader, chainId: 1, routingStrategy: 'router', tokenIn: [NATIVE], tokenOut: [STECRV], amountIn: [(10n ** 19n).toString()], slippage: '50' } as never)
    await send(own.tx as never, own.gas)
    const held = await balanceOf(STECRV, trader)
    await approve(STECRV, held)
    const out = await route(STECRV, NATIVE, held)
    expect((out.route as { protocol: string; action: string }[])[0]).toMatchObject({ protocol: 'curve', action: 'redeem' })
    const ethBefore = await balanceOf(NATIVE, receiver)
    await send(out.tx as never, out.gas)
    expect((await balanceOf(NATIVE, receiver)) - ethBefore).toBe(BigInt(out.amountOut as string))
    await executorEmpty()
  })

  test('a smart wallet stakes ETH as steCRV in the gauge (one bundle), a day passes, and harvest pays CRV and LDO exactly as answered', async () => {
    const book = sy.connected.devnet!.chains[1]!.addressBook
    const factory = (book.switchyard as unknown as { smartWalletFactory: Address }).smartWalletFactory
    await mined(await client.writeContract({ address: factory, abi: factoryAbi, functionName: 'createWallet', args: [trader], account: trader, chain: client.chain }))
    const wallet = await client.readContract({ address: factory, abi: factoryAbi, functionName: 'walletAddress', args: [trader] })
    await sy.connected.devnet!.fund({ chainId: 1, address: wallet, token: 'ETH', amount: 10n ** 19n })
    const through = async (answer: { tx: { to: string; data: string }; gas?: string | number }) => {
      await setNextBlockOneSecondLater(client)
      return mined(await client.writeContract({ address: wallet, abi: walletAbi, functionName: 'execute', args: [answer.tx.to as Address, answer.tx.data as Hex], account: trader, chain: client.chain, gas: BigInt(answer.gas!) + 50_000n }))
    }
    const staked = await enso.getBundleData({ chainId: 1, fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'curve', action: 'deposit', args: { tokenIn: NATIVE, amountIn: (5n * 10n ** 18n).toString(), primaryAddress: POOL } },
      { protocol: 'curve-gauge', action: 'deposit', args: { tokenIn: STECRV, amountIn: { useOutputOfCallAt: 0 }, primaryAddress: GAUGE } },
    ] as never)
    await through(staked)
    const stake = await balanceOf(GAUGE, wallet)
    expect(stake).toBe(BigInt((staked.amountsOut as Record<string, string>)[GAUGE]!))
    await advanceDevnetClock(client, 86_400)
    const harvest = await enso.getBundleData({ chainId: 1, fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'curve-gauge', action: 'harvest', args: { token: STECRV, primaryAddress: GAUGE } },
    ] as never)
    const crvBefore = await balanceOf(CRV, wallet)
    const ldoBefore = await balanceOf(LDO, wallet)
    await through(harvest)
    const got = { crv: (await balanceOf(CRV, wallet)) - crvBefore, ldo: (await balanceOf(LDO, wallet)) - ldoBefore }
    const answered = harvest.amountsOut as Record<string, string>
    expect(got.crv).toBeGreaterThan(0n)
    expect(got.ldo).toBeGreaterThan(0n)
    expect(got).toEqual({ crv: BigInt(answered[CRV]!), ldo: BigInt(answered[LDO]!) })
  })
})
