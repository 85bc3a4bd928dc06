import { encodeFunctionData, getAddress, parseAbi, type Address, type PublicClient } from 'viem'
import { aggregateCalls } from './aggregateCalls.js'
import { decodeTokenDecimals, decodeTokenText } from './decodeTokenText.js'
import type { IndexedToken } from './poolIndex.js'

const erc20 = parseAbi(['function decimals() view returns (uint8)', 'function symbol() view returns (string)', 'function name() view returns (string)'])
const CALLS = [encodeFunctionData({ abi: erc20, functionName: 'decimals' }), encodeFunctionData({ abi: erc20, functionName: 'symbol' }), encodeFunctionData({ abi: erc20, functionName: 'name' })]

/** {@link readTokenMetadata}'s answer: the tokens read, and why the others could not be. */
export type ReadTokenMetadataReturnType = {
  tokens: Map<string, IndexedToken>
  /** Lowercase address → reason (`no code`, `decimals() reverts or is not a number`). */
  unusable: Map<string, string>
}

/**
 * Reads decimals, symbol and name of tokens through Multicall3 (three calls a token). A `bytes32`
 * symbol or name is read as text; a symbol that reverts or does not decode becomes the token's
 * address, a name the symbol. A token without a usable `decimals()` is unusable (prices and amounts
 * would be off by powers of ten); those are checked for code, so the reason says which.
 * @returns metadata by lowercase address, and the unusable tokens with their reason
 */
export async function readTokenMetadata(client: PublicClient, { multicall3, addresses }: { multicall3: Address; addresses: readonly string[] }): Promise<ReadTokenMetadataReturnType> {
  const results = await aggregateCalls(client, { multicall3, calls: addresses.flatMap((a) => CALLS.map((data) => ({ target: a as Address, data }))) })
  const tokens = new Map<string, IndexedToken>()
  const unusable = new Map<string, string>()
  const noDecimals: string[] = []
  addresses.forEach((a, i) => {
    const [decimalsR, symbolR, nameR] = results.slice(3 * i, 3 * i + 3) as [typeof results[0], typeof results[0], typeof results[0]]
    const decimals = decodeTokenDecimals(decimalsR)
    if (decimals === undefined) {
      noDecimals.push(a)
      return
    }
    const symbol = decodeTokenText(symbolR) ?? getAddress(a)
    tokens.set(a.toLowerCase(), { symbol, name: decodeTokenText(nameR) ?? symbol, decimals })
  })
  // Calls to an address without code succeed with no data: ask which of the failures have none.
  for (let start = 0; start < noDecimals.length; start += 32) {
    const slice = noDecimals.slice(start, start + 32)
    const codes = await Promise.all(slice.map((a) => client.getCode({ address: a as Address }).catch(() => undefined)))
    slice.forEach((a, i) => unusable.set(a.toLowerCase(), !codes[i] || codes[i] === '0x' ? 'no code' : 'decimals() reverts or is not a number'))
  }
  return { tokens, unusable }
}
