import { decodeAbiParameters, decodeFunctionData, getAddress, type Address, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { switchyardExecutorAbi, switchyardRouterAbi } from '../../contracts/generated/abis.js'
import type { BuildBundleReturnType } from '../../engine/tasks/buildBundle.js'
import { checkedDeliveries, encodeBundleTx, type BundleTarget } from './encodeBundleTx.js'

const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH: Address = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const DAI: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const receiver: Address = '0x00000000000000000000000000000000000Ab0Ab'
const other: Address = '0x00000000000000000000000000000000000c0C0C'
const router: Address = '0x0000000000000000000000000000000000007007'
const executor: Address = '0x000000000000000000000000000000000000e8ec'
const shortcut = { accountId: `0x${'11'.repeat(32)}` as Hex, requestId: `0x${'22'.repeat(32)}` as Hex }
const commands: Hex[] = [`0x${'ab'.repeat(32)}`, `0x${'cd'.repeat(32)}`]
const state: Hex[] = ['0x01', `0x${'00'.repeat(31)}02`]
const routerTarget: BundleTarget = { delegate: false, self: executor, to: router }

function built(p: { inputs: BuildBundleReturnType['inputs']; deliveries: BuildBundleReturnType['deliveries'] }): BuildBundleReturnType {
  return { commands, state, inputs: p.inputs, deliveries: p.deliveries, estimates: [], outputs: [], route: [], bridges: [], quotedChecks: [] }
}

/** The router's Token struct back into (type, address?, amount): ERC-20 is abi.encode(token, amount), native abi.encode(amount). */
function readToken(t: { tokenType: number; data: Hex }) {
  if (t.tokenType === 0) return { type: 'native', amount: decodeAbiParameters([{ type: 'uint256' }], t.data)[0] }
  expect(t.tokenType).toBe(1)
  const [address, amount] = decodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], t.data)
  return { type: 'erc20', address, amount }
}

/** The shortcut call every router entry point carries (and the delegate's whole calldata). */
function readShortcut(data: Hex) {
  const call = decodeFunctionData({ abi: switchyardExecutorAbi, data })
  expect(call.functionName).toBe('executeShortcut')
  return call.args
}

describe('checkedDeliveries', () => {
  test('keeps exactly the deliveries to the receiver, whatever the address case, in order', () => {
    const b = built({
      inputs: [],
      deliveries: [
        { token: WETH, receiver: receiver.toLowerCase() as Address, estimate: 1n },
        { token: DAI, receiver: other, estimate: 2n },
        { token: USDC, receiver: receiver.toUpperCase().replace('0X', '0x') as Address, estimate: 3n },
      ],
    })
    expect(checkedDeliveries(b, receiver).map((d) => d.token)).toEqual([WETH, USDC])
    expect(checkedDeliveries(b, other).map((d) => d.token)).toEqual([DAI])
    expect(checkedDeliveries(b, executor)).toEqual([])
  })
})

describe('encodeBundleTx under the router', () => {
  test('safeRouteMulti: what the sender brings, one minimum per delivery to the receiver (native and ERC-20), the receiver, the shortcut', () => {
    const b = built({
      inputs: [{ token: USDC, amount: 1_000n }, { token: NATIVE, amount: 7n }],
      deliveries: [
        { token: WETH, receiver, estimate: undefined },
        { token: DAI, receiver: other, estimate: undefined },
        { token: NATIVE.toLowerCase() as Address, receiver: receiver.toLowerCase() as Address, estimate: undefined },
      ],
    })
    const tx = encodeBundleTx({ built: b, target: routerTarget, receiver, shortcut, mins: [11n, 22n] })
    expect(tx.value).toBe(7n)
    const call = decodeFunctionData({ abi: switchyardRouterAbi, data: tx.data })
    expect(call.functionName).toBe('safeRouteMulti')
    const [tokensIn, tokensOut, to, data] = call.args as unknown as [{ tokenType: number; data: Hex }[], { tokenType: number; data: Hex }[], Address, Hex]
    expect(tokensIn.map(readToken)).toEqual([{ type: 'erc20', address: USDC, amount: 1_000n }, { type: 'native', amount: 7n }])
    expect(tokensOut.map(readToken)).toEqual([{ type: 'erc20', address: WETH, amount: 11n }, { type: 'native', amount: 22n }])
    expect(to).toBe(getAddress(receiver))
    expect(readShortcut(data)).toEqual([shortcut.accountId, shortcut.requestId, commands, state])
  })

  test('routeMulti when nothing reaches the receiver: inputs and shortcut only, no minimum', () => {
    const b = built({ inputs: [{ token: NATIVE, amount: 5n }, { token: DAI, amount: 9n }], deliveries: [{ token: WETH, receiver: other, estimate: 1n }] })
    const tx = encodeBundleTx({ built: b, target: routerTarget, receiver, shortcut, mins: [] })
    expect(tx.value).toBe(5n)
    const call = decodeFunctionData({ abi: switchyardRouterAbi, data: tx.data })
    expect(call.functionName).toBe('routeMulti')
    const [tokensIn, data] = call.args as unknown as [{ tokenType: number; data: Hex }[], Hex]
    expect(tokensIn.map(readToken)).toEqual([{ type: 'native', amount: 5n }, { type: 'erc20', address: DAI, amount: 9n }])
    expect(readShortcut(data)).toEqual([shortcut.accountId, shortcut.requestId, commands, state])
  })

  test('no native input: value 0', () => {
    const b = built({ inputs: [{ token: USDC, amount: 3n }], deliveries: [{ token: WETH, receiver, estimate: 1n }] })
    expect(encodeBundleTx({ built: b, target: routerTarget, receiver, shortcut, mins: [0n] }).value).toBe(0n)
  })
})

describe('encodeBundleTx under the delegate strategy', () => {
  test('the calldata is executeShortcut itself (for the wallet to DELEGATECALL), value the sum of native inputs, minimums not encoded', () => {
    const wallet: Address = '0x000000000000000000000000000000000000aa11'
    const target: BundleTarget = { delegate: true, self: wallet, to: '0x000000000000000000000000000000000000de1e' }
    const b = built({
      inputs: [{ token: NATIVE, amount: 4n }, { token: USDC, amount: 100n }, { token: NATIVE.toLowerCase() as Address, amount: 6n }],
      deliveries: [{ token: WETH, receiver, estimate: 1n }],
    })
    const tx = encodeBundleTx({ built: b, target, receiver, shortcut, mins: [123n] })
    expect(tx.value).toBe(10n)
    expect(readShortcut(tx.data)).toEqual([shortcut.accountId, shortcut.requestId, commands, state])
    // the same plan with other minimums: identical calldata
    expect(encodeBundleTx({ built: b, target, receiver, shortcut, mins: [0n] })).toEqual(tx)
  })

  test('no native input: value 0', () => {
    const target: BundleTarget = { delegate: true, self: other, to: router }
    const b = built({ inputs: [{ token: USDC, amount: 100n }], deliveries: [] })
    expect(encodeBundleTx({ built: b, target, receiver, shortcut, mins: [] }).value).toBe(0n)
  })
})
