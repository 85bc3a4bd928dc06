import { describe, expect, test } from 'vitest'
import { forbiddenAddressesOf } from './forbiddenAddressesOf.js'
import { PAIR, USDC, WETH, a, bookOf } from './testing/sampleAddressBook.js'

const lower = (x: string) => x.toLowerCase()

describe('forbiddenAddressesOf: derived from the address book, never a hand-kept list', () => {
  test('every contract of every section, by kind and path; accounts (relayer, admin) left out', () => {
    const f = forbiddenAddressesOf(bookOf())
    expect(f.get(lower(a(13)))).toEqual({ kind: 'protocol', path: 'uniswapV2.router02' })
    expect(f.get(lower(a(16)))).toEqual({ kind: 'protocol', path: 'uniswapV3.swapRouter02' })
    expect(f.get(lower(a(19)))).toEqual({ kind: 'protocol', path: 'balancerV2.vault' })
    expect(f.get(lower(a(10)))).toEqual({ kind: 'protocol', path: 'multicall3' })
    expect(f.get(lower(a(11)))).toEqual({ kind: 'protocol', path: 'permit2' })
    expect(f.get(lower(PAIR))).toEqual({ kind: 'protocol', path: 'uniswapV2.pairs[0].address' })
    expect(f.get(lower(a(30)))).toEqual({ kind: 'protocol', path: 'across.spokePool' })
    expect(f.get(lower(a(40)))).toEqual({ kind: 'protocol', path: 'layerZero.endpoint' })
    expect(f.get(lower(a(52)))).toEqual({ kind: 'switchyard', path: 'switchyard.smartWalletFactory' })
    expect(f.get(lower(a(53)))).toEqual({ kind: 'switchyard', path: 'switchyard.helpers.balance' })
    // A token named inside a protocol section is still a token (tokens win over protocol).
    expect(f.get(lower(USDC))).toEqual({ kind: 'token', path: 'tokens.USDC' })
    expect(f.get(lower(WETH))).toEqual({ kind: 'token', path: 'tokens.WETH' })
    for (const account of [a(32), a(33), a(43)]) expect(f.has(lower(account))).toBe(false)
    expect(f.size).toBe(26)
  })

  test('cached per book; a pool added in place, a new section or a new book is picked up without code changes', () => {
    const book = bookOf()
    const first = forbiddenAddressesOf(book)
    expect(forbiddenAddressesOf(book)).toBe(first)
    const newPool = a(0x77)
    expect(first.has(lower(newPool))).toBe(false)
    book.uniswapV3.pools.push({ address: newPool, token0: USDC, token1: WETH, fee: 500, tickSpacing: 10 })
    expect(forbiddenAddressesOf(book).get(lower(newPool))).toEqual({ kind: 'protocol', path: 'uniswapV3.pools[0].address' })
    const newRouter = a(0x78)
    ;(book as unknown as Record<string, unknown>).curve = { router: newRouter }
    expect(forbiddenAddressesOf(book).get(lower(newRouter))).toEqual({ kind: 'protocol', path: 'curve.router' })
    const replaced = a(0x79)
    book.permit2 = replaced
    expect(forbiddenAddressesOf(book).get(lower(replaced))).toEqual({ kind: 'protocol', path: 'permit2' })
    expect(forbiddenAddressesOf(book).has(lower(a(11)))).toBe(false)
  })

  test('a long list (a mainnet book) is trusted on its length and ends between whole checks: appends at once, a replacement inside within 10 s', () => {
    const book = bookOf()
    const pool = (i: number) => ({ address: a(0x1000 + i), token0: USDC, token1: WETH, fee: 500, tickSpacing: 10 })
    for (let i = 0; i < 100; i++) book.uniswapV3.pools.push(pool(i))
    const t0 = 1_000_000
    const first = forbiddenAddressesOf(book, t0)
    book.uniswapV3.pools.push(pool(100))
    expect(forbiddenAddressesOf(book, t0 + 1).has(lower(a(0x1000 + 100)))).toBe(true)
    // Replaced in the middle, same length: the quick check cannot see it; the whole one, 10 s on, does.
    const inside = a(0x2000)
    book.uniswapV3.pools[50] = { ...pool(50), address: inside }
    expect(forbiddenAddressesOf(book, t0 + 2).has(lower(inside))).toBe(false)
    expect(forbiddenAddressesOf(book, t0 + 10_001).has(lower(inside))).toBe(true)
    expect(forbiddenAddressesOf(book, t0 + 10_002).has(lower(a(0x1000 + 50)))).toBe(false)
    expect(first.size).toBeGreaterThan(100)
    // The same for a long map: the tokens by symbol.
    for (let i = 0; i < 100; i++) book.tokens[`T${i}`] = { symbol: `T${i}`, address: a(0x3000 + i), decimals: 18 } as never
    expect(forbiddenAddressesOf(book, t0 + 10_003).get(lower(a(0x3000 + 99)))).toEqual({ kind: 'token', path: 'tokens.T99' })
    book.tokens.T50 = { symbol: 'T50', address: a(0x4000), decimals: 18 } as never
    expect(forbiddenAddressesOf(book, t0 + 10_004).has(lower(a(0x4000)))).toBe(false)
    expect(forbiddenAddressesOf(book, t0 + 20_004).has(lower(a(0x4000)))).toBe(true)
  })
})
