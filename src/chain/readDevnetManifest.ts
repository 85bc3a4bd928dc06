import { readFileSync } from 'node:fs'
import type { ChainAddressBook } from './addressBook.js'

/** What `npm start` writes to `.switchyard/devnet.json`. */
export type DevnetManifest = {
  scenario: string
  chains: Record<number, { rpcUrl: string; addressBook: ChainAddressBook }>
}

/**
 * Reads a devnet manifest written by `npm start` (`.switchyard/devnet.json`).
 * @param path - file path
 * @returns the parsed manifest
 */
export function readDevnetManifest(path: string): DevnetManifest {
  return JSON.parse(readFileSync(path, 'utf8')) as DevnetManifest
}
