import { type Address, encodeAbiParameters, getAddress, parseAbi, type PublicClient } from 'viem'
import { describe, expect, test } from 'vitest'
import { useBundleHarness } from '../../service/testing/startBundleHarness.js'
import type { BundleAnswer } from '../../service/types.js'
import { amountLadder } from '../testing/amountLadder.js'
import { loadBalancerV2 } from './load.js'
import { quoteExitExactBptIn, quoteJoinExactTokensIn } from './quoteJoinExit.js'
import type { BalancerV2WeightedPoolSnapshot } from './types.js'

const user: Address = '0x00000000000000000000000000000000000ba1a1'
const other: Address = '0x00000000000000000000000000000000000ba1a2'
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const nobody: Address = '0x0000000000000000000000000000000000000001'

const queriesAbi = parseAbi([
  'struct JoinPoolRequest { address[] assets; uint256[] maxAmountsIn; bytes userData; bool fromInternalBalance; }',
  'struct ExitPoolRequest { address[] assets; uint256[] minAmountsOut; bytes userData; bool toInternalBalance; }',
  'function queryJoin(bytes32 poolId, address sender, address recipient, JoinPoolRequest request) returns (uint256 bptOut, uint256[] amountsIn)',
  'function queryExit(bytes32 poolId, address sender, address recipient, ExitPoolRequest request) returns (uint256 bptIn, uint256[] amountsOut)',
])
const poolAbi = parseAbi(['function getActualSupply() view returns (uint256)', 'function totalSupply() view returns (uint256)'])

const h = useBundleHarness(user)

const client = () => h.chain.client as unknown as PublicClient
const book = () => h.chain.addressBook
/** The devnet's weighted pool holding exactly `symbols`. */
const poolWith = (...symbols: string[]) => {
  const want = symbols.map((s) => h.tok(s).toLowerCase()).sort().join()
  const pool = book().balancerV2.pools.find((p) => p.tokens.map((t) => t.toLowerCase()).sort().join() === want)
  if (!pool) throw new Error(`no pool of ${symbols.join('/')}`)
  return { address: getAddress(pool.address), tokens: pool.tokens.map((t) => getAddress(t)) }
}
const snapshots = async () => loadBalancerV2({ client: client(), book: book() }, { blockNumber: await client().getBlockNumber() })
/** The build-time estimate the action reported in the answer's route. */
const estimateOf = (answer: BundleAnswer, action: string) => BigInt(answer.route.find((s) => s.protocol === 'balancer-v2' && s.action === action)!.amountOut!)

const queryJoin = (s: BalancerV2WeightedPoolSnapshot, amountsIn: bigint[]) =>
  client().simulateContract({
    address: book().balancerV2.queries, abi: queriesAbi, functionName: 'queryJoin',
    args: [s.poolId, nobody, nobody, {
      assets: s.tokens as Address[], maxAmountsIn: amountsIn, fromInternalBalance: false,
      userData: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256[]' }, { type: 'uint256' }], [1n, amountsIn, 0n]),
    }],
  }).then((r) => r.result[0], () => undefined)

const queryExit = (s: BalancerV2WeightedPoolSnapshot, bptIn: bigint, tokenIndex?: number) =>
  client().simulateContract({
    address: book().balancerV2.queries, abi: queriesAbi, functionName: 'queryExit',
    args: [s.poolId, nobody, nobody, {
      assets: s.tokens as Address[], minAmountsOut: s.tokens.map(() => 0n), toInternalBalance: false,
      userData: tokenIndex === undefined
        ? encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [1n, bptIn])
        : encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }], [0n, bptIn, BigInt(tokenIndex)]),
    }],
  }).then((r) => [...r.result[1]], () => undefined)

