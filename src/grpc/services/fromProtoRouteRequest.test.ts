import { describe, expect, it } from 'vitest'
import { InvalidRequestError } from '../../errors/request.js'
import type { RouteRequest__Output } from '../generated/switchyard/routing/v1/RouteRequest.js'
import { fromProtoRouteRequest } from './fromProtoRouteRequest.js'

const base: RouteRequest__Output = {
  from_address: '0x2222222222222222222222222222222222222222',
  amount_in: ['1000'],
  token_in: ['0x3333333333333333333333333333333333333333'],
  token_out: ['0x4444444444444444444444444444444444444444'],
  min_amount_out: [],
  fee: [],
  ignore_aggregators: [],
  ignore_standards: [],
  ignore_bridges: [],
}

describe('fromProtoRouteRequest', () => {
  it('leaves unset optional fields and empty optional lists out', () => {
    expect(fromProtoRouteRequest(base)).toEqual({
      fromAddress: base.from_address,
      amountIn: ['1000'],
      tokenIn: base.token_in,
      tokenOut: base.token_out,
    })
  })

  it('passes empty required lists through and drops an empty from_address', () => {
    expect(fromProtoRouteRequest({ ...base, from_address: '', amount_in: [], token_in: [], token_out: [] }))
      .toEqual({ amountIn: [], tokenIn: [], tokenOut: [] })
  })

  it('maps every set field, zero values included', () => {
    const out = fromProtoRouteRequest({
      ...base,
      chain_id: '0', _chain_id: 'chain_id',
      routing_strategy: 'delegate', _routing_strategy: 'routing_strategy',
      to_eoa: false, _to_eoa: 'to_eoa',
      receiver: '0x5555555555555555555555555555555555555555', _receiver: 'receiver',
      spender: '0x6666666666666666666666666666666666666666', _spender: 'spender',
      min_amount_out: ['1'],
      slippage: '', _slippage: 'slippage',
      fee: ['10'],
      fee_receiver: '0x7777777777777777777777777777777777777777', _fee_receiver: 'fee_receiver',
      ignore_aggregators: ['x'],
      ignore_standards: ['y'],
      referral_code: 'ref', _referral_code: 'referral_code',
      destination_chain_id: '8453', _destination_chain_id: 'destination_chain_id',
      refund_receiver: '0x8888888888888888888888888888888888888888', _refund_receiver: 'refund_receiver',
      variable_estimates_json: '{"a":{"b":"1"}}', _variable_estimates_json: 'variable_estimates_json',
      account_id: '0xffff', _account_id: 'account_id',
    })
    expect(out).toEqual({
      fromAddress: base.from_address,
      amountIn: ['1000'],
      tokenIn: base.token_in,
      tokenOut: base.token_out,
      chainId: 0,
      routingStrategy: 'delegate',
      toEoa: false,
      receiver: '0x5555555555555555555555555555555555555555',
      spender: '0x6666666666666666666666666666666666666666',
      minAmountOut: ['1'],
      slippage: '',
      fee: ['10'],
      feeReceiver: '0x7777777777777777777777777777777777777777',
      ignoreAggregators: ['x'],
      ignoreStandards: ['y'],
      referralCode: 'ref',
      destinationChainId: 8453,
      refundReceiver: '0x8888888888888888888888888888888888888888',
      variableEstimates: { a: { b: '1' } },
    })
    expect(out).not.toHaveProperty('accountId')
  })

  it('keeps uint64 chain ids beyond 2^53 out of the safe range', () => {
    const out = fromProtoRouteRequest({ ...base, chain_id: '18446744073709551615', _chain_id: 'chain_id' })
    expect(Number.isSafeInteger(out.chainId)).toBe(false)
  })

  it('passes non-object JSON through for the validator, and refuses invalid JSON', () => {
    expect(fromProtoRouteRequest({ ...base, variable_estimates_json: '[1]', _variable_estimates_json: 'variable_estimates_json' }).variableEstimates).toEqual([1])
    const bad = () => fromProtoRouteRequest({ ...base, variable_estimates_json: '{"a":', _variable_estimates_json: 'variable_estimates_json' })
    expect(bad).toThrow(InvalidRequestError)
    expect(bad).toThrowErrorMatchingInlineSnapshot(`[InvalidRequestError: variableEstimates: variable_estimates_json must be a JSON object]`)
  })
})
