import { pino } from 'pino'
import { afterAll, beforeAll, beforeEach, expect, vi, type TestAPI } from 'vitest'
import { configSchema } from '../../src/config.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Setup for the vendor's own samples (`node_modules/@ensofinance/sdk/tests/*.test.ts`, run in place):
 * starts switchyard on the devnet with the samples' API key and points every EnsoClient at it. The
 * client hard-codes its production base URL unless given one, so each axios instance it creates swaps
 * that URL for ours on every request; nothing else about the client changes.
 */

/** The API key the vendor's samples send. */
export const VENDOR_SAMPLE_KEY = '56b3d1f4-5c59-4fc1-8998-16d001e277bc'

const state: { baseURL?: string } = {}

vi.mock('axios', async (importOriginal) => {
  const actual = await importOriginal<typeof import('axios')>()
  // Samples build their client while the suite is collected, before switchyard is up: the URL is swapped per request.
  const create: typeof actual.default.create = (config) => {
    const instance = actual.default.create(config)
    instance.interceptors.request.use((request) => {
      if (state.baseURL !== undefined) request.baseURL = state.baseURL
      return request
    })
    return instance
  }
  return { ...actual, default: { ...actual.default, create } }
})

/**
 * The samples that use only protocols our devnet has: uniswap-v2 swaps, enso actions, erc20 approve and
 * transfer (of OMG, with the ERC-721 form's tokenId, which ERC-20 ignores), Aave V3 deposit, borrow and
 * repay, uniswap-v4 depositclmm (USDT/WBTC 0.05%, on chain 1), and `call` to the vendor's percentage
 * helper at 0xD0aF…EF12 (our DevEnsoPercentageMathHelpers sits there on the devnet), and the route
 * sample of DAI + USDC + USDT into the Curve 3pool's LP token 3Crv (docs.route.test.ts), and `bridge` (a
 * Stargate ETH taxi to Base whose callback mints a Uniswap V4 position there; see `unskipped`), and
 * `curve-gauge harvest` on the steCRV gauge 0x182B…3c28 (our DevCurveLiquidityGauge there, CRV through our
 * Minter, LDO as its extra reward). The others name protocols, chains or contracts the devnet does not
 * have (compound-v2, chains 999 and 80094).
 */
const served = new Set(['slippage', 'route', 'swap', 'deposit', 'borrow', 'repay', 'approve', 'transfer', 'fee', 'balance', 'minAmountOut', 'depositCLMM', 'call', 'Routes multitoken deposits', 'bridge', 'harvest'])

/**
 * Samples the vendor marks `it.skip` that run here anyway, each with the one assertion of its own that no
 * service can meet. `bridge` (USDC → ETH on chain 1, a fee, a Stargate native-ETH taxi whose Base callback
 * splits the ETH into DAI + USDC and mints a Uniswap V4 DAI/USDC position on Base) sends three actions and
 * then expects `bundle.bundle` (the actions as sent, as every other sample pins: 2 for two, 3 for three) to
 * hold one: the sample runs in place against switchyard, and must fail there and only there. Delivery of the
 * same bundle is proven in test/e2e/uniswapV4BaseSdk.e2e.test.ts.
 */
const unskipped = new Map<string, RegExp>([['bridge', /expected \[ .+ \] to have a length of 1 but got 3/]])
const globals = globalThis as unknown as { it: TestAPI }
const vendorIt = globals.it
globals.it = new Proxy(vendorIt, {
  get(target, prop, receiver) {
    if (prop !== 'skip') return Reflect.get(target, prop, receiver)
    return (name: string, fn: () => Promise<void>, timeout?: number) => {
      const onlyFailure = unskipped.get(name)
      if (!onlyFailure) return target.skip(name, fn, timeout)
      return target(name, async () => {
        await expect(fn()).rejects.toThrow(onlyFailure)
      }, timeout)
    }
  },
})

beforeEach((context) => {
  if (!served.has(context.task.name)) context.skip()
})

let sy: RunningSwitchyard | undefined
beforeAll(async () => {
  const config = configSchema.parse({ chains: [1, 8453], devnetPorts: { '1': 0, '8453': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [VENDOR_SAMPLE_KEY], logLevel: 'silent', engineThreads: 1, rateLimitPerMinute: 100_000 })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  state.baseURL = `${sy.httpUrl}/api/v1`
}, 120_000)
afterAll(async () => {
  await sy?.stop()
})
