import fc from 'fast-check'
import { parseAbi, type Abi, type Address, type PublicClient } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { AerodromePoolEntry, ChainAddressBook } from '../../chain/addressBook.js'
import { devnetDeployer } from '../../chain/devnet/createDevnetClient.js'
import type { DevnetChain } from '../../chain/devnet/devnetChain.js'
import { sendTx } from '../../chain/devnet/sendTx.js'
import { startDevnet, type Devnet } from '../../chain/devnet/startDevnet.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { aerodromeAdapter } from './index.js'
import { loadAerodrome } from './load.js'
import { AerodromeMathRevert, getAmountOut } from './poolMath.js'
import type { AerodromePoolSnapshot } from './types.js'

// The adapter against the deployed pools (our Solidity implementation of Aerodrome's classic Pool and
// PoolFactory): `getAmountOut` to the wei over random pool states (both curves, 6/8/18 decimals, custom
// fees, imbalances up to a billion to one), and every trade the encoder would send (input transferred,
// then `swap` for `getAmountOut`) paying exactly the quote and leaving exactly the snapshot after, or
// reverting exactly where the adapter says it cannot trade.

const erc20Abi = parseAbi(['function balanceOf(address) view returns (uint256)', 'function transfer(address to, uint256 value) returns (bool)', 'function mint(address to, uint256 amount)'])
const poolViewAbi = parseAbi(['function getAmountOut(uint256 amountIn, address tokenIn) view returns (uint256)'])

let devnet: Devnet
let chain: DevnetChain
let client: PublicClient
let book: ChainAddressBook
let factory: Address
const tokens = new Map<number, Address>()
const others = new Map<number, Address>()
beforeAll(async () => {
  devnet = await startDevnet({ chains: [8453] })
  chain = devnet.chains[8453]!
  client = chain.client as unknown as PublicClient
  book = chain.addressBook
  // A factory of our own for the random pools (the deployer its fee manager), cloning the devnet's implementation.
  factory = await deploy('DevAerodromePoolFactory', [book.aerodrome!.implementation])
  for (const d of [6, 8, 18]) {
    tokens.set(d, await deploy('DevToken', [`Test ${d}`, `T${d}`, d]))
    others.set(d, await deploy('DevToken', [`Other ${d}`, `O${d}`, d]))
  }
}, 180_000)
afterAll(async () => {
  await devnet?.stop()
})

async function deploy(name: string, args: readonly unknown[]): Promise<Address> {
  const { abi, bytecode } = loadContractArtifact(name)
  const hash = await chain.client.deployContract({ abi: abi as Abi, bytecode, args, account: devnetDeployer, chain: chain.client.chain })
  return (await chain.client.waitForTransactionReceipt({ hash })).contractAddress! as Address
}

async function load(entry: AerodromePoolEntry, blockNumber?: bigint): Promise<AerodromePoolSnapshot> {
  const at = blockNumber ?? (await client.getBlockNumber())
  const [s] = await loadAerodrome({ client, book: { ...book, aerodrome: { factory, implementation: book.aerodrome!.implementation, router: book.aerodrome!.router, pools: [entry] } } }, { blockNumber: at })
  if (!s) throw new Error('pool did not load')
  return s
}

