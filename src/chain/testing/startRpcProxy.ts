import type { IncomingMessage } from 'node:http'
import { listenLocally } from './listenLocally.js'

/** One JSON-RPC call as the proxy sees it. */
export type RpcCall = { jsonrpc: '2.0'; id: unknown; method: string; params?: unknown[] }

/** A JSON-RPC answer: `result` or `error`. */
export type RpcAnswer = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string } }

/**
 * Decides one call's answer. `forward()` sends the call to the real node and returns its answer;
 * a handler may change it, replace it or skip the node entirely.
 */
export type RpcProxyHandler = (call: RpcCall, forward: () => Promise<RpcAnswer>) => Promise<RpcAnswer>

/** A running proxy; `handler` can be swapped while it runs (a node that starts lying after startup). */
export type RpcProxy = { url: string; handler: RpcProxyHandler; close(): Promise<void> }

const passThrough: RpcProxyHandler = (_call, forward) => forward()

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Test-only: a JSON-RPC proxy on 127.0.0.1 in front of a real node (a devnet anvil), so tests can
 * make a node lie (another chain id, a head a million blocks ahead, garbage simulations) while
 * every other call reaches the real chain. Batches are answered call by call.
 * @returns the proxy; `close()` stops it
 */
export async function startRpcProxy({ target, handler = passThrough }: { target: string; handler?: RpcProxyHandler }): Promise<RpcProxy> {
  const forwardOne = async (call: RpcCall): Promise<RpcAnswer> => {
    const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) })
    return (await res.json()) as RpcAnswer
  }
  const proxy: RpcProxy = { url: '', handler, close: async () => {} }
  const server = await listenLocally((req, res) => {
    void (async () => {
      const body = JSON.parse(await readBody(req)) as RpcCall | RpcCall[]
      const answer = Array.isArray(body)
        ? await Promise.all(body.map((c) => proxy.handler(c, () => forwardOne(c))))
        : await proxy.handler(body, () => forwardOne(body))
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(answer))
    })().catch((error: Error) => {
      res.writeHead(502)
      res.end(error.message)
    })
  })
  proxy.url = server.url
  proxy.close = server.close
  return proxy
}
