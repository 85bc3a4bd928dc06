/**
 * `npm run traffic [-- options]`: random traffic on a devnet chain, one block at a time (see
 * `createTraffic`): swaps, V2 liquidity added and removed, vault deposits.
 *
 * Options:
 *   --chain id        the chain (default 1)
 *   --manifest path   the devnet manifest `npm start` writes (default .switchyard/devnet.json): the
 *                     chain's RPC URL and address book
 *   --interval s      seconds between blocks (default 12; Base's pace is 2)
 *   --per-block n     transactions per block (default 200)
 *   --traders n       trading accounts (default 32)
 *   --seed s          seed (default `traffic`)
 *   --blocks n        stop after n blocks (default: until Ctrl-C)
 *
 * Example: `SWITCHYARD_SCENARIO=src/chain/devnet/scenarios/large.json npm start`, then in another
 * shell `npm run traffic -- --chain 8453 --interval 2 --per-block 500`.
 */
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { createDevnetClient } from '../createDevnetClient.js'
import { readDevnetManifest } from '../../readDevnetManifest.js'
import { startTraffic } from './startTraffic.js'

const { values } = parseArgs({
  options: {
    chain: { type: 'string', default: '1' },
    manifest: { type: 'string', default: '.switchyard/devnet.json' },
    interval: { type: 'string', default: '12' },
    'per-block': { type: 'string', default: '200' },
    traders: { type: 'string', default: '32' },
    seed: { type: 'string', default: 'traffic' },
    blocks: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
})
const numberOf = (name: string, value: string | undefined, min: number): number => {
  const n = Number(value)
  if (!Number.isFinite(n) || n < min) {
    console.error(`--${name}: a number ≥ ${min}, not ${value}`)
    process.exit(2)
  }
  return n
}

if (values.help) {
  console.log('usage: npm run traffic -- [--chain 1] [--manifest .switchyard/devnet.json] [--interval 12] [--per-block 200] [--traders 32] [--seed traffic] [--blocks n]')
  process.exit(0)
}
if (!existsSync(values.manifest)) {
  console.error(`no devnet manifest at ${values.manifest}: start the service first (npm start), or pass --manifest`)
  process.exit(2)
}
const chainId = numberOf('chain', values.chain, 1)
const entry = readDevnetManifest(values.manifest).chains[chainId]
if (!entry) {
  console.error(`the manifest has no chain ${chainId}`)
  process.exit(2)
}
const client = createDevnetClient({ rpcUrl: entry.rpcUrl, chainId })
const traffic = startTraffic(client, entry.addressBook, {
  seed: values.seed,
  perBlock: numberOf('per-block', values['per-block'], 1),
  traders: numberOf('traders', values.traders, 1),
  intervalMs: numberOf('interval', values.interval, 0) * 1000,
  blocks: values.blocks === undefined ? undefined : numberOf('blocks', values.blocks, 1),
  onBlock: ({ block, ms, stats }) => console.log(`block ${block}: ${ms} ms; ${stats.sent} sent (${stats.reverted} reverted) ${JSON.stringify(stats.byKind)}`),
  onError: (error) => console.error(`traffic stopped: ${error instanceof Error ? error.message : String(error)}`),
})
process.once('SIGINT', () => void traffic.stop())
const stats = await traffic.done
console.log(`done: ${stats.blocks} blocks, ${stats.sent} transactions, ${stats.reverted} reverted`)
