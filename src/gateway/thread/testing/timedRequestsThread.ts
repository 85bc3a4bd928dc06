/**
 * Test client in a thread of its own (startGatewayThread.test.ts): once told `go`, sends `count` POSTs
 * to `url`, one after another, and posts each answer's status, `code` and latency in ms. Being off the
 * main thread, it measures the gateway while the main thread is blocked.
 */
import { parentPort, workerData } from 'node:worker_threads'

const { url, count, headers, body } = workerData as { url: string; count: number; headers: Record<string, string>; body: string }
parentPort!.once('message', () => {
  void (async () => {
    const seen: { status: number; code: string | undefined; retryAfter: string | null; ms: number }[] = []
    for (let i = 0; i < count; i++) {
      const started = performance.now()
      const res = await fetch(url, { method: 'POST', headers, body })
      const json = (await res.json()) as { code?: string }
      seen.push({ status: res.status, code: json.code, retryAfter: res.headers.get('retry-after'), ms: performance.now() - started })
    }
    parentPort!.postMessage(seen)
  })()
})
parentPort!.postMessage('ready')
