import { StringDecoder } from 'node:string_decoder'

/** Where one answer of a batch ends and the next begins, as nodes write them (anvil, geth, reth): `,{"jsonrpc":`. */
const BOUNDARY = ',{"jsonrpc":'

/** Bodies up to this many bytes are parsed whole. */
const WHOLE_MAX_BYTES = 64 * 1024

/** An unfinished answer longer than this stops the splitting (one huge answer: parsed whole). */
const MAX_CARRY_CHARS = 512 * 1024

const FAILED = Symbol('failed')

/**
 * Parses a JSON-RPC answer from the chunks it arrived in, as `JSON.parse` of the whole body would. A
 * batch's answer (a JSON array) is parsed answer by answer: cut where the text reads `,{"jsonrpc":`,
 * each piece parsed on its own. The whole array is `[` + the pieces joined by `,` + `]`, so when every
 * piece parses, the pieces' values are exactly the array's elements; a cut inside an answer (that text
 * nested in a result) leaves a piece that does not parse, and then the body is parsed whole. The
 * pieces are what changes: a batch of simulations answers a few hundred kilobytes, and as one string
 * it lands in V8's large-object space, whose every allocation maps fresh pages from the kernel — on this
 * project's 2-core VMs ~14 µs a page, ~2 ms for each such answer — where a piece of a few kilobytes
 * does not. Pure.
 * @param chunks - the body as received
 * @returns the parsed body
 * @throws SyntaxError when the body is not JSON
 */
export function parseJsonRpcBatch(chunks: readonly Uint8Array[]): unknown {
  let size = 0
  for (const chunk of chunks) size += chunk.length
  if (size <= WHOLE_MAX_BYTES) return parseWhole(chunks, size)
  const split = parseSplit(chunks)
  return split === FAILED ? parseWhole(chunks, size) : split
}

function parseWhole(chunks: readonly Uint8Array[], size: number): unknown {
  const body = chunks.length === 1 ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.length) : Buffer.concat(chunks, size)
  return JSON.parse(body.toString('utf8'))
}

function tryParse(piece: string): unknown {
  try {
    return JSON.parse(piece)
  } catch {
    return FAILED
  }
}

function parseSplit(chunks: readonly Uint8Array[]): unknown[] | typeof FAILED {
  const decoder = new StringDecoder('utf8')
  const out: unknown[] = []
  let carry = ''
  let opened = false
  for (const chunk of chunks) {
    let text = carry + decoder.write(chunk as Buffer)
    if (!opened) {
      const start = text.search(/\S/)
      if (start < 0) {
        carry = ''
        continue
      }
      if (text[start] !== '[') return FAILED
      text = text.slice(start + 1)
      opened = true
    }
    // A boundary may straddle the previous chunk's end: look from just before it.
    let from = 0
    let at = text.indexOf(BOUNDARY, Math.max(0, carry.length - BOUNDARY.length))
    while (at >= 0) {
      const value = tryParse(text.slice(from, at))
      if (value === FAILED) return FAILED
      out.push(value)
      from = at + 1
      at = text.indexOf(BOUNDARY, from)
    }
    carry = text.slice(from)
    if (carry.length > MAX_CARRY_CHARS) return FAILED
  }
  const rest = (carry + decoder.end()).trimEnd()
  if (!opened || !rest.endsWith(']')) return FAILED
  const last = tryParse(rest.slice(0, -1))
  if (last === FAILED) return FAILED
  out.push(last)
  return out
}
