import { createServer, type RequestListener } from 'node:http'

/** A test server on 127.0.0.1: its base URL and how to stop it. */
export type LocalServer = { url: string; close(): Promise<void> }

/**
 * Test-only: an HTTP server on a free port of 127.0.0.1 answering with `handler` (a node that answers
 * as a test wants it to).
 * @returns its URL; `close()` drops its open connections and stops it
 */
export async function listenLocally(handler: RequestListener): Promise<LocalServer> {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}
