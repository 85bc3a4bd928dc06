import { isqrt, newtonD } from '../twocryptoMath.js'
import type { CurveTwocryptoSnapshot } from '../twocryptoTypes.js'

const E18 = 10n ** 18n

/** A freshly seeded pool: `usd` split evenly at `price` (coin 1 in coin 0), as add_liquidity leaves it. */
export function twocryptoTestPool(p: { usd: bigint; price: bigint; decimals: readonly [number, number]; A?: bigint; gamma?: bigint }): CurveTwocryptoSnapshot {
  const precisions = p.decimals.map((d) => 10n ** BigInt(18 - d))
  const balances = [(p.usd * 10n ** BigInt(p.decimals[0])) / 2n, (p.usd * 10n ** BigInt(p.decimals[1]) * E18) / 2n / p.price]
  const A = p.A ?? 400_000n
  const gamma = p.gamma ?? 145_000_000_000_000n
  const xp = [balances[0]! * precisions[0]!, (balances[1]! * p.price * precisions[1]!) / E18]
  const D = newtonD(A, gamma, xp, 0n)
  const totalSupply = isqrt((D / 2n) * ((D * E18) / (2n * p.price)))
  return {
    protocol: 'curve', kind: 'twocrypto', address: '0x004c167d27ada24305b76d80762997fa6eb8d9b2', blockNumber: 1n,
    tokens: ['0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', '0x97effb790f2fbb701d88f89db4521348a2b77be8', '0x004c167d27ada24305b76d80762997fa6eb8d9b2'],
    balances, precisions, A, gamma, D, priceScale: p.price, priceOracle: p.price, oracleTimestamp: 1_000n, lastPrices: p.price, lastTimestamp: 1_000n,
    futureAGammaTime: 0n, midFee: 26_000_000n, outFee: 45_000_000n, feeGamma: 230_000_000_000_000n,
    allowedExtraProfit: 2_000_000_000_000n, adjustmentStep: 146_000_000_000_000n, maTime: 866n,
    xcpProfit: E18, virtualPrice: E18, totalSupply, adminLpVirtualBalance: 0n, timestamp: 1_000n,
  }
}
