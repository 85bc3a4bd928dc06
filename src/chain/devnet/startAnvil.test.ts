import { expect, test } from 'vitest'
import { startAnvil } from './startAnvil.js'

test('startAnvil on a port another node already serves fails instead of handing out that node', async () => {
  const first = await startAnvil({ chainId: 1 })
  try {
    await expect(startAnvil({ chainId: 1, port: first.port, readyTimeoutMs: 5_000 })).rejects.toMatchObject({ name: 'DevnetStartError' })
  } finally {
    await first.stop()
  }
})
