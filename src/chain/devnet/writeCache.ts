import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { Hex } from 'viem'
import type { DevnetChain } from './devnetChain.js'
import type { CachePaths } from './planChains.js'

/** Writes a file atomically (write, then rename), so parallel test workers never read half a file. */
function writeAtomic(path: string, content: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = `${path}.${process.pid}.tmp`
  writeFileSync(tmp, content)
  renameSync(tmp, path)
}

/** Caches a built chain: its anvil state dump and its address book. */
export async function writeCache(chain: DevnetChain, paths: CachePaths): Promise<void> {
  // anvil_dumpState answers gzip-compressed JSON; `anvil --load-state` reads the plain JSON.
  const dump = (await chain.client.request({ method: 'anvil_dumpState' as never, params: [] as never })) as Hex
  writeAtomic(paths.state, gunzipSync(Buffer.from(dump.slice(2), 'hex')))
  writeAtomic(paths.book, JSON.stringify(chain.addressBook, null, 2))
}
