import pino from 'pino'
import { configSchema } from '../src/config.js'
import { startSwitchyard } from '../src/startSwitchyard.js'

/**
 * One replica for `bench/scaleOut.ts`, in its own process (its own event loop and worker pool):
 * argv = rpcUrl redisUrl apiKey. Prints its REST base URL on stdout, stops on SIGTERM.
 */
const [rpcUrl, redisUrl, apiKey] = process.argv.slice(2)
const config = configSchema.parse({
  chains: [1], rpc: { '1': rpcUrl }, httpPort: 0, grpcPort: 0, apiKeys: [apiKey], rateLimitPerMinute: 1_000_000_000,
  logLevel: 'silent', engineThreads: 1, redisUrl,
})
const running = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
process.stdout.write(`${running.httpUrl}\n`)
process.on('SIGTERM', () => void running.stop().then(() => process.exit(0)))
