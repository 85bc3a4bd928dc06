import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { commandCallsOf, gasOfLogIn, traceCommandGas, withCommandGas, type CallFrame } from './traceCommandGas.js'

const self: Address = '0x00000000000000000000000000000000000000e1'
const tx = { from: '0x0000000000000000000000000000000000000001' as Address, to: '0x00000000000000000000000000000000000000a0' as Address, data: '0x' as const, value: 0n }
const log = (n: number) => ({ address: '0x00000000000000000000000000000000000000c0', topics: [`0x${String(n).padStart(64, '0')}`], data: '0x01' })
const call = (to: string, gasUsed: number, extra: Partial<CallFrame> = {}): CallFrame => ({ type: 'CALL', from: self, to, gasUsed: `0x${gasUsed.toString(16)}`, ...extra })
/** Router → executor (self) → two commands (the second emits log 2 in a subcall), then an allowance check. */
const trace: CallFrame = {
  type: 'CALL', from: tx.from, to: tx.to, gasUsed: '0x1',
  calls: [
    { type: 'CALL', from: tx.to, to: '0x00000000000000000000000000000000000000b0', gasUsed: '0x1', logs: [log(9)] },
    { type: 'CALL', from: tx.to, to: self, gasUsed: '0x1', calls: [call('0xc1', 100, { logs: [log(1)] }), call('0xc2', 200, { calls: [{ type: 'CALL', from: '0xc2', to: '0xc0', logs: [log(2)] }] }), call('0xc0', 7, { type: 'STATICCALL' })] },
  ],
}
const fake = (answer: () => unknown) => ({ request: async () => answer() }) as never

describe('traceCommandGas', () => {
  test('the runner\'s top-level calls, in order; a delegate wallet\'s DELEGATECALL frame runs as self', () => {
    expect(commandCallsOf(trace, self)!.map((c) => c.to)).toEqual(['0xc1', '0xc2', '0xc0'])
    const wallet: CallFrame = { type: 'CALL', from: tx.from, to: self, calls: [{ type: 'DELEGATECALL', from: self, to: '0xde', calls: [call('0xc1', 5)] }] }
    expect(commandCallsOf(wallet, self)!.map((c) => c.to)).toEqual(['0xc1'])
    expect(commandCallsOf({ type: 'CALL', from: tx.from, to: tx.to }, self)).toBeUndefined()
  })

  test('command gas by position when the targets match; a step\'s gas is the command whose subtree logged its movement', async () => {
    const traced = await traceCommandGas(fake(() => trace), { blockNumber: 5n, tx, self })
    const plan = [{ target: '0xC1', gas: undefined as string | undefined }, { target: '0xc2', gas: undefined as string | undefined }]
    expect(withCommandGas(plan, traced)).toEqual({ plan: [{ target: '0xC1', gas: '100' }, { target: '0xc2', gas: '200' }], notes: [] })
    const gasOfLog = gasOfLogIn(traced)!
    expect(gasOfLog(log(2) as never)).toBe('200')
    expect(gasOfLog(log(1) as never)).toBeUndefined() // steps are asked in order: nothing before the last answer
    expect(gasOfLog(log(9) as never)).toBeUndefined() // the router's own pull is no command's
    // One trace serves every explanation of a shared computation: each lookup starts from the first command.
    expect(gasOfLogIn(traced)!(log(1) as never)).toBe('100')
    expect(withCommandGas([{ target: '0xc2' }], traced).notes[0]).toMatch(/do not start with the plan/)
  })

  test('a node that refuses debug_traceCall, or a simulation with setup calls: no gas, a note says why', async () => {
    const refused = await traceCommandGas(fake(() => { throw new Error('method not found') }), { blockNumber: 5n, tx, self })
    expect(refused).toEqual({ note: expect.stringMatching(/refused debug_traceCall/) })
    expect(withCommandGas([{ target: '0xc1' }], refused)).toEqual({ plan: [{ target: '0xc1' }], notes: [refused && 'note' in refused ? refused.note : ''] })
    const setup = await traceCommandGas(fake(() => trace), { blockNumber: 5n, tx, self, setup: [{ from: tx.from, to: tx.to, data: '0x' }] })
    expect(setup).toEqual({ note: expect.stringMatching(/setup calls/) })
  })
})