describe('join and exit math', () => {
  test('the loader reads the BPT supply joins price against (getActualSupply; equal to totalSupply without protocol fees)', async () => {
    const loaded = await snapshots()
    expect(loaded).toHaveLength(book().balancerV2.pools.length)
    for (const s of loaded) {
      const address = s.address as Address
      const [actual, total] = await Promise.all([
        client().readContract({ address, abi: poolAbi, functionName: 'getActualSupply' }),
        client().readContract({ address, abi: poolAbi, functionName: 'totalSupply' }),
      ])
      expect(s.totalSupply).toBe(actual)
      // The devnet's protocol fee percentages are zero: no fee BPT is pending.
      expect(actual).toBe(total)
    }
  })

  test('joins and exits quote exactly what BalancerQueries.queryJoin/queryExit return, for random amounts in every pool', async () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 1_000_000)
    console.log(`balancer-v2/bptActions seed=${seed} (rerun with FC_SEED=${seed})`)
    let compared = 0
    for (const s of await snapshots()) {
      const pool = { ...s, totalSupply: s.totalSupply! }
      const n = s.tokens.length
      // Single-sided joins of every token, then joins of all tokens at random (non-proportional) amounts.
      for (let i = 0; i < n; i++) {
        for (const amount of amountLadder({ max: s.balances[i]!, count: 3, seed: seed + compared })) {
          const amountsIn = s.tokens.map((_, k) => (k === i ? amount : 0n))
          expect(quoteJoinExactTokensIn(pool, amountsIn), `seed ${seed} pool ${s.address} join ${amountsIn}`).toBe(await queryJoin(s, amountsIn))
          compared++
        }
      }
      for (let r = 0; r < 3; r++) {
        const amountsIn = s.balances.map((b, k) => amountLadder({ max: b / 2n, count: 1, seed: seed + compared + 31 * k })[0]!)
        expect(quoteJoinExactTokensIn(pool, amountsIn), `seed ${seed} pool ${s.address} join ${amountsIn}`).toBe(await queryJoin(s, amountsIn))
        compared++
      }
      // Exits up to 40% of the supply: past 30% a single-token exit reverts on both sides.
      for (const bptIn of amountLadder({ max: (pool.totalSupply * 4n) / 10n, count: 3, seed: seed + compared })) {
        expect(quoteExitExactBptIn(pool, { bptIn }), `seed ${seed} pool ${s.address} exit ${bptIn}`).toEqual(await queryExit(s, bptIn))
        for (let i = 0; i < n; i++) {
          const onChain = await queryExit(s, bptIn, i)
          if (onChain === undefined) expect(() => quoteExitExactBptIn(pool, { bptIn, tokenIndex: i })).toThrow('MIN_BPT_IN_FOR_TOKEN_OUT')
          else expect(quoteExitExactBptIn(pool, { bptIn, tokenIndex: i }), `seed ${seed} pool ${s.address} exit ${bptIn} to ${i}`).toEqual(onChain)
          compared++
        }
      }
    }
    expect(compared).toBeGreaterThan(60)
  }, 120_000)
})

