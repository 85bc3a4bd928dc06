import fc from 'fast-check'
import { maxUint256, parseAbi, parseEventLogs, type Abi, type Address, type PublicClient } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { ChainAddressBook, CurveStableSwapPoolEntry } from '../../chain/addressBook.js'
import { devnetDeployer } from '../../chain/devnet/createDevnetClient.js'
import type { DevnetChain } from '../../chain/devnet/devnetChain.js'
import { sendTx } from '../../chain/devnet/sendTx.js'
import { startDevnet, type Devnet } from '../../chain/devnet/startDevnet.js'
import { loadContractArtifact } from '../../contracts/loadContractArtifact.js'
import { curveAdapter } from './index.js'
import { loadCurve } from './load.js'
import { calcTokenAmount, calcWithdrawOneCoin, getDy } from './quote.js'
import type { CurveStableSwapSnapshot } from './types.js'

// The adapter against our implementation of Curve's ETH/stETH pool (native coin 0, Lido's stETH coin 1,
// A stored times 100, balances read from what the pool holds): views to the wei over random pool states,
// and every edge's quote equal to what the pool pays when the trade is sent, the state after included
// (stETH arriving or leaving a wei or two off the amount named, as its shares round).

const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const poolViewAbi = parseAbi([
  'function get_dy(int128 i, int128 j, uint256 dx) view returns (uint256)',
  'function calc_token_amount(uint256[2] amounts, bool is_deposit) view returns (uint256)',
  'function calc_withdraw_one_coin(uint256 _token_amount, int128 i) view returns (uint256)',
])
const stAbi = () => loadContractArtifact('DevStETH').abi
const poolAbi = () => loadContractArtifact('DevCurveStableSwapSTETH').abi

let devnet: Devnet
let chain: DevnetChain
let client: PublicClient
let book: ChainAddressBook
let stETH: Address
beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
  chain = devnet.chains[1]!
  client = chain.client as unknown as PublicClient
  book = chain.addressBook
  stETH = book.lido!.stETH
  await chain.client.setBalance({ address: devnetDeployer, value: 10n ** 30n })
  await sendTx(chain.client, { address: stETH, abi: stAbi(), functionName: 'submit', args: [devnetDeployer], value: 10n ** 28n })
}, 300_000)
afterAll(async () => {
  await devnet?.stop()
})

async function deployPool(p: { A: bigint; fee: bigint; adminFee: bigint }): Promise<CurveStableSwapPoolEntry> {
  const deploy = async (name: string, args: readonly unknown[]) => {
    const { abi, bytecode } = loadContractArtifact(name)
    const hash = await chain.client.deployContract({ abi: abi as Abi, bytecode, args, account: devnetDeployer, chain: chain.client.chain })
    return (await chain.client.waitForTransactionReceipt({ hash })).contractAddress! as Address
  }
  const lpToken = await deploy('DevCurveTokenV2', ['Curve test ETH/stETH', 'tsteCRV'])
  const pool = await deploy('DevCurveStableSwapSTETH', [devnetDeployer, [NATIVE, stETH], lpToken, p.A, p.fee, p.adminFee])
  await sendTx(chain.client, { address: lpToken, abi: loadContractArtifact('DevCurveTokenV2').abi, functionName: 'set_minter', args: [pool] })
  await sendTx(chain.client, { address: stETH, abi: stAbi(), functionName: 'approve', args: [pool, maxUint256] })
  return { address: pool, lpToken, coins: [NATIVE, stETH], name: 'test', variant: 'steth' }
}

async function load(entry: CurveStableSwapPoolEntry, blockNumber?: bigint): Promise<CurveStableSwapSnapshot> {
  const at = blockNumber ?? (await client.getBlockNumber())
  const [s] = await loadCurve({ client, book: { ...book, curve: { pools: [entry] } } }, { blockNumber: at })
  if (!s) throw new Error('pool did not load')
  return s
}

async function view(entry: CurveStableSwapPoolEntry, blockNumber: bigint, functionName: string, args: readonly unknown[]): Promise<bigint | undefined> {
  return client.readContract({ address: entry.address, abi: poolViewAbi, functionName: functionName as 'get_dy', args: args as never, blockNumber }).then((r) => r as bigint, () => undefined)
}

