import { startDevnet } from '../src/chain/devnet/startDevnet.js'

/**
 * Runs once before all test files: builds the devnet state cache (or confirms it is current) so
 * every test file can start its own anvil nodes from the cached state in well under a second,
 * on free ports, without two files building at once.
 */
export default async function setup(): Promise<void> {
  const devnet = await startDevnet()
  await devnet.stop()
}
