import { connect } from 'node:net'

/** Parameters of {@link sendRawGrpcCall}. */
export type SendRawGrpcCallParameters = {
  /** `host:port` of a plaintext (h2c) gRPC server. */
  address: string
  /** `/package.Service/Method`. */
  path: string
  /** Request headers after the pseudo-headers and `content-type`/`te`; a name may repeat. */
  headers: readonly (readonly [string, string])[]
  /**
   * The serialized request message (sent with the 5-byte gRPC prefix, uncompressed), or `undefined`
   * to send the headers only and leave the stream open: an answer then came before any message.
   */
  message: Uint8Array | undefined
  /** Default 5 000 ms. */
  timeoutMs?: number | undefined
}

const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1')
const DATA = 0x0
const HEADERS = 0x1
const RST_STREAM = 0x3
const SETTINGS = 0x4
const GOAWAY = 0x7
const END_STREAM = 0x1
const END_HEADERS = 0x4
const ACK = 0x1

function frame(type: number, flags: number, stream: number, payload: Uint8Array): Buffer {
  const head = Buffer.alloc(9)
  head.writeUIntBE(payload.length, 0, 3)
  head.writeUInt8(type, 3)
  head.writeUInt8(flags, 4)
  head.writeUInt32BE(stream, 5)
  return Buffer.concat([head, payload])
}

/** An HPACK integer with a 7-bit prefix (RFC 7541 §5.1), no Huffman flag. */
function hpackLength(n: number): number[] {
  if (n < 127) return [n]
  const out = [127]
  let rest = n - 127
  while (rest >= 128) {
    out.push((rest % 128) + 128)
    rest = Math.floor(rest / 128)
  }
  out.push(rest)
  return out
}

/** Every header as an HPACK literal without indexing, new name (RFC 7541 §6.2.2): no table, no Huffman. */
function hpack(headers: readonly (readonly [string, string])[]): Buffer {
  const bytes: number[] = []
  for (const [name, value] of headers) {
    const n = Buffer.from(name, 'latin1')
    const v = Buffer.from(value, 'latin1')
    bytes.push(0x00, ...hpackLength(n.length), ...n, ...hpackLength(v.length), ...v)
  }
  return Buffer.from(bytes)
}

/**
 * Test-only: one gRPC call over a hand-written HTTP/2 connection, for requests that grpc-js and
 * Node's http2 client refuse to send (two `authorization` values: Node treats the header as
 * single-valued; other clients send it). The answer is not decoded (the server compresses its
 * headers with HPACK tables and Huffman codes); the promise settles when the server ends the stream
 * (trailers, a reset or GOAWAY), and tests read the outcome from the server's side (its logs and
 * budgets).
 * @param params - {@link SendRawGrpcCallParameters}
 * @returns how the server ended the stream
 */
export function sendRawGrpcCall({ address, path, headers, message, timeoutMs = 5_000 }: SendRawGrpcCallParameters): Promise<'ended' | 'reset' | 'goaway'> {
  const colon = address.lastIndexOf(':')
  const host = address.slice(0, colon)
  const port = Number(address.slice(colon + 1))
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port })
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no end of stream from ${address} within ${timeoutMs} ms`))
    }, timeoutMs)
    const done = (how: 'ended' | 'reset' | 'goaway') => {
      clearTimeout(timer)
      socket.destroy()
      resolve(how)
    }
    socket.on('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
    socket.on('connect', () => {
      const block = hpack([
        [':method', 'POST'], [':scheme', 'http'], [':path', path], [':authority', address],
        ['content-type', 'application/grpc'], ['te', 'trailers'], ...headers,
      ])
      const frames = [PREFACE, frame(SETTINGS, 0, 0, Buffer.alloc(0)), frame(HEADERS, END_HEADERS, 1, block)]
      if (message !== undefined) {
        const body = Buffer.alloc(5 + message.length)
        body.writeUInt32BE(message.length, 1)
        body.set(message, 5)
        frames.push(frame(DATA, END_STREAM, 1, body))
      }
      socket.write(Buffer.concat(frames))
    })
    let pending = Buffer.alloc(0)
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk])
      while (pending.length >= 9) {
        const length = pending.readUIntBE(0, 3)
        if (pending.length < 9 + length) break
        const type = pending.readUInt8(3)
        const flags = pending.readUInt8(4)
        const stream = pending.readUInt32BE(5) & 0x7fffffff
        pending = pending.subarray(9 + length)
        if (type === SETTINGS && (flags & ACK) === 0) socket.write(frame(SETTINGS, ACK, 0, Buffer.alloc(0)))
        else if (type === GOAWAY) return done('goaway')
        else if (stream === 1 && type === RST_STREAM) return done('reset')
        else if (stream === 1 && (type === HEADERS || type === DATA) && (flags & END_STREAM) !== 0) return done('ended')
      }
    })
  })
}