async function give(token: Address, to: Address, amount: bigint): Promise<void> {
  if (amount === 0n) return
  await sendTx(chain.client, { address: token, abi: erc20Abi, functionName: 'mint', args: [devnetDeployer, amount] })
  await sendTx(chain.client, { address: token, abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
}

const poolAbi = () => loadContractArtifact('DevAerodromePool').abi
const factoryAbi = () => loadContractArtifact('DevAerodromePoolFactory').abi

/** Scaled amount: `whole` tokens of `decimals` times a fraction, at least 1 raw unit. */
const raw = (tokensWhole: number, decimals: number) => BigInt(Math.max(1, Math.floor(tokensWhole * 10 ** Math.min(decimals, 12)))) * 10n ** BigInt(Math.max(0, decimals - 12))

const scenario = fc.record({
  stable: fc.boolean(),
  decimals: fc.tuple(fc.constantFrom(6, 8, 18), fc.constantFrom(6, 8, 18)),
  /** Whole tokens each side ends with (the first deposit, 1 token each, plus a donation then `sync`). */
  sides: fc.tuple(fc.double({ min: 1, max: 1e9, noNaN: true }), fc.double({ min: 1, max: 1e9, noNaN: true })),
  /** The pool's fee: the default of its kind, 0 % (the 420 marker) or a custom 1..100 (1/10000). */
  fee: fc.oneof(fc.constant(0), fc.constant(420), fc.integer({ min: 1, max: 100 })),
  views: fc.array(fc.record({ zeroForOne: fc.boolean(), f: fc.double({ min: 1e-12, max: 3, noNaN: true }) }), { minLength: 4, maxLength: 4 }),
  trades: fc.array(fc.record({ zeroForOne: fc.boolean(), f: fc.double({ min: 1e-9, max: 2, noNaN: true }) }), { minLength: 3, maxLength: 3 }),
})

test('getAmountOut and executed trades equal the adapter to the wei over random pool states', async () => {
  const seed = Number(process.env.FC_SEED ?? Date.now() % 1_000_000)
  console.log(`aerodrome/load seed=${seed} (rerun with FC_SEED=${seed})`)
  let compared = 0
  let executed = 0
  let reverted = 0
  let stableTrades = 0
  await fc.assert(
    fc.asyncProperty(scenario, async (sc) => {
      {
        // A factory of its own per run, so every run creates its pool afresh.
        factory = await deploy('DevAerodromePoolFactory', [book.aerodrome!.implementation])
        const a = tokens.get(sc.decimals[0])!
        const b = others.get(sc.decimals[1])!
        await sendTx(chain.client, { address: factory, abi: factoryAbi(), functionName: 'createPool', args: [a, b, sc.stable] })
        const pool = (await client.readContract({ address: factory, abi: factoryAbi(), functionName: 'getPool', args: [a, b, sc.stable] })) as Address
        const [token0, token1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a]
        const [dec0, dec1] = token0 === a ? sc.decimals : [sc.decimals[1], sc.decimals[0]]
        const entry: AerodromePoolEntry = { address: pool, token0, token1, stable: sc.stable }
        await give(token0, pool, 10n ** BigInt(dec0))
        await give(token1, pool, 10n ** BigInt(dec1))
        await sendTx(chain.client, { address: pool, abi: poolAbi(), functionName: 'mint', args: [devnetDeployer] })
        await give(token0, pool, raw(sc.sides[0] - 1, dec0))
        await give(token1, pool, raw(sc.sides[1] - 1, dec1))
        await sendTx(chain.client, { address: pool, abi: poolAbi(), functionName: 'sync' })
        if (sc.fee !== 0) await sendTx(chain.client, { address: factory, abi: factoryAbi(), functionName: 'setCustomFee', args: [pool, BigInt(sc.fee)] })
        const blockNumber = await client.getBlockNumber()
        const s = await load(entry, blockNumber)
        expect(s.fee).toBe(sc.fee === 420 ? 0n : sc.fee !== 0 ? BigInt(sc.fee) : sc.stable ? 5n : 30n)
        for (const v of sc.views) {
          const amountIn = BigInt(Math.max(1, Math.floor(Number(v.zeroForOne ? s.reserve0 : s.reserve1) * v.f)))
          let ours: bigint | undefined
          try {
            ours = getAmountOut(s, { amountIn, zeroForOne: v.zeroForOne, reserve0: s.reserve0, reserve1: s.reserve1, fee: s.fee })
          } catch (error) {
            if (!(error instanceof AerodromeMathRevert)) throw error
          }
          const theirs = await client.readContract({ address: pool, abi: poolViewAbi, functionName: 'getAmountOut', args: [amountIn, v.zeroForOne ? token0 : token1], blockNumber }).then((r) => r, () => undefined)
          expect(ours, `getAmountOut(${amountIn}, ${v.zeroForOne ? 'token0' : 'token1'})`).toBe(theirs)
          compared++
        }
        let state = s
        for (const t of sc.trades) {
          const edge = aerodromeAdapter.getEdges(state)[t.zeroForOne ? 0 : 1]!
          const amountIn = BigInt(Math.max(1, Math.floor(Number(t.zeroForOne ? state.reserve0 : state.reserve1) * t.f)))
          const { amountOut, snapshot: after } = aerodromeAdapter.swap(state, { edge, amountIn })
          const [tokenIn, tokenOut] = t.zeroForOne ? [token0, token1] : [token1, token0]
          const before = await client.readContract({ address: tokenOut, abi: erc20Abi, functionName: 'balanceOf', args: [devnetDeployer] })
          await give(tokenIn, pool, amountIn)
          const out = (await client.readContract({ address: pool, abi: poolViewAbi, functionName: 'getAmountOut', args: [amountIn, tokenIn] }).catch(() => 0n))
          const sent = await sendTx(chain.client, { address: pool, abi: poolAbi(), functionName: 'swap', args: t.zeroForOne ? [0n, out, devnetDeployer, '0x'] : [out, 0n, devnetDeployer, '0x'] }).then(() => true, () => false)
          if (amountOut === 0n) {
            // The adapter says this trade cannot be made: the pool refuses it too. Take the donation back.
            expect(sent, `swap of ${amountIn} the adapter refuses`).toBe(false)
            await sendTx(chain.client, { address: pool, abi: poolAbi(), functionName: 'skim', args: [devnetDeployer] })
            reverted++
            continue
          }
          expect(sent, `swap of ${amountIn} quoted ${amountOut}`).toBe(true)
          const got = (await client.readContract({ address: tokenOut, abi: erc20Abi, functionName: 'balanceOf', args: [devnetDeployer] })) - before
          expect(got).toBe(amountOut)
          state = await load(entry)
          expect({ reserve0: state.reserve0, reserve1: state.reserve1 }).toEqual({ reserve0: after.reserve0, reserve1: after.reserve1 })
          executed++
          if (sc.stable) stableTrades++
        }
      }
    }),
    { numRuns: 40, seed },
  )
  console.log(`aerodrome/load: ${compared} views compared, ${executed} trades executed (${stableTrades} stable), ${reverted} refused by both`)
  expect(compared).toBeGreaterThan(140)
  expect(executed).toBeGreaterThan(60)
  expect(stableTrades).toBeGreaterThan(20)
}, 900_000)

test('the seeded pools load at the addresses Aerodrome derives, at the scenario prices, with the default fees', async () => {
  const aero = book.aerodrome!
  expect(aero.factory).toBe('0x420DD381b31aEf6683db6B902084cB0FFECe40Da')
  const weth = book.tokens.WETH!.address
  const usdc = book.tokens.USDC!.address
  // Aerodrome's own vAMM-WETH/USDC on Base: our factory clones the implementation at Aerodrome's address
  // with Aerodrome's salt, so the pool lands where Aerodrome's does.
  const volatile = (await client.readContract({ address: aero.factory, abi: factoryAbi(), functionName: 'getPool', args: [weth, usdc, false] })) as Address
  expect(volatile).toBe('0xcDAC0d6c6C59727a65F871236188350531885C43')
  const snapshots = await loadAerodrome({ client, book }, { blockNumber: await client.getBlockNumber() })
  expect(snapshots.map((s) => [s.address, s.stable, s.fee])).toEqual(aero.pools.map((p) => [p.address.toLowerCase(), p.stable, p.stable ? 5n : 30n]))
  const v = snapshots.find((s) => !s.stable)!
  // WETH (token0 on Base) at the scenario's $3,000 skewed by 4 bps; USDC 6 decimals.
  const price = (Number(v.reserve1) / 1e6) / (Number(v.reserve0) / 1e18)
  expect(Math.abs(price / 3000 - 1)).toBeLessThan(0.001)
  const st = snapshots.find((s) => s.stable && s.tokens.includes(book.tokens.USDbC!.address.toLowerCase() as Address))!
  expect([st.reserve0, st.reserve1]).toEqual([20_000_000n * 10n ** 6n, 20_000_000n * 10n ** 6n])
  expect(await client.readContract({ address: v.address, abi: parseAbi(['function symbol() view returns (string)']), functionName: 'symbol' })).toBe('vAMM-WETH/USDC')
})
