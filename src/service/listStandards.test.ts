import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { protocolAdapters } from '../protocols/registry.js'
import type { ServiceContext } from './context.js'
import { listStandards, publishedActionOf } from './listStandards.js'

/** The published OpenAPI's `StandardAction.action` enum (the pinned copy in test/reference). */
const reference = JSON.parse(readFileSync(new URL('../../test/reference/enso-openapi.json', import.meta.url), 'utf8')) as {
  components: { schemas: { StandardAction: { properties: { action: { enum: string[] } } } } }
}
const publishedActions = new Set(reference.components.schemas.StandardAction.properties.action.enum)

// No chain: the declarations alone decide names (chains only fill supportedChains and details.chains).
const ctx = { chains: {} } as unknown as ServiceContext

describe('listStandards', () => {
  it('names every action of every protocol as the published StandardAction enum does (route verbs stake, wrap, unwrap, supply mapped)', () => {
    const outside = listStandards(ctx, {}).flatMap((s) => s.actions.filter((a) => !publishedActions.has(a.action)).map((a) => `${s.protocol.slug} ${a.action}`))
    expect(outside).toEqual([])
    for (const target of Object.values(publishedActionOf)) expect(publishedActions.has(target)).toBe(true)
    // Every adapter verb is published or mapped, so the route engine cannot add one unnoticed.
    for (const a of protocolAdapters) for (const action of a.actions) expect(publishedActions.has(publishedActionOf[action] ?? action), `${a.slug} ${action}`).toBe(true)
  })

  it('lists each action once after mapping, with the functions the mapped action calls', () => {
    const [lido] = listStandards(ctx, { slug: 'lido' })
    const names = lido!.actions.map((a) => a.action)
    expect(names.slice(0, 2)).toEqual(['deposit', 'redeem'])
    expect(new Set(names).size).toBe(names.length)
    expect(lido!.actions[0]!.functionNames).toEqual(['submit', 'wrap'])
    const [aave] = listStandards(ctx, { slug: 'aave-v3' })
    expect(aave!.actions.map((a) => a.action).slice(0, 2)).toEqual(['deposit', 'withdraw'])
  })

  it('describes each protocol as a ProtocolModel (details: what GET /standards/{slug} answers)', () => {
    expect(listStandards(ctx, { slug: 'uniswap-v2' })[0]!.details).toEqual({
      project: 'uniswap', slug: 'uniswap-v2', name: 'Uniswap V2', description: expect.any(String), url: 'https://app.uniswap.org', logosUri: [], chains: [],
    })
    expect(listStandards(ctx, { slug: 'enso' })[0]!.details).toMatchObject({ project: 'enso', slug: 'enso', name: 'Enso actions' })
  })
})
