import type { Address, Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import type { BundleRouteStep } from '../../protocols/bundle/types.js'
import type { CompletedLeg } from './bridgingEstimateOf.js'
import { toBundleAnswer } from './toBundleAnswer.js'

const user = '0x00000000000000000000000000000000000b0d1e' as Address
const router = '0x0000000000000000000000000000000000007007' as Address
const actions = [{ protocol: 'enso', action: 'route', args: {} }]
const step = (chainId?: number) => ({ tokenIn: ['0xa'], tokenOut: ['0xb'], protocol: 'uniswap-v2', action: 'swap', primary: '0xp', ...(chainId === undefined ? {} : { chainId }) }) as unknown as BundleRouteStep
const base = {
  rawActions: actions, params: { chainId: 1, fromAddress: user, slippageBps: 50n }, snapshot: { blockNumber: 19_000_000n, timestamp: 1_700_000_000n },
  built: { route: [step(), step(8453)] }, gas: 250_000n, amountsOut: new Map([['0xWETH', 1_999n], ['0xUSDC', 1n]]), outputs: [[5n, 6n], []],
  approvals: [], bridged: undefined, destinationOut: new Map<number, Map<string, bigint>>(), priceImpact: 12.5, tx: { data: '0xabcd' as Hex, value: 3n, to: router },
  externalContracts: ['0x5000000000000000000000000000000000000005'],
}

describe('toBundleAnswer', () => {
  test('every output and its minimum less slippage (rounded down); gas, block, validity, tx from the sender; steps on the bundle\'s chain unless they say otherwise', () => {
    const answer = toBundleAnswer(base)
    expect(answer).toEqual({
      bundle: actions, gas: '250000', createdAt: 19_000_000,
      tx: { data: '0xabcd', to: router, from: user, value: '3' },
      amountsOut: { '0xWETH': '1999', '0xUSDC': '1' }, minAmountsOut: { '0xWETH': '1989', '0xUSDC': '0' },
      route: [{ ...step(), internalRoutes: [], args: {}, chainId: 1 }, { ...step(8453), internalRoutes: [], args: {}, chainId: 8453 }],
      priceImpact: 12.5, feeAmount: {}, approvals: [], validUntil: 1_700_000_060, actionOutputs: [['5', '6'], []],
      externalContracts: ['0x5000000000000000000000000000000000000005'],
    })
    expect(answer.bundle).toBe(actions)
  })

  test('outputs unreadable: actionOutputs undefined; bridges: one estimate per leg', () => {
    const leg = { sourceChainId: 1, leg: { route: { destinationChainId: 8453, token: '0xa', protocol: 'stargate' } } }
    const answer = toBundleAnswer({ ...base, outputs: undefined, bridged: { legs: [leg, leg] } as unknown as { legs: CompletedLeg[] } })
    expect(answer.actionOutputs).toBeUndefined()
    expect(answer.bridgingEstimates).toHaveLength(2)
    expect(answer.bridgingEstimates![0]).toMatchObject({ fromChainId: 1, toChainId: 8453, token: '0xa', bridge: 'stargate' })
    expect(answer.destinationAmountsOut).toEqual({})
  })

  test('destinationAmountsOut: the bridged part of the outputs as decimal strings, by chain and token; amountsOut keeps the source chain\'s too', () => {
    const ETH = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
    const destinationOut = new Map([[8453, new Map([[ETH, 750n]])], [10, new Map([[ETH, 3n]])]])
    const answer = toBundleAnswer({ ...base, amountsOut: new Map([[ETH, 1_000n]]), destinationOut, bridged: { legs: [] } as unknown as { legs: CompletedLeg[] } })
    expect(answer.destinationAmountsOut).toEqual({ 8453: { [ETH]: '750' }, 10: { [ETH]: '3' } })
    expect(answer.amountsOut).toEqual({ [ETH]: '1000' })
    // Without bridges there is no destination part.
    expect(toBundleAnswer({ ...base, destinationOut }).destinationAmountsOut).toBeUndefined()
  })
})
