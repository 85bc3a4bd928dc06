/**
 * Formats an integer amount of base units as a decimal with thousands separators, cut to at most
 * `maxFractionDigits` fraction digits (never rounded up: what is shown is at most what moved).
 * @example formatUnits({ amount: '3002269520', decimals: 6 }) // '3,002.26952'
 * @param params.amount - base units, a decimal string or bigint
 * @param params.decimals - the token's decimals
 * @param params.maxFractionDigits - default 6
 * @returns the formatted amount; the input unchanged when it is not an integer
 */
export function formatUnits({ amount, decimals, maxFractionDigits = 6 }: { amount: string | bigint; decimals: number; maxFractionDigits?: number }): string {
  const text = typeof amount === 'bigint' ? amount.toString() : amount
  if (!/^-?\d+$/.test(text)) return text
  const negative = text.startsWith('-')
  const digits = (negative ? text.slice(1) : text).padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals).replace(/^0+(?=\d)/, '')
  const fraction = digits.slice(digits.length - decimals).slice(0, maxFractionDigits).replace(/0+$/, '')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`
}
