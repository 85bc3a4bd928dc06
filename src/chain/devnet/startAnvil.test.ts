import { existsSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { ANVIL_MAX_PERSISTED_STATES, startAnvil } from './startAnvil.js'

test('startAnvil on a port another node already serves fails instead of handing out that node', async () => {
  const first = await startAnvil({ chainId: 1 })
  try {
    await expect(startAnvil({ chainId: 1, port: first.port, readyTimeoutMs: 5_000 })).rejects.toMatchObject({ name: 'DevnetStartError' })
  } finally {
    await first.stop()
  }
})

test('each node persists its states in a directory of its own, bounded, and removed when it exits, killed or stopped', async () => {
  const stopped = await startAnvil({ chainId: 1 })
  const killed = await startAnvil({ chainId: 1 })
  const flag = (pid: number, name: string) => {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    return args[args.indexOf(name) + 1]!
  }
  expect(flag(stopped.pid, '--max-persisted-states')).toBe(String(ANVIL_MAX_PERSISTED_STATES))
  const dirs = [flag(stopped.pid, '--cache-path'), flag(killed.pid, '--cache-path')]
  expect(new Set(dirs).size).toBe(2)
  for (const d of dirs) {
    expect(d.startsWith(join(tmpdir(), 'anvil-states-'))).toBe(true)
    expect(existsSync(d)).toBe(true)
  }
  await stopped.stop()
  process.kill(killed.pid, 'SIGKILL')
  await killed.exited
  for (const d of dirs) expect(existsSync(d), d).toBe(false)
})
