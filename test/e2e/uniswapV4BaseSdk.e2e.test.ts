import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import { erc20Abi, getAddress, parseAbi, parseEventLogs, toHex, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { configSchema } from '../../src/config.js'
import { liquidityForAmounts } from '../../src/protocols/uniswap-v3/clmmActions.js'
import { getSqrtRatioAtTick } from '../../src/protocols/uniswap-v3/tickMath.js'
import { decodeSlot0, poolStateSlot } from '../../src/protocols/uniswap-v4/slots.js'
import { createMonotonicHead } from '../../src/service/testing/createMonotonicHead.js'
import { untilSettled } from '../../src/service/testing/untilSettled.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Uniswap V4 on Base from the outside in: the real @ensofinance/sdk against a running switchyard on both
 * devnet chains with its relayer on. A route on Base through V4 pools only, sent, pays exactly amountOut; the
 * vendor's bridge sample (USDC → ETH on chain 1, a fee, a Stargate native-ETH taxi whose Base callback splits
 * the ETH into DAI and USDC and mints a DAI/USDC 0.01% V4 position on Base's canonical PositionManager) is sent
 * on chain 1, delivered by the relayer, and the receiver ends with the position NFT holding exactly the
 * liquidity the delivered amounts buy, while nothing stays in our receiver or its executor on Base.
 */

const KEY = 'uniswap-v4-base-sdk-key-0123456789ab'
const ETH: Address = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const user: Address = '0x0000000000000000000000000000000000b4a401'
const receiver: Address = '0x0000000000000000000000000000000000b4a402'
const feeReceiver: Address = '0x0000000000000000000000000000000000b4a403'
/** Addresses the vendor's sample names on Base: DAI, USDC and the V4 PositionManager. */
const DAI_BASE: Address = '0x50c5725949a6f0c72e6c4a641f24049a917db0cb'
const USDC_BASE: Address = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const V4_POSITIONS_BASE: Address = '0x7c5f5a4bbd8fd63184577525326123b519429bdc'
const TICKS = [-276842, -275842] as const
const onlyV4 = ['uniswap-v2', 'uniswap-v3', 'balancer-v2', 'curve', 'aerodrome', 'erc4626', 'lido', 'aave-v3']
const pmAbi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function ownerOf(uint256) view returns (address)',
  'function nextTokenId() view returns (uint256)',
  'function getPositionLiquidity(uint256 tokenId) view returns (uint128)',
])
const extsloadAbi = parseAbi(['function extsload(bytes32 slot) view returns (bytes32)'])

let sy: RunningSwitchyard
let enso: EnsoClient

beforeAll(async () => {
  const config = configSchema.parse({
    chains: [1, 8453], devnetPorts: { '1': 0, '8453': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1,
    stateDir: `.switchyard/test-${process.pid}`,
  })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  enso = new EnsoClient({ apiKey: KEY, baseURL: `${sy.httpUrl}/api/v1` })
  const devnet = sy.connected.devnet!
  for (const chainId of [1, 8453]) {
    await devnet.fund({ chainId, address: user, token: 'ETH', amount: 10n ** 20n })
    await devnet.chains[chainId]!.client.impersonateAccount({ address: user })
  }
  await devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 10_000n * 10n ** 6n })
}, 180_000)
afterAll(async () => {
  await sy?.stop()
})

const client = (chainId: number) => sy.connected.devnet!.chains[chainId]!.client
const book = (chainId: number) => sy.connected.chains[chainId]!.addressBook
const switchyardOf = (chainId: number) => book(chainId).switchyard as unknown as { router: Address; executor: Address; bridgeReceiver: Address; bridgeReceiverExecutor: Address; helpers: { uniswapV4: Address } }
// At the head's number, never before one already read (see crossChainSdk.e2e.test.ts).
const heads = new Map<number, () => Promise<bigint>>()
const headOf = (chainId: number) => heads.get(chainId) ?? heads.set(chainId, createMonotonicHead(() => client(chainId).getBlockNumber({ cacheTime: 0 }))).get(chainId)!
async function balanceOf(chainId: number, token: Address, who: Address): Promise<bigint> {
  const blockNumber = await headOf(chainId)()
  return token.toLowerCase() === ETH
    ? client(chainId).getBalance({ address: who, blockNumber })
    : client(chainId).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who], blockNumber })
}

async function send(chainId: number, tx: { to: string; data: string; value?: string | number | bigint | undefined }, gas: string | number | bigint) {
  const c = client(chainId)
  const hash = await c.sendTransaction({ account: user, to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value ?? 0), gas: BigInt(gas), chain: c.chain })
  const receipt = await c.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

