/**
 * A USD price as a plain decimal string, never in exponent form (`1e-7` → `0.0000001`), for the
 * string `price` fields of the REST API (OpenAPI `WalletBalance.price`).
 * @param price - a finite USD price
 * @returns its decimal string
 */
export function formatUsdPrice(price: number): string {
  const plain = String(price)
  return /e/i.test(plain) ? price.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : plain
}