describe('balancer-v2 deposit under the router, executed by an EOA', () => {
  const executorEmpty = async (tokens: Address[]) => {
    const executor = book().switchyard!.executor as Address
    for (const t of [...tokens, NATIVE]) expect(await h.balance(t, executor)).toBe(0n)
  }

  test('two tokens in: the receiver gets exactly amountsOut of BPT, quoted exactly at build time', async () => {
    const pool = poolWith('WETH', 'USDC')
    await h.devnet.fund({ chainId: 1, address: user, token: 'WETH', amount: 10n ** 18n })
    await h.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 2_000n * 10n ** 6n })
    const answer = await h.bundle({ fromAddress: user, receiver: other }, [
      { protocol: 'balancer-v2', action: 'deposit', args: { tokenIn: [h.tok('WETH'), h.tok('USDC')], amountIn: ['1000000000000000000', '2000000000'], primaryAddress: book().balancerV2.vault, tokenOut: pool.address, slippage: '10' } },
    ])
    expect(answer.approvals.map((a) => a.token).sort()).toEqual([h.tok('WETH'), h.tok('USDC')].sort())
    const before = await h.balance(pool.address, other)
    await h.sendAsEoa(answer)
    const minted = (await h.balance(pool.address, other)) - before
    expect(minted).toBeGreaterThan(0n)
    expect(minted).toBe(BigInt(answer.amountsOut[pool.address]!))
    expect(estimateOf(answer, 'deposit')).toBe(minted)
    expect(await h.balance(h.tok('WETH'), user)).toBe(0n)
    expect(await h.balance(h.tok('USDC'), user)).toBe(0n)
    await executorEmpty([h.tok('WETH'), h.tok('USDC'), pool.address])
  })

  test('one token in (single-sided, the swap fee on its excess): exact delta and estimate', async () => {
    const pool = poolWith('WETH', 'USDC')
    await h.devnet.fund({ chainId: 1, address: user, token: 'USDC', amount: 25_000n * 10n ** 6n })
    const answer = await h.bundle({ fromAddress: user }, [
      { protocol: 'balancer-v2', action: 'deposit', args: { tokenIn: h.tok('USDC'), amountIn: '25000000000', primaryAddress: pool.address } },
    ])
    const before = await h.balance(pool.address, user)
    await h.sendAsEoa(answer)
    const minted = (await h.balance(pool.address, user)) - before
    expect(minted).toBe(BigInt(answer.amountsOut[pool.address]!))
    expect(estimateOf(answer, 'deposit')).toBe(minted)
    await executorEmpty([h.tok('USDC'), pool.address])
  })

  test('native coin joins as WETH through the Vault (tx value), into a three-token pool', async () => {
    const pool = poolWith('LINK', 'WETH', 'USDC')
    const answer = await h.bundle({ fromAddress: user, receiver: other }, [
      { protocol: 'balancer-v2', action: 'deposit', args: { tokenIn: NATIVE, amountIn: '2000000000000000000', primaryAddress: pool.address } },
    ])
    expect(answer.tx.value).toBe('2000000000000000000')
    expect(answer.approvals).toEqual([])
    await h.sendAsEoa(answer)
    const minted = await h.balance(pool.address, other)
    expect(minted).toBe(BigInt(answer.amountsOut[pool.address]!))
    expect(estimateOf(answer, 'deposit')).toBe(minted)
    await executorEmpty([h.tok('WETH'), pool.address])
  })

  test('an amount known only at execution is refused: userData is encoded at build time', async () => {
    const pool = poolWith('WETH', 'USDC')
    await expect(h.bundle({ fromAddress: user }, [
      { protocol: 'enso', action: 'route', args: { tokenIn: NATIVE, tokenOut: h.tok('USDC'), amountIn: '1000000000000000000' } },
      { protocol: 'balancer-v2', action: 'deposit', args: { tokenIn: h.tok('USDC'), amountIn: { useOutputOfCallAt: 0 }, primaryAddress: pool.address } },
    ])).rejects.toMatchObject({ code: 'INVALID_ACTION', field: 'actions[1].args.amountIn' })
  })

  test('a token outside the pool and an unknown primaryAddress are 400s', async () => {
    const pool = poolWith('WETH', 'USDC')
    await expect(h.bundle({ fromAddress: user }, [
      { protocol: 'balancer-v2', action: 'deposit', args: { tokenIn: h.tok('DAI'), amountIn: '1', primaryAddress: pool.address } },
    ])).rejects.toMatchObject({ code: 'INVALID_TOKEN' })
    await expect(h.bundle({ fromAddress: user }, [
      { protocol: 'balancer-v2', action: 'deposit', args: { tokenIn: h.tok('USDC'), amountIn: '1', primaryAddress: other } },
    ])).rejects.toMatchObject({ code: 'INVALID_PRIMARY_ADDRESS' })
  })
})

