/** A decimal amount the page cannot read as base units of a token. */
export class InvalidAmountError extends Error {
  override name = 'InvalidAmountError'
}

/**
 * Reads a decimal amount typed by a person (`1.5`, `1,000`, `0.000001`) as base units of a token.
 * @example parseUnits({ text: '1.5', decimals: 18 }) // '1500000000000000000'
 * @returns base units as a decimal string without leading zeros
 * @throws InvalidAmountError when the text is not a positive decimal or has more fraction digits than the token
 */
export function parseUnits({ text, decimals }: { text: string; decimals: number }): string {
  const clean = text.trim().replace(/[,_\s]/g, '')
  const match = /^(\d*)(?:\.(\d*))?$/.exec(clean)
  if (!match || clean === '' || clean === '.') throw new InvalidAmountError(`"${text}" is not an amount: write digits, with at most one decimal point.`)
  const [, whole = '', fraction = ''] = match
  if (fraction.length > decimals) throw new InvalidAmountError(`"${text}" has ${fraction.length} decimals; the token has ${decimals}.`)
  const units = `${whole}${fraction.padEnd(decimals, '0')}`.replace(/^0+/, '')
  if (units === '') throw new InvalidAmountError('The amount must be more than zero.')
  return units
}
