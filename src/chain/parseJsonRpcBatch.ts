/** Where one answer of a batch ends and the next begins, as nodes write them (anvil, geth, reth): `,{"jsonrpc":`. */
const BOUNDARY = Buffer.from(',{"jsonrpc":')

/** Bodies up to this many bytes are parsed whole. */
const WHOLE_MAX_BYTES = 64 * 1024

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
  const split = parseSplit(chunks, size)
  return split === FAILED ? parseWhole(chunks, size) : split
}

/** JSON's whitespace bytes. */
const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09

function parseWhole(chunks: readonly Uint8Array[], size: number): unknown {
  return JSON.parse(joined(chunks, size).toString('utf8'))
}

/** The chunks as one Buffer (off V8's heap; one copy, none for a single chunk). */
function joined(chunks: readonly Uint8Array[], size: number): Buffer {
  return chunks.length === 1 ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.length) : Buffer.concat(chunks, size)
}

function tryParse(piece: string): unknown {
  try {
    return JSON.parse(piece)
  } catch {
    return FAILED
  }
}

/** Cut at the boundaries in the bytes (ASCII, so never inside a UTF-8 character); only each piece becomes a string. */
function parseSplit(chunks: readonly Uint8Array[], size: number): unknown[] | typeof FAILED {
  const body = joined(chunks, size)
  let from = 0
  while (isSpace(body[from])) from++
  if (body[from] !== 0x5b) return FAILED
  from++
  let end = body.length
  while (end > from && isSpace(body[end - 1])) end--
  if (body[end - 1] !== 0x5d) return FAILED
  end--
  const out: unknown[] = []
  for (let at = body.indexOf(BOUNDARY, from); at >= 0 && at < end; at = body.indexOf(BOUNDARY, from)) {
    const value = tryParse(body.toString('utf8', from, at))
    if (value === FAILED) return FAILED
    out.push(value)
    from = at + 1
  }
  const last = tryParse(body.toString('utf8', from, end))
  if (last === FAILED) return FAILED
  out.push(last)
  return out
}