function ours(f: () => bigint): bigint | undefined {
  try {
    return f()
  } catch {
    return undefined
  }
}

const ether = fc.bigInt(1n, 2_000_000n)
const scenario = fc.record({
  A: fc.bigInt(1n, 5_000n),
  fee: fc.bigInt(0n, 50_000_000n),
  adminFee: fc.bigInt(0n, 10n ** 10n),
  deposit: fc.tuple(ether, ether),
  wei: fc.tuple(fc.bigInt(0n, 10n ** 18n), fc.bigInt(0n, 10n ** 18n)),
  rebase: fc.bigInt(0n, 10n ** 21n),
  views: fc.array(fc.record({ i: fc.nat(1), f: fc.double({ min: 1e-12, max: 1.5, noNaN: true }), g: fc.double({ min: 0, max: 0.5, noNaN: true }), h: fc.double({ min: 0, max: 0.5, noNaN: true }) }), { minLength: 3, maxLength: 3 }),
  trades: fc.array(fc.record({ edge: fc.nat(5), f: fc.double({ min: 1e-9, max: 0.6, noNaN: true }) }), { minLength: 4, maxLength: 4 }),
})

test('views and executed trades equal the adapter to the wei over random states of the ETH/stETH pool', async () => {
  const seed = Number(process.env.FC_SEED ?? Date.now() % 1_000_000)
  console.log(`curve/stethPool seed=${seed} (rerun with FC_SEED=${seed})`)
  let compared = 0
  let executed = 0
  let shortArrivals = 0
  let refused = 0
  await fc.assert(
    fc.asyncProperty(scenario, async (sc) => {
      const entry = await deployPool(sc)
      const amounts = sc.deposit.map((d, k) => d * 10n ** 18n + sc.wei[k]!)
      // A first deposit the pool refuses (at a low A and a lopsided split its D iteration does not converge
      // within Curve's 255 rounds, and add_liquidity reverts, as Curve's pool does) leaves no state to test.
      const created = await sendTx(chain.client, { address: entry.address, abi: poolAbi(), functionName: 'add_liquidity', args: [amounts, 0n], value: amounts[0] }).then(() => true, () => false)
      if (!created) refused++
      fc.pre(created)
      // A Lido rebase moves every stETH balance, the pool's included, without a pool event.
      if (sc.rebase > 0n) await sendTx(chain.client, { address: stETH, abi: stAbi(), functionName: 'reportRewards', value: sc.rebase })
      const blockNumber = await client.getBlockNumber()
      const s = await load(entry, blockNumber)
      expect(s.tokens[0]).toBe(book.weth.toLowerCase())
      expect(s.nativeCoin).toBe(0)
      for (const v of sc.views) {
        const j = 1 - v.i
        const dx = BigInt(Math.max(1, Math.floor(Number(s.balances[v.i]!) * v.f)))
        expect(ours(() => getDy(s, { i: v.i, j, dx }))).toBe(await view(entry, blockNumber, 'get_dy', [BigInt(v.i), BigInt(j), dx]))
        const amts = s.balances.map((b, k) => BigInt(Math.floor(Number(b) * (k === v.i ? v.g : v.h))))
        for (const deposit of [true, false]) expect(ours(() => calcTokenAmount(s, { amounts: amts, deposit }))).toBe(await view(entry, blockNumber, 'calc_token_amount', [amts, deposit]))
        const lp = BigInt(Math.max(1, Math.floor(Number(s.totalSupply) * v.g)))
        expect(ours(() => calcWithdrawOneCoin(s, { tokenAmount: lp, i: j }).dy)).toBe(await view(entry, blockNumber, 'calc_withdraw_one_coin', [lp, BigInt(j)]))
        compared += 4
      }
      let state = s
      for (const t of sc.trades) {
        const edge = curveAdapter.getEdges(state)[t.edge]!
        const base = edge.action === 'redeem' ? state.totalSupply : state.balances[edge.tokenInIndex]!
        const amountIn = BigInt(Math.max(1, Math.floor(Number(base) * t.f)))
        const { amountOut, snapshot: after } = curveAdapter.swap(state, { edge, amountIn })
        if (amountOut === 0n) continue
        const { i, j } = curveAdapter.getStepData(state, edge) as { i: number; j: number }
        const ethIn = edge.action !== 'redeem' && i === 0
        const stBefore = (await client.readContract({ address: stETH, abi: stAbi(), functionName: 'balanceOf', args: [devnetDeployer] })) as bigint
        const receipt = edge.action === 'swap'
          ? await sendTx(chain.client, { address: entry.address, abi: poolAbi(), functionName: 'exchange', args: [BigInt(i), BigInt(j), amountIn, 0n], value: ethIn ? amountIn : 0n })
          : edge.action === 'deposit'
            ? await sendTx(chain.client, { address: entry.address, abi: poolAbi(), functionName: 'add_liquidity', args: [[0, 1].map((k) => (k === i ? amountIn : 0n)), 0n], value: ethIn ? amountIn : 0n })
            : await sendTx(chain.client, { address: entry.address, abi: poolAbi(), functionName: 'remove_liquidity_one_coin', args: [amountIn, BigInt(j), 0n] })
        // What the pool paid or minted, from its own events.
        const [event] = parseEventLogs({ abi: poolAbi() as Abi, logs: receipt.logs, eventName: ['TokenExchange', 'AddLiquidity', 'RemoveLiquidityOne'] }) as unknown as { eventName: string; args: Record<string, bigint> }[]
        const paid = event!.eventName === 'TokenExchange' ? event!.args.tokens_bought! : event!.eventName === 'RemoveLiquidityOne' ? event!.args.coin_amount! : event!.args.token_supply! - state.totalSupply
        expect(paid, `${edge.action} ${i}->${j} of ${amountIn}`).toBe(amountOut)
        if (edge.tokenOutIndex === 1) {
          const arrived = ((await client.readContract({ address: stETH, abi: stAbi(), functionName: 'balanceOf', args: [devnetDeployer] })) as bigint) - stBefore
          expect(amountOut - arrived).toBeGreaterThanOrEqual(0n)
          expect(amountOut - arrived).toBeLessThanOrEqual(2n)
          if (arrived !== amountOut) shortArrivals++
        }
        state = await load(entry)
        expect({ balances: state.balances, totalSupply: state.totalSupply, shares: state.sharesCoin?.poolShares }).toEqual({ balances: after.balances, totalSupply: after.totalSupply, shares: (after as CurveStableSwapSnapshot).sharesCoin?.poolShares })
        executed++
      }
    }),
    { numRuns: 12, seed },
  )
  console.log(`curve/stethPool: ${compared} views compared, ${executed} trades executed, ${shortArrivals} stETH payouts arrived short, ${refused} first deposits refused`)
  expect(compared).toBeGreaterThan(100)
  expect(executed).toBeGreaterThan(20)
}, 600_000)

test('the seeded ETH/stETH pool loads at its mainnet address with steCRV, stETH at a small discount that beats staking', async () => {
  const snapshots = await loadCurve({ client, book }, { blockNumber: await client.getBlockNumber() })
  const s = snapshots.find((p) => p.address === '0xdc24316b9ae028f1497c275eb9192a3ea0f67022')!
  expect(s.tokens).toEqual([book.weth.toLowerCase(), stETH.toLowerCase(), '0x06325440d014e39736583c165c2963ba99faf14e'])
  expect(s.variant).toBe('steth')
  // 40/60 of $150M at $3,000 an ether: 20,000 ETH and 30,000 stETH (which has rebased a little since).
  expect(s.balances[0]).toBe(20_000n * 10n ** 18n)
  expect(s.balances[1]).toBeGreaterThanOrEqual(30_000n * 10n ** 18n - 2n)
  expect(s.balances[1]).toBeLessThanOrEqual(30_030n * 10n ** 18n)
  const oneEth = getDy(s, { i: 0, j: 1, dx: 10n ** 18n })
  expect(oneEth).toBeGreaterThan(10n ** 18n)
  expect(oneEth).toBeLessThan(10n ** 18n + 10n ** 15n)
})
