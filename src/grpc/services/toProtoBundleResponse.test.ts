import { describe, expect, it } from 'vitest'
import { sampleBundleAnswer, sampleNontokenizedRouteAnswer } from '../testing/sampleAnswers.js'
import { toProtoBundleResponse } from './toProtoBundleResponse.js'
import { toProtoNontokenizedRouteResponse } from './toProtoNontokenizedRouteResponse.js'

describe('toProtoBundleResponse', () => {
  it('maps the answer, externalContracts included', () => {
    expect(toProtoBundleResponse(sampleBundleAnswer)).toMatchObject({
      bundle_json: JSON.stringify(sampleBundleAnswer.bundle), gas: '123456', created_at: '100', valid_until: '1700000060',
      external_contracts: ['0x7777777777777777777777777777777777777777'],
    })
  })
})

describe('toProtoNontokenizedRouteResponse', () => {
  it('carries the bundle\'s externalContracts', () => {
    const external = ['0x8888888888888888888888888888888888888888']
    expect(toProtoNontokenizedRouteResponse({ ...sampleNontokenizedRouteAnswer, externalContracts: external }).external_contracts).toEqual(external)
  })
})
