import { expect, test } from 'vitest'
import { createMonotonicHead } from './createMonotonicHead.js'

test('a head that goes back is waited out; reads never move to an earlier block than one already read', async () => {
  const heads = [5n, 7n, 6n, 6n, 7n, 8n]
  const head = createMonotonicHead(async () => heads.shift()!)
  expect(await head()).toBe(5n)
  expect(await head()).toBe(7n)
  // 6 and 6 are below 7: waited out until the node reports 7 again.
  expect(await head()).toBe(7n)
  expect(await head()).toBe(8n)
})

test('a head that stays behind fails loudly instead of reading old state', async () => {
  let calls = 0
  const head = createMonotonicHead(async () => (calls++ === 0 ? 9n : 3n), 50)
  expect(await head()).toBe(9n)
  await expect(head()).rejects.toThrow(/stays below block 9/)
})
