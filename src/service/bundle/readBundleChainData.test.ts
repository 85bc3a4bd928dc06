import { decodeFunctionData, encodeFunctionData, erc20Abi, getAddress, type Abi, type Address } from 'viem'
import { describe, expect, test } from 'vitest'
import type { ChainAddressBook } from '../../chain/addressBook.js'
import type { ChainRuntime } from '../../chain/connectChains.js'
import type { BundleParams } from '../../schemas/bundleRequest.js'
import { a, bookOf, USDC, WETH } from '../testing/sampleAddressBook.js'
import { approvalsNeeded, balancesOf, contractsOf, flashLoanPremiumBps, tokensNamed } from './readBundleChainData.js'

const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const owner = a(0x100)
const spender = a(0x200)

type Call = { address: Address; abi: Abi; functionName: string; args: readonly unknown[] }
type Result = { status: 'success'; result: bigint } | { status: 'failure'; error: Error }

/** A chain whose client answers multicall from `answer` and records every request (no node). */
function fakeChain(p: { book?: ChainAddressBook; chainId?: number; answer?: (c: Call) => Result; premium?: () => bigint }) {
  const multicalls: { blockNumber: bigint; multicallAddress: Address; allowFailure: boolean; contracts: Call[] }[] = []
  const reads: { address: Address; functionName: string }[] = []
  const client = {
    async multicall(req: (typeof multicalls)[number]) {
      multicalls.push(req)
      // as viem does: each call must encode with its ABI
      for (const c of req.contracts) encodeFunctionData({ abi: c.abi, functionName: c.functionName, args: c.args } as never)
      return req.contracts.map((c) => p.answer!(c))
    },
    async readContract(req: { address: Address; abi: Abi; functionName: string }) {
      reads.push(req)
      const fn = req.abi.find((x) => x.type === 'function' && x.name === req.functionName)
      // the pool's getter: no argument, one uint128, a view
      expect(fn).toMatchObject({ inputs: [], outputs: [{ type: 'uint128' }], stateMutability: 'view' })
      return p.premium!()
    },
  }
  const chain = { chainId: p.chainId ?? 1, rpcUrl: 'http://unused', source: 'devnet', client, addressBook: p.book ?? bookOf() } as unknown as ChainRuntime
  return { chain, multicalls, reads }
}

const paramsOf = (actions: { protocol?: string; action: string; args: Record<string, unknown> }[]) =>
  ({ actions: actions.map((x) => ({ protocol: x.protocol ?? 'enso', ...x })) }) as unknown as BundleParams

describe('tokensNamed', () => {
  test('token, tokenIn and tokenOut of every action (arrays too), checksummed, each once, in order of appearance', () => {
    const dai = '0x6b175474e89094c44da98b954eedeac495271d0f'
    const params = paramsOf([
      { action: 'route', args: { tokenIn: USDC.toLowerCase(), tokenOut: WETH, amountIn: '1' } },
      { action: 'merge', args: { tokenIn: [dai, USDC], tokenOut: NATIVE } },
      { action: 'transfer', args: { token: dai.toUpperCase().replace('0X', '0x'), receiver: a(0x300) } },
      { action: 'transfer', args: { token: a(0x301) } },
    ])
    expect(tokensNamed(params)).toEqual([getAddress(USDC), getAddress(WETH), '0x6B175474E89094C44Da98b954EedeAC495271d0F', NATIVE, getAddress(a(0x301))])
  })

  test('ignores what is not an address: references, amounts, short or long hex, other keys', () => {
    const params = paramsOf([
      { action: 'route', args: { tokenIn: { useOutputOfCallAt: 0 }, tokenOut: `${WETH}00`, receiver: USDC, amountIn: '0x1234' } },
      { action: 'transfer', args: { token: WETH.slice(0, 41), primaryAddress: USDC } },
      { action: 'transfer', args: { token: `x${WETH.slice(1)}` } },
      { action: 'transfer', args: { token: ` ${WETH}` } },
      { action: 'merge', args: { tokenIn: [[USDC], { address: WETH }] } },
    ])
    expect(tokensNamed(params)).toEqual([])
  })

  test('a cross-chain route names only its tokenIn (its tokenOut lives on the destination chain)', () => {
    const params = paramsOf([{ action: 'route', args: { tokenIn: USDC, tokenOut: WETH, token: a(0x400), destinationChainId: 8453 } }])
    expect(tokensNamed(params)).toEqual([getAddress(USDC)])
  })
})

