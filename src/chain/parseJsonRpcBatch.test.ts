import fc from 'fast-check'
import { describe, expect, test, vi } from 'vitest'
import { parseJsonRpcBatch } from './parseJsonRpcBatch.js'

/** `text` as bytes cut at the given fractions (a multi-byte character may be cut in two). */
function chunked(text: string, cuts: readonly number[]): Buffer[] {
  const bytes = Buffer.from(text, 'utf8')
  const at = [...new Set(cuts.map((c) => Math.floor(c * bytes.length)))].sort((a, b) => a - b)
  const out: Buffer[] = []
  let from = 0
  for (const cut of [...at, bytes.length]) {
    if (cut > from) out.push(bytes.subarray(from, cut))
    from = Math.max(from, cut)
  }
  return out
}

/** Strings that look like the boundary, inside values: the parse must never be fooled by them. */
const tricky = fc.constantFrom(',{"jsonrpc":', '},{"jsonrpc":"2.0"', '"]', '[', '\\', 'é€😀', '0x' + 'ab'.repeat(40))
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    tricky,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('node'), { maxLength: 4 }),
    // An object whose first key is "jsonrpc": written compactly it holds the boundary's very text.
    fc.record({ jsonrpc: tie('node'), id: fc.integer() }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 3 }),
  ),
})).node
const answer = fc.oneof(
  fc.record({ jsonrpc: fc.constant('2.0'), id: fc.nat(), result: value }),
  fc.record({ jsonrpc: fc.constant('2.0'), id: fc.nat(), error: fc.record({ code: fc.integer(), message: fc.oneof(fc.string(), tricky) }) }),
)

describe('parseJsonRpcBatch', () => {
  test('equals JSON.parse of the whole body, for any batch answer cut into any chunks, large or small', () => {
    fc.assert(
      fc.property(
        fc.array(answer, { maxLength: 30 }),
        // Padding makes most bodies pass the size below which a body is parsed whole.
        fc.nat({ max: 6_000 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }),
        fc.boolean(),
        (answers, pad, cuts, spaced) => {
          const padded = [...answers, { jsonrpc: '2.0', id: 1e9, result: 'f'.repeat(pad * 20) }]
          const text = spaced ? ` \n${JSON.stringify(padded, null, 1)}\n ` : JSON.stringify(padded)
          expect(parseJsonRpcBatch(chunked(text, cuts))).toEqual(JSON.parse(text))
        },
      ),
      { numRuns: 300 },
    )
  })

  test('a large batch of simulation-sized answers is parsed piece by piece, to the same values', () => {
    const logs = Array.from({ length: 15 }, (_, i) => ({ address: `0x${'1'.repeat(40)}`, topics: [`0x${i.toString(16).padStart(64, '0')}`], data: `0x${'00'.repeat(64)}` }))
    const body = JSON.stringify(Array.from({ length: 40 }, (_, id) => ({ jsonrpc: '2.0', id, result: [{ calls: [{ status: '0x1', logs, returnData: '0x' }] }] })))
    expect(body.length).toBeGreaterThan(128 * 1024)
    const chunks = chunked(body, Array.from({ length: 20 }, (_, i) => i / 20))
    const parse = vi.spyOn(JSON, 'parse')
    try {
      const parsed = parseJsonRpcBatch(chunks)
      // One parse per answer, none of the whole body.
      expect(parse.mock.calls.map(([text]) => text.length).filter((n) => n > 64 * 1024)).toEqual([])
      expect(parse).toHaveBeenCalledTimes(40)
      expect(parsed).toEqual(JSON.parse(body))
    } finally {
      parse.mockRestore()
    }
  })

  test('an answer holding the boundary text in a nested object is not cut there', () => {
    const nested = { jsonrpc: '2.0', id: 2, result: ['0x1', { jsonrpc: 'not an answer', id: 3 }, { jsonrpc: '', id: 4 }] }
    const body = JSON.stringify([{ jsonrpc: '2.0', id: 1, result: 'f'.repeat(70_000) }, nested, { jsonrpc: '2.0', id: 5, result: null }])
    expect(body).toContain(',{"jsonrpc":"not an answer"')
    for (const cuts of [[], [0.5], [0.97, 0.98, 0.99]]) expect(parseJsonRpcBatch(chunked(body, cuts))).toEqual(JSON.parse(body))
  })

  test('a single answer, an empty batch and a bare error parse as they are', () => {
    for (const text of ['{"jsonrpc":"2.0","id":1,"result":"0x1"}', '[]', ' [ ] ', '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"batch too large"}}']) {
      expect(parseJsonRpcBatch([Buffer.from(text)])).toEqual(JSON.parse(text))
    }
    const big = `[${Array.from({ length: 3_000 }, (_, id) => `{"jsonrpc":"2.0","id":${id},"result":"0x${'ab'.repeat(20)}"}`).join(',')}]`
    expect(parseJsonRpcBatch(chunked(big, [0.1, 0.5, 0.9]))).toEqual(JSON.parse(big))
  })

  test('a body that is not JSON throws as JSON.parse does, small or large', () => {
    expect(() => parseJsonRpcBatch([Buffer.from('<html>502 Bad Gateway</html>')])).toThrow(SyntaxError)
    const truncated = `[${Array.from({ length: 3_000 }, (_, id) => `{"jsonrpc":"2.0","id":${id},"result":"0x00"}`).join(',')}`
    expect(() => parseJsonRpcBatch(chunked(truncated, [0.3, 0.6]))).toThrow(SyntaxError)
  })
})
