import { describe, expect, it } from 'vitest'
import { fromProtoApproveRequest } from './fromProtoApproveRequest.js'
import { fromProtoNetworksRequest } from './fromProtoNetworksRequest.js'

describe('fromProtoApproveRequest', () => {
  it('maps fields, leaving out empty required strings and unset optionals', () => {
    expect(fromProtoApproveRequest({ from_address: '0xa', token_address: '0xb', amount: '5' })).toEqual({ fromAddress: '0xa', tokenAddress: '0xb', amount: '5' })
    expect(fromProtoApproveRequest({ from_address: '', token_address: '', amount: '' })).toEqual({})
    expect(fromProtoApproveRequest({
      from_address: '0xa', token_address: '0xb', amount: '0',
      chain_id: '8453', _chain_id: 'chain_id', routing_strategy: 'delegate', _routing_strategy: 'routing_strategy',
    })).toEqual({ fromAddress: '0xa', tokenAddress: '0xb', amount: '0', chainId: 8453, routingStrategy: 'delegate' })
  })
})

describe('fromProtoNetworksRequest', () => {
  it('maps set filters only', () => {
    expect(fromProtoNetworksRequest({})).toEqual({})
    expect(fromProtoNetworksRequest({ name: 'base', _name: 'name', chain_id: '8453', _chain_id: 'chain_id' })).toEqual({ name: 'base', chainId: 8453 })
  })
})