describe('balancesOf', () => {
  test('one multicall at the block: balanceOf for ERC-20s, Multicall3.getEthBalance for native; lowercase keys; a failed read is 0', async () => {
    const dai = a(0x500)
    const { chain, multicalls } = fakeChain({
      answer: (c) => (c.address === dai ? { status: 'failure', error: new Error('no code') } : { status: 'success', result: c.functionName === 'getEthBalance' ? 7n : c.address === USDC ? 5n : 6n }),
    })
    const out = await balancesOf(chain, { account: owner, tokens: [USDC, NATIVE, dai, WETH], blockNumber: 42n })
    expect(out).toEqual({ [USDC.toLowerCase()]: 5n, [NATIVE.toLowerCase()]: 7n, [dai.toLowerCase()]: 0n, [WETH.toLowerCase()]: 6n })
    expect(multicalls).toHaveLength(1)
    const [m] = multicalls
    expect(m!.blockNumber).toBe(42n)
    expect(m!.multicallAddress).toBe(bookOf().multicall3)
    expect(m!.allowFailure).toBe(true)
    expect(m!.contracts.map((c) => [c.address, c.functionName, c.args])).toEqual([
      [USDC, 'balanceOf', [owner]],
      [bookOf().multicall3, 'getEthBalance', [owner]],
      [dai, 'balanceOf', [owner]],
      [WETH, 'balanceOf', [owner]],
    ])
  })
})

describe('flashLoanPremiumBps', () => {
  test('undefined without an Aave V3 pool, without a read', async () => {
    const { chain, reads } = fakeChain({ chainId: 9001, premium: () => 5n })
    expect(await flashLoanPremiumBps(chain)).toBeUndefined()
    expect(reads).toEqual([])
  })

  test('FLASHLOAN_PREMIUM_TOTAL of the pool, read once per chain and reused', async () => {
    const pool = a(0x600)
    const book = { ...bookOf(), aaveV3: { pool, reserves: [] } } as unknown as ChainAddressBook
    let premium = 9n
    const { chain, reads } = fakeChain({ book, chainId: 9002, premium: () => premium })
    expect(await flashLoanPremiumBps(chain)).toBe(9n)
    premium = 13n
    expect(await flashLoanPremiumBps(chain)).toBe(9n)
    expect(reads).toHaveLength(1)
    expect(reads[0]!.address).toBe(pool)
    expect(reads[0]!.functionName).toBe('FLASHLOAN_PREMIUM_TOTAL')
    // another chain reads its own
    const other = fakeChain({ book, chainId: 9003, premium: () => 5n })
    expect(await flashLoanPremiumBps(other.chain)).toBe(5n)
  })
})

