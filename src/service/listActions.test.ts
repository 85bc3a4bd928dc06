import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { actionInputDescriptions } from '../protocols/bundle/actionInputDescriptions.js'
import { describeActionInputs } from '../protocols/bundle/describeActionInputs.js'
import { bundleActions, bundleActionsByKey } from '../protocols/bundleRegistry.js'
import { listActions } from './listActions.js'

const openApi = JSON.parse(readFileSync(new URL('../../test/reference/enso-openapi.json', import.meta.url), 'utf8')) as {
  components: { schemas: { Action: { properties: { action: { enum: string[] } } } } }
}

describe('describeActionInputs', () => {
  test('reads names, types, optionality and descriptions from the argument schema', () => {
    expect(describeActionInputs(bundleActionsByKey.get('erc20:transfer')!)).toEqual([
      { name: 'token', type: 'address', description: actionInputDescriptions.token, optional: false },
      { name: 'receiver', type: 'address', description: 'Receiver of the output', optional: false },
      { name: 'amount', type: 'uint256', description: "Amount in base units (wei); or { useOutputOfCallAt, index? } for an earlier action's output", optional: true },
      { name: 'tokenId', type: 'uint256', description: "Token id (NFT position); or { useOutputOfCallAt, index? } for an earlier action's output", optional: true },
    ])
    expect(describeActionInputs(bundleActionsByKey.get('helpers:toggle')!).map((i) => [i.name, i.type])).toEqual([['condition', 'bool'], ['amountA', 'uint256'], ['amountB', 'uint256']])
    expect(describeActionInputs(bundleActionsByKey.get('permit2:permittransferfrom')!).find((i) => i.name === 'signature')).toMatchObject({ type: 'bytes', optional: false })
    expect(describeActionInputs(bundleActionsByKey.get('uniswap-v3:depositclmm')!).find((i) => i.name === 'tokenIn')).toMatchObject({ type: 'address[]' })
  })

  test('every declared argument has a description; every action name is one the OpenAPI knows', () => {
    const names = new Set(bundleActions.flatMap((a) => describeActionInputs(a).map((i) => i.name)))
    expect(names.size).toBeGreaterThan(40)
    expect([...names].filter((n) => actionInputDescriptions[n] === undefined)).toEqual([])
    const known = new Set(openApi.components.schemas.Action.properties.action.enum)
    expect([...new Set(bundleActions.map((a) => a.action))].filter((a) => !known.has(a))).toEqual([])
  })
})

describe('listActions', () => {
  test('with a slug: that protocol’s actions in registry order, exact inputs', () => {
    const erc20 = listActions({ slug: 'erc20' })
    expect(erc20.map((a) => a.action)).toEqual(['approve', 'transfer', 'transferfrom'])
    expect(erc20[1]).toEqual({ action: 'transfer', inputs: describeActionInputs(bundleActionsByKey.get('erc20:transfer')!) })
    expect(listActions({ slug: 'uniswap-v4' }).map((a) => a.action)).toEqual(['depositclmm', 'redeemclmm'])
  })

  test('without a slug: each action once; inputs merged (optional unless every protocol requires them, types joined)', () => {
    const all = listActions({})
    const actions = all.map((a) => a.action)
    expect(actions.length).toBe(new Set(bundleActions.map((a) => a.action)).size)
    expect(new Set(actions).size).toBe(actions.length)
    const deposit = all.find((a) => a.action === 'deposit')!
    const protocols = bundleActions.filter((a) => a.action === 'deposit').map((a) => a.protocol)
    expect(protocols.length).toBeGreaterThan(2)
    const tokenIn = deposit.inputs.find((i) => i.name === 'tokenIn')!
    // uniswap-v2 takes several tokens, erc4626 one: both spellings are listed.
    expect(tokenIn.type.split(' | ').sort()).toEqual(expect.arrayContaining(['address', 'address[]']))
    const required = protocols.every((p) => describeActionInputs(bundleActionsByKey.get(`${p}:deposit`)!).some((i) => i.name === 'tokenIn' && !i.optional))
    expect(tokenIn.optional).toBe(!required)
    // An input only some protocols declare is optional in the merged view.
    const partial = deposit.inputs.find((i) => protocols.some((p) => !describeActionInputs(bundleActionsByKey.get(`${p}:deposit`)!).some((d) => d.name === i.name)))
    expect(partial?.optional).toBe(true)
  })

  test('an unknown slug is NOT_FOUND and names the known protocols', () => {
    expect(() => listActions({ slug: 'dodo' })).toThrow(expect.objectContaining({
      code: 'NOT_FOUND', shortMessage: 'Unknown protocol "dodo".', details: expect.stringMatching(/^Known protocols: enso, .*erc20/),
    }))
  })
})
