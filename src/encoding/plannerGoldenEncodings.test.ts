/**
 * Golden encodings of the planner: exact commands and state for known plans (STYLE.md section 7, after
 * weiroll.js `tests/test_planner.ts`). The planner's API and its refusals are in `planner.test.ts`.
 */
import { erc20Abi, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import { functionCall, rawCall } from './call.js'
import { Planner } from './planner.js'
import { plannerSamples } from './testing/plannerSamples.js'

const { token, vault, receiver, helper, mathAbi, targetAbi } = plannerSamples
const AMOUNT = 10n ** 18n

const vaultAbi = parseAbi(['function deposit(uint256 assets) returns (uint256 shares)'])

describe('Planner golden encodings', () => {
  test('approve + deposit + transfer (the reference example)', () => {
    const planner = new Planner()
    planner.add(functionCall({ address: token, abi: erc20Abi, functionName: 'approve', args: [vault, AMOUNT] }))
    planner.add(functionCall({ address: vault, abi: vaultAbi, functionName: 'deposit', args: [AMOUNT] }))
    planner.add(functionCall({ address: vault, abi: erc20Abi, functionName: 'transfer', args: [receiver, AMOUNT] }))
    expect(planner.plan()).toEqual({
      commands: [
        '0x095ea7b3010001ffffffffff1111111111111111111111111111111111111111',
        '0xb6b55f250101ffffffffffff2222222222222222222222222222222222222222',
        '0xa9059cbb010201ffffffffff2222222222222222222222222222222222222222',
      ],
      state: [
        '0x0000000000000000000000002222222222222222222222222222222222222222',
        '0x0000000000000000000000000000000000000000000000000de0b6b3a7640000',
        '0x0000000000000000000000003333333333333333333333333333333333333333',
      ],
    })
  })

  test('a return value feeds a later call (staticcall balance → transfer)', () => {
    const planner = new Planner()
    const balance = planner.add(functionCall({ address: helper, abi: targetAbi, functionName: 'balanceOfCaller', args: [token] }).staticcall())
    planner.add(functionCall({ address: token, abi: erc20Abi, functionName: 'transfer', args: [receiver, balance] }))
    expect(planner.plan()).toMatchInlineSnapshot(`
      {
        "commands": [
          "0x1851044a0200ffffffffff014444444444444444444444444444444444444444",
          "0xa9059cbb010201ffffffffff1111111111111111111111111111111111111111",
        ],
        "state": [
          "0x0000000000000000000000001111111111111111111111111111111111111111",
          "0x",
          "0x0000000000000000000000003333333333333333333333333333333333333333",
        ],
      }
    `)
  })

  test('return-value slots are reused after their last reader', () => {
    const planner = new Planner()
    const math = { address: helper, abi: mathAbi } as const
    const x = planner.add(functionCall({ ...math, functionName: 'add', args: [1n, 2n] }).staticcall())
    const y = planner.add(functionCall({ ...math, functionName: 'add', args: [x, 3n] }).staticcall())
    const z = planner.add(functionCall({ ...math, functionName: 'add', args: [y, 4n] }).staticcall())
    planner.add(functionCall({ ...math, functionName: 'isEqual', args: [z, 10n] }).staticcall())
    expect(planner.plan()).toMatchInlineSnapshot(`
      {
        "commands": [
          "0x771602f7020001ffffffff024444444444444444444444444444444444444444",
          "0x771602f7020203ffffffff024444444444444444444444444444444444444444",
          "0x771602f7020204ffffffff024444444444444444444444444444444444444444",
          "0x3ced224a020205ffffffffff4444444444444444444444444444444444444444",
        ],
        "state": [
          "0x0000000000000000000000000000000000000000000000000000000000000001",
          "0x0000000000000000000000000000000000000000000000000000000000000002",
          "0x",
          "0x0000000000000000000000000000000000000000000000000000000000000003",
          "0x0000000000000000000000000000000000000000000000000000000000000004",
          "0x000000000000000000000000000000000000000000000000000000000000000a",
        ],
      }
    `)
  })

  test('a subplan\'s command indices never free a root slot early (its readers are counted at the root)', () => {
    const planner = new Planner()
    const math = { address: helper, abi: mathAbi } as const
    const a = planner.add(functionCall({ ...math, functionName: 'add', args: [1n, 2n] }).staticcall())
    const sub = new Planner()
    for (let k = 0; k < 4; k++) sub.add(functionCall({ ...math, functionName: 'add', args: [7n, 7n] }).staticcall())
    planner.addSubplan(functionCall({ address: helper, abi: targetAbi, functionName: 'execute', args: [sub, planner.state] }))
    const b = planner.add(functionCall({ ...math, functionName: 'add', args: [5n, 6n] }).staticcall())
    planner.add(functionCall({ ...math, functionName: 'add', args: [a, b] }).staticcall())
    const { commands } = planner.plan()
    // Root commands: a, execute, b, add(a, b); `b` must not take `a`'s slot, which is read after it.
    const [outA, outB] = [commands[0]!, commands[2]!].map((w) => w.slice(24, 26))
    expect(outB).not.toBe(outA)
    expect(commands[3]!.slice(12, 16)).toBe(`${outA}${outB}`)
  })

  test('value call, raw calldata call, raw tuple return, extended command', () => {
    const planner = new Planner()
    const t = { address: helper, abi: targetAbi } as const
    const paid = planner.add(functionCall({ ...t, functionName: 'pay' }).withValue(5n))
    planner.add(rawCall({ address: receiver, data: '0x' }).withValue(paid))
    const raw = planner.add(functionCall({ ...t, functionName: 'two' }).rawValue().staticcall())
    planner.add(functionCall({ ...t, functionName: 'concat', args: [raw, '0x1234'] }))
    planner.add(functionCall({ ...t, functionName: 'sum8', args: [1n, 2n, 3n, 4n, 5n, 6n, 7n, paid] }))
    expect(planner.plan()).toMatchInlineSnapshot(`
      {
        "commands": [
          "0x1b9265b80300ffffffffff014444444444444444444444444444444444444444",
          "0x00000000230102ffffffffff3333333333333333333333333333333333333333",
          "0x5fdf05d782ffffffffffff834444444444444444444444444444444444444444",
          "0x5f3376f3018384ffffffffff4444444444444444444444444444444444444444",
          "0xecce14af41000000000000ff4444444444444444444444444444444444444444",
          "0x0506070800090a01ffffffffffffffffffffffffffffffffffffffffffffffff",
        ],
        "state": [
          "0x0000000000000000000000000000000000000000000000000000000000000005",
          "0x",
          "0x",
          "0x",
          "0x00000000000000000000000000000000000000000000000000000000000000021234000000000000000000000000000000000000000000000000000000000000",
          "0x0000000000000000000000000000000000000000000000000000000000000001",
          "0x0000000000000000000000000000000000000000000000000000000000000002",
          "0x0000000000000000000000000000000000000000000000000000000000000003",
          "0x0000000000000000000000000000000000000000000000000000000000000004",
          "0x0000000000000000000000000000000000000000000000000000000000000006",
          "0x0000000000000000000000000000000000000000000000000000000000000007",
        ],
      }
    `)
  })

  test('arrays and tuples holding handles use the 0xfd/0xfc … 0xfb markers; static tuple literals are expanded', () => {
    const planner = new Planner()
    const t = { address: helper, abi: targetAbi } as const
    const a = planner.add(functionCall({ ...t, functionName: 'balanceOfCaller', args: [token] }).staticcall())
    planner.add(functionCall({ ...t, functionName: 'sum', args: [[a, 5n]] }))
    planner.add(functionCall({ ...t, functionName: 'sum', args: [[5n, 6n]] }))
    planner.add(functionCall({ ...t, functionName: 'pairSum', args: [{ a: 1n, b: 2n }] }))
    planner.add(functionCall({ ...t, functionName: 'joinLabels', args: [[{ amount: a, label: '0xabcd' }]] }))
    expect(planner.plan()).toMatchInlineSnapshot(`
      {
        "commands": [
          "0x1851044a0200ffffffffff014444444444444444444444444444444444444444",
          "0x0194db8e01fd0102fbffffff4444444444444444444444444444444444444444",
          "0x0194db8e0183ffffffffffff4444444444444444444444444444444444444444",
          "0x3aa91bae01fc0405fbffffff4444444444444444444444444444444444444444",
          "0xc9946c3701fdfc0186fbfbff4444444444444444444444444444444444444444",
        ],
        "state": [
          "0x0000000000000000000000001111111111111111111111111111111111111111",
          "0x",
          "0x0000000000000000000000000000000000000000000000000000000000000005",
          "0x000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000050000000000000000000000000000000000000000000000000000000000000006",
          "0x0000000000000000000000000000000000000000000000000000000000000001",
          "0x0000000000000000000000000000000000000000000000000000000000000002",
          "0x0000000000000000000000000000000000000000000000000000000000000002abcd000000000000000000000000000000000000000000000000000000000000",
        ],
      }
    `)
  })

  test('subplan: commands as a bytes32[] literal, the state as 0xfe, bytes[] result replaces the state', () => {
    const sub = new Planner()
    const planner = new Planner()
    const t = { address: helper, abi: targetAbi } as const
    const outer = planner.add(functionCall({ ...t, functionName: 'balanceOfCaller', args: [token] }).staticcall())
    const inner = sub.add(functionCall({ ...t, functionName: 'sum', args: [[outer, 1n]] }))
    planner.addSubplan(functionCall({ ...t, functionName: 'execute', args: [sub, planner.state] }))
    planner.add(functionCall({ ...t, functionName: 'sum', args: [[inner]] }))
    expect(planner.plan()).toMatchInlineSnapshot(`
      {
        "commands": [
          "0x1851044a0200ffffffffff014444444444444444444444444444444444444444",
          "0xde792d5f0184fefffffffffe4444444444444444444444444444444444444444",
          "0x0194db8e01fd03fbffffffff4444444444444444444444444444444444444444",
        ],
        "state": [
          "0x0000000000000000000000001111111111111111111111111111111111111111",
          "0x",
          "0x0000000000000000000000000000000000000000000000000000000000000001",
          "0x",
          "0x00000000000000000000000000000000000000000000000000000000000000010194db8e01fd0102fbffff034444444444444444444444444444444444444444",
        ],
      }
    `)
  })
})
