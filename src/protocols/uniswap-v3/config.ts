import type { Address, Hex } from 'viem'

/** A fee tier a fork's factory enables: the fee in hundredths of a bip and its tick spacing. */
export type UniswapV3FeeTier = { fee: number; tickSpacing: number }

/** Where one fork lives on one chain. */
export type UniswapV3ForkDeployment = {
  /** The factory (`createPool`, `getPool`, `feeAmountTickSpacing`). */
  factory: Address
  /**
   * The address that CREATE2s the pools: the factory itself for Uniswap and SushiSwap, a separate pool
   * deployer for PancakeSwap (its pools read `parameters()` from it).
   */
  poolDeployer: Address
}

/**
 * One Uniswap V3 fork whose pools run Uniswap V3's swap math to the wei (PancakeSwap V3 changes only the
 * protocol-fee split, which never reaches a swapper's amounts), served by the one Uniswap V3 adapter.
 */
export type UniswapV3Fork = {
  /** API slug (kebab-case): `/protocols`, `ignoreStandards`, `snapshot.protocol`. */
  slug: string
  /** Display name. */
  name: string
  /** The project it belongs to (`/protocols` `project`). */
  project: string
  /** The project's app. */
  url: string
  /** keccak256 of the pool creation code: pool = CREATE2(poolDeployer, keccak256(token0, token1, fee), this). */
  initCodeHash: Hex
  /** The fee tiers the fork's factory enables, with their tick spacings. */
  feeTiers: readonly UniswapV3FeeTier[]
  /** The callback its pools call on the swapper (`<name>(int256 amount0Delta, int256 amount1Delta, bytes data)`). */
  swapCallback: 'uniswapV3SwapCallback' | 'pancakeV3SwapCallback'
  /**
   * How a hop is encoded: through Uniswap's SwapRouter02 (its pools only), or through our
   * `SwitchyardUniswapV3ForkHelper`, which serves every fork of the table.
   */
  swapVia: 'swapRouter02' | 'forkHelper'
  /** Deployments by chain id. */
  deployments: Readonly<Partial<Record<number, UniswapV3ForkDeployment>>>
}

/** Uniswap V3's pool init code hash (also SushiSwap V3's: the same pool bytecode). */
const UNISWAP_V3_POOL_INIT_CODE_HASH: Hex = '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54'

/**
 * The Uniswap V3 family, one entry per fork: everything that tells one fork from another is here, as data.
 * Adding the next bit-identical fork is one more entry (its factory and pool deployer per chain, init code
 * hash, fee tiers, callback name, slug and name).
 */
export const uniswapV3Forks = [
  {
    slug: 'uniswap-v3',
    name: 'Uniswap V3',
    project: 'uniswap',
    url: 'https://app.uniswap.org',
    initCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
    feeTiers: [{ fee: 100, tickSpacing: 1 }, { fee: 500, tickSpacing: 10 }, { fee: 3000, tickSpacing: 60 }, { fee: 10000, tickSpacing: 200 }],
    swapCallback: 'uniswapV3SwapCallback',
    swapVia: 'swapRouter02',
    deployments: {
      1: { factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984', poolDeployer: '0x1F98431c8aD98523631AE4a59f267346ea31F984' },
      8453: { factory: '0x33128a8fC17869897dcE68Ed026d694621f6FDfD', poolDeployer: '0x33128a8fC17869897dcE68Ed026d694621f6FDfD' },
    },
  },
  {
    slug: 'sushiswap-v3',
    name: 'SushiSwap V3',
    project: 'sushiswap',
    url: 'https://www.sushi.com',
    initCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
    feeTiers: [{ fee: 100, tickSpacing: 1 }, { fee: 500, tickSpacing: 10 }, { fee: 3000, tickSpacing: 60 }, { fee: 10000, tickSpacing: 200 }],
    swapCallback: 'uniswapV3SwapCallback',
    swapVia: 'forkHelper',
    deployments: {
      1: { factory: '0xbACEB8eC6b9355Dfc0269C18bac9d6E2Bdc29C4F', poolDeployer: '0xbACEB8eC6b9355Dfc0269C18bac9d6E2Bdc29C4F' },
    },
  },
  {
    slug: 'pancakeswap-v3',
    name: 'PancakeSwap V3',
    project: 'pancakeswap',
    url: 'https://pancakeswap.finance',
    initCodeHash: '0x6ce8eb472fa82df5469c6ab6d485f17c3ad13c8cd7af59b3d4a8026c5ce0f7e2',
    feeTiers: [{ fee: 100, tickSpacing: 1 }, { fee: 500, tickSpacing: 10 }, { fee: 2500, tickSpacing: 50 }, { fee: 10000, tickSpacing: 200 }],
    swapCallback: 'pancakeV3SwapCallback',
    swapVia: 'forkHelper',
    deployments: {
      1: { factory: '0x0BFbCF9fa4f9C56B0F40a671Ad40E0805A091865', poolDeployer: '0x41ff9AA7e16B8B1a8a8dc4f0eFacd93D02d071c9' },
    },
  },
] as const satisfies readonly UniswapV3Fork[]

/** A slug of {@link uniswapV3Forks}. */
export type UniswapV3ForkSlug = (typeof uniswapV3Forks)[number]['slug']
