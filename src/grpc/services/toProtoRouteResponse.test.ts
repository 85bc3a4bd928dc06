import { describe, expect, it } from 'vitest'
import { sampleApproveAnswer, sampleNetworks, sampleRouteAnswer } from '../testing/sampleAnswers.js'
import { toProtoApproveResponse } from './toProtoApproveResponse.js'
import { toProtoNetwork } from './toProtoNetwork.js'
import { toProtoRouteResponse } from './toProtoRouteResponse.js'
import { toProtoRouteStep } from './toProtoRouteStep.js'

describe('toProtoRouteResponse', () => {
  it('maps every field', () => {
    expect(toProtoRouteResponse(sampleRouteAnswer)).toEqual({
      gas: '123456',
      amount_out: '1000',
      min_amount_out: '995',
      fee_amount: ['0'],
      enso_fee_amount: ['0'],
      price_impact: 12.5,
      created_at: '19000000',
      tx: sampleRouteAnswer.tx,
      route: [{
        token_in: ['0x3333333333333333333333333333333333333333'],
        token_out: ['0x4444444444444444444444444444444444444444'],
        protocol: 'uniswap-v2',
        action: 'swap',
        primary: '0x5555555555555555555555555555555555555555',
        internal_routes: [],
        args_json: '{"amountIn":"1000","path":["a","b"]}',
        chain_id: '1',
      }],
      bridging_estimates: [],
      amounts_out: ['1000'],
      min_amounts_out: ['995'],
      block_number: '19000000',
      valid_until: '1700000060',
      unknown_filters: [],
      external_contracts: ['0x6666666666666666666666666666666666666666'],
    })
    const crossChain = toProtoRouteResponse({ ...sampleRouteAnswer, bridgingEstimates: [{ fromChainId: 1, toChainId: 8453, token: '0x3333333333333333333333333333333333333333', estimatedSeconds: 2, bridge: 'stargate', source: 'devnet' }] })
    expect(crossChain.bridging_estimates).toEqual([{ from_chain_id: '1', to_chain_id: '8453', token: '0x3333333333333333333333333333333333333333', estimated_seconds: 2, bridge: 'stargate', source: 'devnet' }])
  })

  it('leaves price_impact unset when null, keeps 0', () => {
    expect(toProtoRouteResponse({ ...sampleRouteAnswer, priceImpact: null })).not.toHaveProperty('price_impact')
    expect(toProtoRouteResponse({ ...sampleRouteAnswer, priceImpact: 0 }).price_impact).toBe(0)
  })
})

describe('toProtoRouteStep', () => {
  it('writes bigints in args as strings and optional chain ids when set', () => {
    const [step] = sampleRouteAnswer.route
    if (!step) throw new Error('sample has a step')
    const out = toProtoRouteStep({ ...step, args: { amount: 10n ** 30n }, sourceChainId: 1, destinationChainId: 8453 })
    expect(out.args_json).toBe('{"amount":"1000000000000000000000000000000"}')
    expect(out.source_chain_id).toBe('1')
    expect(out.destination_chain_id).toBe('8453')
  })
})

describe('toProtoApproveResponse', () => {
  it('maps every field', () => {
    const prerequisite = { ...sampleApproveAnswer.tx, data: '0x095ea7b30000' as const }
    expect(toProtoApproveResponse({ ...sampleApproveAnswer, prerequisites: [prerequisite], requiresZeroAllowanceFirst: true })).toEqual({
      tx: sampleApproveAnswer.tx,
      gas: '46000',
      token: sampleApproveAnswer.token,
      amount: '1000',
      spender: sampleApproveAnswer.spender,
      prerequisites: [prerequisite],
      requires_zero_allowance_first: true,
    })
  })
})

describe('toProtoNetwork', () => {
  it('writes the id as a string', () => {
    expect(sampleNetworks.map(toProtoNetwork)).toEqual([
      { id: '1', name: 'ethereum', is_connected: true },
      { id: '8453', name: 'base', is_connected: false },
    ])
  })

  it('writes an external chain’s pool index, counts as strings (uint64)', () => {
    const index = { indexedBlock: 338, minPoolTvlUsd: 10_000, poolsIndexed: 47, poolsAboveFloor: 46, protocols: [{ protocol: 'uniswap-v2', indexed: 14, aboveFloor: 13 }] }
    expect(toProtoNetwork({ id: 1, name: 'Ethereum', isConnected: true, index }).index).toEqual({
      indexed_block: '338', min_pool_tvl_usd: 10_000, pools_indexed: '47', pools_above_floor: '46', protocols: [{ protocol: 'uniswap-v2', indexed: '14', above_floor: '13' }],
    })
  })
})