describe('balancer-v2 redeem under the delegate strategy, through a smart wallet', () => {
  test('a wallet joins, exits part into one token, then the rest proportionally: deltas equal amountsOut and the estimates', async () => {
    const pool = poolWith('WETH', 'USDC')
    const wallet = await h.createWallet()
    await h.devnet.fund({ chainId: 1, address: wallet, token: 'WETH', amount: 3n * 10n ** 18n })
    await h.devnet.fund({ chainId: 1, address: wallet, token: 'USDC', amount: 6_000n * 10n ** 6n })
    const deposit = await h.bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'balancer-v2', action: 'deposit', args: { tokenIn: [h.tok('USDC'), h.tok('WETH')], amountIn: ['6000000000', '3000000000000000000'], primaryAddress: pool.address } },
    ])
    await h.sendThroughWallet(wallet, deposit)
    const bpt = await h.balance(pool.address, wallet)
    expect(bpt).toBe(BigInt(deposit.amountsOut[pool.address]!))
    expect(estimateOf(deposit, 'deposit')).toBe(bpt)

    const part = bpt / 3n
    const usdcBefore = await h.balance(h.tok('USDC'), wallet)
    const single = await h.bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      { protocol: 'balancer-v2', action: 'redeem', args: { tokenIn: pool.address, amountIn: part.toString(), tokenOut: h.tok('USDC'), primaryAddress: book().balancerV2.vault, slippage: '5' } },
    ])
    await h.sendThroughWallet(wallet, single)
    const gotUsdc = (await h.balance(h.tok('USDC'), wallet)) - usdcBefore
    expect(gotUsdc).toBe(BigInt(single.amountsOut[h.tok('USDC')]!))
    expect(estimateOf(single, 'redeem')).toBe(gotUsdc)
    expect(await h.balance(pool.address, wallet)).toBe(bpt - part)

    const rest = bpt - part
    const before = { usdc: await h.balance(h.tok('USDC'), wallet), weth: await h.balance(h.tok('WETH'), wallet) }
    const loaded = (await snapshots()).find((s) => s.address === pool.address.toLowerCase())!
    const quoted = quoteExitExactBptIn({ ...loaded, totalSupply: loaded.totalSupply! }, { bptIn: rest })
    const proportional = await h.bundle({ fromAddress: wallet, routingStrategy: 'delegate' }, [
      // Caller's order (USDC, WETH) need not be the Vault's.
      { protocol: 'balancer-v2', action: 'redeem', args: { tokenIn: pool.address, amountIn: rest.toString(), tokenOut: [h.tok('USDC'), h.tok('WETH')], primaryAddress: pool.address } },
    ])
    await h.sendThroughWallet(wallet, proportional)
    const got = { usdc: (await h.balance(h.tok('USDC'), wallet)) - before.usdc, weth: (await h.balance(h.tok('WETH'), wallet)) - before.weth }
    expect(got.usdc).toBe(BigInt(proportional.amountsOut[h.tok('USDC')]!))
    expect(got.weth).toBe(BigInt(proportional.amountsOut[h.tok('WETH')]!))
    const index = (symbol: string) => loaded.tokens.indexOf(h.tok(symbol).toLowerCase())
    expect([got.usdc, got.weth]).toEqual([quoted[index('USDC')], quoted[index('WETH')]])
    // Each output is the token the caller named at its place, as the chain delivered it.
    expect(proportional.actionOutputs).toEqual([[got.usdc, got.weth].map(String)])
    expect(single.actionOutputs).toEqual([[gotUsdc.toString()]])
    expect(deposit.actionOutputs).toEqual([[bpt.toString()]])
    expect(await h.balance(pool.address, wallet)).toBe(0n)
  })

  test('an EOA redeems BPT into native coin under the router: the Vault unwraps WETH for the receiver', async () => {
    const pool = poolWith('WBTC', 'WETH')
    await h.devnet.fund({ chainId: 1, address: user, token: 'WETH', amount: 10n ** 18n })
    await h.sendAsEoa(await h.bundle({ fromAddress: user }, [
      { protocol: 'balancer-v2', action: 'deposit', args: { tokenIn: h.tok('WETH'), amountIn: '1000000000000000000', primaryAddress: pool.address } },
    ]))
    const bpt = await h.balance(pool.address, user)
    const answer = await h.bundle({ fromAddress: user, receiver: other }, [
      { protocol: 'balancer-v2', action: 'redeem', args: { tokenIn: pool.address, amountIn: bpt.toString(), tokenOut: NATIVE, primaryAddress: pool.address } },
    ])
    const before = await h.balance(NATIVE, other)
    await h.sendAsEoa(answer)
    const got = (await h.balance(NATIVE, other)) - before
    expect(got).toBe(BigInt(answer.amountsOut[NATIVE]!))
    expect(estimateOf(answer, 'redeem')).toBe(got)
    expect(await h.balance(pool.address, user)).toBe(0n)
    const executor = book().switchyard!.executor as Address
    for (const t of [pool.address, h.tok('WETH'), NATIVE]) expect(await h.balance(t, executor)).toBe(0n)
  })

  test('a single-token exit of over 30% of the supply is refused before simulating', async () => {
    const pool = poolWith('WETH', 'USDC')
    const loaded = (await snapshots()).find((s) => s.address === pool.address.toLowerCase())!
    await expect(h.bundle({ fromAddress: user }, [
      { protocol: 'balancer-v2', action: 'redeem', args: { tokenIn: pool.address, amountIn: ((loaded.totalSupply! * 4n) / 10n).toString(), tokenOut: h.tok('USDC'), primaryAddress: pool.address } },
    ])).rejects.toMatchObject({ code: 'INVALID_AMOUNT', field: 'actions[0].args.amountIn' })
  })
})
