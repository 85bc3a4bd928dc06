import { decodeAbiParameters, hexToString, size, type Hex } from 'viem'

/**
 * Decodes the answer of a token's `symbol()` or `name()`: an ABI `string` (ERC-20), or a `bytes32`
 * (early tokens such as MKR and SAI), with NUL padding and control characters dropped and at most 64
 * characters kept. A revert, an empty answer or an undecodable one is undefined.
 * @returns the text, or undefined
 */
export function decodeTokenText(result: { success: boolean; returnData: Hex }): string | undefined {
  if (!result.success) return undefined
  const bytes = size(result.returnData)
  let text: string | undefined
  if (bytes >= 64) {
    try {
      text = decodeAbiParameters([{ type: 'string' }], result.returnData)[0]
    } catch {
      text = undefined
    }
  }
  if (text === undefined && bytes === 32) text = hexToString(result.returnData)
  const clean = text?.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 64)
  return clean ? clean : undefined
}

/**
 * Decodes a token's `decimals()` answer: one word holding 0–255 (some tokens declare `uint256`).
 * @returns the decimals, or undefined when it reverted, answered nothing or a larger number
 */
export function decodeTokenDecimals(result: { success: boolean; returnData: Hex }): number | undefined {
  if (!result.success || size(result.returnData) < 32) return undefined
  const value = BigInt(result.returnData.slice(0, 66))
  return value <= 255n ? Number(value) : undefined
}
