import { describe, expect, test } from 'vitest'
import { approvalSpendersOf } from './approvalSpendersOf.js'
import { a, bookOf } from './testing/sampleAddressBook.js'

describe('approvalSpendersOf', () => {
  test('the routers of every served chain, lowercase; never an executor, a helper or the wallet factory', () => {
    const base = { ...bookOf(), chainId: 8453, switchyard: { router: a(60), routerLegacy: a(61), executor: a(62), executorLegacy: a(63) } }
    const chains = { 1: { addressBook: bookOf() }, 8453: { addressBook: base } }
    expect([...approvalSpendersOf({ chains } as never)].sort()).toEqual([a(50), a(60), a(61)].map((x) => x.toLowerCase()).sort())
  })

  test('a chain without our contracts adds nothing', () => {
    const { switchyard: _, ...book } = bookOf()
    expect(approvalSpendersOf({ chains: { 1: { addressBook: book } } } as never).size).toBe(0)
  })
})
