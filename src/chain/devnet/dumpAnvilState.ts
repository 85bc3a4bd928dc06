import { once } from 'node:events'
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'

/** Parameters of {@link dumpAnvilState}. */
export type DumpAnvilStateParameters = {
  /** Where the plain JSON state (what `anvil --load-state` reads) is written, atomically. */
  file: string
}

/** What {@link dumpAnvilState} wrote. */
export type DumpAnvilStateReturnType = {
  /** Bytes of the gzip-compressed dump the node sent. */
  compressedBytes: number
  /** Bytes of the JSON state written to `file`. */
  bytes: number
}

export type DumpAnvilStateErrorType = Error

/** The head of the answer is read as text until the result starts; an error answer is short. */
const MAX_HEAD_BYTES = 1 << 20
const RESULT_START = /"result"\s*:\s*"0x/
const QUOTE = 0x22

/**
 * Dumps an anvil node's whole state (`anvil_dumpState`) into `file`, at any size. The node answers
 * gzip-compressed JSON as one hex string; a JSON-RPC client reads that whole answer into memory (viem
 * refuses answers past 10 MiB: a chain of ~160 pools passed it), so the body is streamed here instead:
 * hex decoded chunk by chunk, gunzipped and written to a temporary file that is renamed into place, so
 * a reader never sees half a file. Memory stays bounded by the stream buffers, whatever the state holds.
 *
 * @example
 * await dumpAnvilState({ rpcUrl: node.rpcUrl }, { file: '.switchyard/cache/devnet-1-abc.state.json' })
 *
 * @param node - the anvil node (`rpcUrl`)
 * @param params - {@link DumpAnvilStateParameters}
 * @returns {@link DumpAnvilStateReturnType}
 * @throws {@link DumpAnvilStateErrorType} when the node answers an error, no result, or a body that is not a gzip dump
 */
export async function dumpAnvilState(node: { rpcUrl: string }, { file }: DumpAnvilStateParameters): Promise<DumpAnvilStateReturnType> {
  const res = await fetch(node.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_dumpState', params: [] }),
  })
  if (!res.ok || !res.body) throw new Error(`anvil_dumpState: HTTP ${res.status}`)
  mkdirSync(dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  const gunzip = createGunzip()
  const out = createWriteStream(tmp)
  gunzip.pipe(out)
  const written = finished(out)
  // Reported by `written` (or the final write): never an unhandled 'error' event.
  gunzip.on('error', (error) => out.destroy(error))
  let head = ''
  let inResult = false
  let done = false
  let carry = ''
  let compressedBytes = 0
  try {
    for await (const chunk of Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>) as AsyncIterable<Buffer>) {
      if (done) continue
      let hex: Buffer
      if (!inResult) {
        head += chunk.toString('latin1')
        const match = RESULT_START.exec(head)
        if (!match) {
          if (head.length > MAX_HEAD_BYTES) throw new Error('anvil_dumpState: no result in the answer')
          continue
        }
        inResult = true
        hex = Buffer.from(head.slice(match.index + match[0].length), 'latin1')
        head = ''
      } else {
        hex = chunk
      }
      const end = hex.indexOf(QUOTE)
      if (end >= 0) {
        hex = hex.subarray(0, end)
        done = true
      }
      // A chunk may end inside a byte's two hex digits: carry the odd one over.
      let text = carry + hex.toString('latin1')
      carry = text.length % 2 ? text.slice(-1) : ''
      if (carry) text = text.slice(0, -1)
      const bytes = Buffer.from(text, 'hex')
      if (bytes.length * 2 !== text.length) throw new Error('anvil_dumpState: the result is not a hex string')
      compressedBytes += bytes.length
      if (!gunzip.write(bytes)) await Promise.race([once(gunzip, 'drain'), written])
    }
    if (!inResult) {
      const answer = JSON.parse(head) as { error?: { message?: string } }
      throw new Error(`anvil_dumpState: ${answer.error?.message ?? 'no result'}`)
    }
    if (!done || carry) throw new Error('anvil_dumpState: the answer ended inside the result')
    gunzip.end()
    await written
    renameSync(tmp, file)
    return { compressedBytes, bytes: out.bytesWritten }
  } catch (error) {
    gunzip.destroy()
    out.destroy()
    await written.catch(() => {})
    rmSync(tmp, { force: true })
    throw error
  }
}