/** Until `check` holds on settled state (one empty block mined on each chain once it holds). */
const until = (check: () => Promise<boolean>, timeoutMs = 15_000) =>
  untilSettled(check, async () => {
    for (const id of [1, 8453]) await client(id).mine({ blocks: 1 })
  }, timeoutMs)

/** Every Base scenario token, WETH and ETH our receiver, its executor, our executor and the V4 helper hold on Base. */
async function leftoversOnBase(): Promise<Record<string, string>> {
  const s = switchyardOf(8453)
  const found: Record<string, string> = {}
  const tokens: [string, Address][] = [...Object.entries(book(8453).tokens).map(([symbol, t]) => [symbol, t.address] as [string, Address]), ['ETH', ETH]]
  for (const [who, at] of [['bridge receiver', s.bridgeReceiver], ['bridge receiver executor', s.bridgeReceiverExecutor], ['executor', s.executor], ['v4 helper', s.helpers.uniswapV4]] as const) {
    for (const [symbol, token] of tokens) {
      const b = await balanceOf(8453, token, at)
      if (b !== 0n) found[`${who} ${symbol}`] = b.toString()
    }
  }
  return found
}

describe('Uniswap V4 on Base through @ensofinance/sdk', () => {
  test('the devnet\'s Base V4 is at the addresses the vendor\'s sample names, with its DAI/USDC 0.01% pool inside the sample\'s ticks', async () => {
    const v4 = book(8453).uniswapV4!
    expect(v4.poolManager).toBe('0x498581fF718922c3f8e6A244956aF099B2652b2b')
    expect(v4.positionManager).toBe(getAddress(V4_POSITIONS_BASE))
    expect(book(8453).tokens.DAI!.address).toBe(getAddress(DAI_BASE))
    expect(book(8453).tokens.USDC!.address).toBe(getAddress(USDC_BASE))
    const pool = v4.pools.find((p) => p.currency0 === getAddress(DAI_BASE) && p.currency1 === getAddress(USDC_BASE) && p.fee === 100)!
    expect(pool.tickSpacing).toBe(1)
    const { tick } = decodeSlot0(await client(8453).readContract({ address: v4.poolManager, abi: extsloadAbi, functionName: 'extsload', args: [toHex(poolStateSlot(pool.id), { size: 32 })] }))
    expect(tick).toBeGreaterThan(TICKS[0])
    expect(tick).toBeLessThan(TICKS[1])
    expect(v4.pools.some((p) => p.currency0 === '0x0000000000000000000000000000000000000000' && p.currency1 === getAddress(USDC_BASE))).toBe(true)
  })

  test('getRouteData on Base through Uniswap V4 only (ETH → USDC → DAI): sent, the receiver gets exactly amountOut; nothing stays in our contracts', async () => {
    const route = await enso.getRouteData({
      chainId: 8453, fromAddress: user, receiver, routingStrategy: 'router', tokenIn: [ETH], tokenOut: [DAI_BASE], amountIn: ['2000000000000000000'], slippage: '50', ignoreStandards: onlyV4,
    })
    const protocols = route.route.map((s) => s.protocol)
    expect(protocols.filter((p) => p === 'uniswap-v4').length, protocols.join(',')).toBeGreaterThanOrEqual(2)
    for (const p of protocols) expect(['uniswap-v4', 'wrapped-native'], protocols.join(',')).toContain(p)
    const before = await balanceOf(8453, DAI_BASE, receiver)
    await send(8453, route.tx, route.gas)
    expect((await balanceOf(8453, DAI_BASE, receiver)) - before).toBe(BigInt(route.amountOut as string))
    expect(BigInt(route.amountOut as string)).toBeGreaterThan(5_000n * 10n ** 18n)
    expect(await leftoversOnBase()).toEqual({})
  })

  test('the vendor\'s bridge sample: route → fee → Stargate ETH taxi whose Base callback splits into DAI + USDC and mints a V4 position; sent, relayed, the receiver owns the position with exactly the liquidity the delivered amounts buy', async () => {
    const usdc1 = book(1).tokens.USDC!.address
    const bundle = await enso.getBundleData({ chainId: 1, fromAddress: user, spender: user, routingStrategy: 'router', receiver }, [
      { protocol: 'enso', action: 'route', args: { tokenIn: usdc1, amountIn: '1000000000', tokenOut: ETH } },
      { protocol: 'enso', action: 'fee', args: { token: ETH, amount: { useOutputOfCallAt: 0 }, bps: 25, receiver: feeReceiver } },
      {
        protocol: 'stargate',
        action: 'bridge',
        args: {
          primaryAddress: '0x77b2043768d28e9c9ab44e1abfc95944bce57931', destinationChainId: 8453, tokenIn: ETH, amountIn: { useOutputOfCallAt: 1 }, receiver,
          callback: [
            { protocol: 'enso', action: 'balance', args: { token: ETH } },
            { protocol: 'enso', action: 'split', args: { tokenIn: ETH, tokenOut: [DAI_BASE, USDC_BASE], amountIn: { useOutputOfCallAt: 0 } } },
            { protocol: 'enso', action: 'slippage', args: { amountOut: { useOutputOfCallAt: 1, index: 0 }, bps: 50 } },
            { protocol: 'enso', action: 'slippage', args: { amountOut: { useOutputOfCallAt: 1, index: 1 }, bps: 50 } },
            {
              protocol: 'uniswap-v4',
              action: 'depositclmm',
              args: {
                tokenOut: V4_POSITIONS_BASE, ticks: [...TICKS], tokenIn: [DAI_BASE, USDC_BASE], poolFee: '100',
                amountIn: [{ useOutputOfCallAt: 1, index: 0 }, { useOutputOfCallAt: 1, index: 1 }],
              },
            },
            { protocol: 'enso', action: 'slippage', args: { amountOut: { useOutputOfCallAt: 4 }, bps: 200 } },
          ],
        },
      },
    ])
    expect(bundle.bridgingEstimates?.[0]).toMatchObject({ fromChainId: 1, toChainId: 8453 })
    // The callback's split is routed on Base (its swap steps carry chainId 8453).
    expect(bundle.route?.some((s) => s.chainId === 8453 && s.action === 'swap')).toBe(true)
    const pm = book(8453).uniswapV4!.positionManager!
    expect(Object.entries(bundle.amountsOut ?? {}).find(([t]) => t.toLowerCase() === pm.toLowerCase())?.[1]).toBe('1')

    const base = client(8453)
    const tokenId = await base.readContract({ address: pm, abi: pmAbi, functionName: 'nextTokenId' })
    const positionsBefore = await base.readContract({ address: pm, abi: pmAbi, functionName: 'balanceOf', args: [receiver] })
    const fromBlock = (await base.getBlockNumber({ cacheTime: 0 })) + 1n
    for (const a of bundle.approvals ?? []) await send(1, a, 100_000n)
    await send(1, bundle.tx, bundle.gas!)
    await until(async () => (await base.readContract({ address: pm, abi: pmAbi, functionName: 'balanceOf', args: [receiver], blockNumber: await headOf(8453)() })) > positionsBefore)
    expect(await balanceOf(1, ETH, feeReceiver)).toBeGreaterThan(0n)

    expect(await base.readContract({ address: pm, abi: pmAbi, functionName: 'ownerOf', args: [tokenId] })).toBe(getAddress(receiver))
    const liquidity = await base.readContract({ address: pm, abi: pmAbi, functionName: 'getPositionLiquidity', args: [tokenId] })
    // What the callback handed the PositionManager (DAI and USDC transfers from our receiver's executor) and
    // the pool's price (a mint does not move it) give the liquidity the position must hold.
    const executor = switchyardOf(8453).bridgeReceiverExecutor
    const logs = await base.getLogs({ fromBlock, toBlock: await headOf(8453)() })
    const sent = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs }).filter((l) => l.args.from === getAddress(executor) && l.args.to === getAddress(pm))
    const delivered = (token: Address) => sent.filter((l) => l.address === token.toLowerCase()).reduce((sum, l) => sum + l.args.value, 0n)
    const [dai, usdc] = [delivered(DAI_BASE), delivered(USDC_BASE)]
    expect(dai).toBeGreaterThan(400n * 10n ** 18n)
    expect(usdc).toBeGreaterThan(400n * 10n ** 6n)
    const v4 = book(8453).uniswapV4!
    const pool = v4.pools.find((p) => p.currency0 === getAddress(DAI_BASE) && p.currency1 === getAddress(USDC_BASE) && p.fee === 100)!
    const { sqrtPriceX96 } = decodeSlot0(await base.readContract({ address: v4.poolManager, abi: extsloadAbi, functionName: 'extsload', args: [toHex(poolStateSlot(pool.id), { size: 32 })] }))
    const expected = liquidityForAmounts({ sqrtPriceX96, sqrtLowerX96: getSqrtRatioAtTick(TICKS[0]), sqrtUpperX96: getSqrtRatioAtTick(TICKS[1]), amount0: dai, amount1: usdc })
    expect(liquidity).toBe(expected)
    expect(liquidity).toBeGreaterThan(0n)
    expect(await leftoversOnBase()).toEqual({})
  })
})
