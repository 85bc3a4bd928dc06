import type { Address } from 'viem'
import { expect, test } from 'vitest'
import { planSendOn } from './planValues.js'
import type { BundleActionContext, BundleValue } from './types.js'

const SELF: Address = '0x00000000000000000000000000000000000000A1'
const TOKEN: Address = '0x00000000000000000000000000000000000000B2'
const OTHER: Address = '0x00000000000000000000000000000000000000C3'

/** A context that records what the helper spends, plans and delivers. */
function recorder() {
  const log: string[] = []
  const ctx = {
    self: SELF,
    spend: (token: Address) => log.push(`spend ${token}`),
    produce: (token: Address, _amount: BundleValue, to?: Address) => log.push(`produce ${token} to ${to}`),
    planner: { add: () => log.push('call') },
    fail: (code: string, field: string, message: string) => {
      throw new Error(`${code} ${field}: ${message}`)
    },
  } as unknown as BundleActionContext
  return { ctx, log }
}
const amount: BundleValue = { kind: 'amount', value: 5n, estimate: 5n, token: TOKEN }

test('planSendOn transfers to a named receiver other than the executing contract, and does nothing otherwise', () => {
  const sent = recorder()
  planSendOn(sent.ctx, TOKEN, amount, OTHER)
  expect(sent.log).toEqual([`spend ${TOKEN}`, 'call', `produce ${TOKEN} to ${OTHER}`])
  for (const receiver of [undefined, SELF, SELF.toLowerCase() as Address]) {
    const kept = recorder()
    planSendOn(kept.ctx, TOKEN, amount, receiver)
    expect(kept.log).toEqual([])
  }
})
