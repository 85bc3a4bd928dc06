import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestGateway } from '../testing/startTestGateway.js'
import { diffOpenApi, differenceId, type Difference } from './diffOpenApi.js'
import { knownDifferenceIds, knownDifferences } from './knownDifferences.js'
import { OPENAPI_URL } from './openApiPlugin.js'

/** The vendor's published document, pinned in the repository (test/reference/README.md). */
const REFERENCE = fileURLToPath(new URL('../../../test/reference/enso-openapi.json', import.meta.url))

/** Paste-ready entries for differences missing from knownDifferences.ts, one per kind and operation. */
function toEntries(differences: readonly Difference[]): string {
  const groups = new Map<string, Difference[]>()
  for (const d of differences) groups.set(`${d.kind} ${d.operation}`, [...(groups.get(`${d.kind} ${d.operation}`) ?? []), d])
  return [...groups.values()].map((list) => {
    const { kind, operation } = list[0]!
    const names = list.flatMap((d) => (d.name === undefined ? [] : [d.name]))
    return `  { kind: '${kind}', operation: '${operation}', ${names.length ? `names: ${JSON.stringify(names).replace(/"/g, '\'')}, ` : ''}reason: 'WHY' },`
  }).join('\n')
}

describe('our /api/v1 against the published Enso OpenAPI document', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>
  let differences: Difference[]

  beforeAll(async () => {
    expect(existsSync(REFERENCE), `the published document is read from ${REFERENCE}`).toBe(true)
    const reference = JSON.parse(readFileSync(REFERENCE, 'utf8')) as Record<string, unknown>
    gateway = await startTestGateway()
    const ours = (await gateway.app.inject({ method: 'GET', url: OPENAPI_URL })).json() as Record<string, unknown>
    differences = diffOpenApi({ ours, reference })
  })
  afterAll(async () => gateway.close())

  it('every difference is listed in src/gateway/openapi/knownDifferences.ts', () => {
    const known = new Set(knownDifferenceIds())
    const unlisted = differences.filter((d) => !known.has(differenceId(d)))
    expect(unlisted.map(differenceId), `unlisted differences; add them with a reason:\n${toEntries(unlisted)}`).toEqual([])
  })

  it('every listed difference still exists (the list stays true)', () => {
    const actual = new Set(differences.map(differenceId))
    const stale = knownDifferenceIds().filter((id) => !actual.has(id))
    expect(stale, 'listed but no longer different; remove them from knownDifferences.ts').toEqual([])
  })

  it('lists each difference once, each with a reason', () => {
    const ids = knownDifferenceIds()
    expect(ids.length).toBe(new Set(ids).size)
    for (const d of knownDifferences) expect(d.reason.trim(), differenceId(d)).not.toBe('')
  })
})