describe('contractsOf', () => {
  test('the book\'s contracts actions may call; optional protocols absent are undefined', () => {
    const book = bookOf()
    const { chain } = fakeChain({ book })
    expect(contractsOf(chain)).toEqual({
      weth: book.weth, permit2: book.permit2, multicall3: book.multicall3,
      uniswapV2Router02: book.uniswapV2.router02, uniswapV3SwapRouter02: book.uniswapV3.swapRouter02, uniswapV3PositionManager: book.uniswapV3.positionManager,
      uniswapV4PositionManager: undefined, balancerVault: book.balancerV2.vault, aaveV3Pool: undefined, aaveV3Rewards: undefined,
      lidoStETH: undefined, lidoWstETH: undefined, morpho: undefined, morphoMarkets: undefined,
    })
  })

  test('with Aave (rewards of every reserve flattened), Lido, Morpho and Uniswap V4', () => {
    const r1 = { token: a(0x701), reward: a(0x7a1) }
    const r2 = { token: a(0x702), reward: a(0x7a2) }
    const r3 = { token: a(0x703), reward: a(0x7a1) }
    const market = { id: `0x${'33'.repeat(32)}`, loanToken: USDC, collateralToken: WETH, oracle: a(0x801), irm: a(0x802), lltv: '860000000000000000' }
    const book = {
      ...bookOf(),
      uniswapV4: { poolManager: a(0x900), positionManager: a(0x901), pools: [] },
      aaveV3: { pool: a(0x600), rewardsController: a(0x610), reserves: [{ rewards: [r1, r2] }, {}, { rewards: [r3] }] },
      lido: { stETH: a(0xa01), wstETH: a(0xa02) },
      morphoBlue: { morpho: a(0xb01), irm: a(0x802), markets: [market] },
    } as unknown as ChainAddressBook
    const c = contractsOf(fakeChain({ book }).chain)
    expect(c.uniswapV4PositionManager).toBe(a(0x901))
    expect(c.aaveV3Pool).toBe(a(0x600))
    expect(c.aaveV3Rewards).toEqual({ controller: a(0x610), rewards: [r1, r2, r3] })
    expect(c.lidoStETH).toBe(a(0xa01))
    expect(c.lidoWstETH).toBe(a(0xa02))
    expect(c.morpho).toBe(a(0xb01))
    expect(c.morphoMarkets).toEqual([market])
  })

  test('Aave without a rewards controller: no rewards', () => {
    const book = { ...bookOf(), aaveV3: { pool: a(0x600), reserves: [{ rewards: [{ token: a(1), reward: a(2) }] }] } } as unknown as ChainAddressBook
    expect(contractsOf(fakeChain({ book }).chain).aaveV3Rewards).toBeUndefined()
  })
})

describe('approvalsNeeded', () => {
  const approveOf = (data: `0x${string}`) => {
    const call = decodeFunctionData({ abi: erc20Abi, data })
    expect(call.functionName).toBe('approve')
    return call.args
  }

  test('native inputs need none, and no read happens for them', async () => {
    const { chain, multicalls } = fakeChain({ answer: () => ({ status: 'success', result: 0n }) })
    expect(await approvalsNeeded(chain, { owner, spender, inputs: [{ token: NATIVE, amount: 5n }], blockNumber: 1n })).toEqual([])
    expect(multicalls).toEqual([])
  })

  test('allowance(owner, spender) at the block: enough (or exactly enough) needs nothing; none needs one approve of the amount; some needs a reset to 0 first', async () => {
    const dai = a(0x500)
    const link = a(0x501)
    const allowances = new Map<Address, Result>([
      [USDC, { status: 'success', result: 100n }],
      [WETH, { status: 'success', result: 0n }],
      [dai, { status: 'success', result: 49n }],
      [link, { status: 'failure', error: new Error('reverted') }],
    ])
    const { chain, multicalls } = fakeChain({ answer: (c) => allowances.get(c.address)! })
    const inputs = [{ token: USDC, amount: 100n }, { token: NATIVE, amount: 1n }, { token: WETH, amount: 3n }, { token: dai, amount: 50n }, { token: link, amount: 8n }]
    const out = await approvalsNeeded(chain, { owner, spender, inputs, blockNumber: 77n })
    expect(multicalls).toHaveLength(1)
    expect(multicalls[0]!.blockNumber).toBe(77n)
    expect(multicalls[0]!.multicallAddress).toBe(bookOf().multicall3)
    expect(multicalls[0]!.allowFailure).toBe(true)
    expect(multicalls[0]!.contracts.map((c) => [c.address, c.functionName, c.args])).toEqual([USDC, WETH, dai, link].map((t) => [t, 'allowance', [owner, spender]]))
    expect(out.map((x) => ({ token: x.token, amount: x.amount, spender: x.spender, to: x.to, from: x.from, value: x.value, args: approveOf(x.data) }))).toEqual([
      { token: WETH, amount: '3', spender, to: WETH, from: owner, value: '0', args: [getAddress(spender), 3n] },
      { token: dai, amount: '0', spender, to: dai, from: owner, value: '0', args: [getAddress(spender), 0n] },
      { token: dai, amount: '50', spender, to: dai, from: owner, value: '0', args: [getAddress(spender), 50n] },
      { token: link, amount: '8', spender, to: link, from: owner, value: '0', args: [getAddress(spender), 8n] },
    ])
  })
})
