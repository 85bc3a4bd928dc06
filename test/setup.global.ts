/**
 * Runs once before all test files. Later issues build the devnet state cache here so that each
 * test file can start its own anvil from the cached state in well under a second.
 */
export default async function setup(): Promise<void> {}
