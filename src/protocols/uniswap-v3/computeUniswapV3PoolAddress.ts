import { encodeAbiParameters, getContractAddress, keccak256, type Address, type Hex } from 'viem'

/** Parameters of {@link computeUniswapV3PoolAddress}. */
export type ComputeUniswapV3PoolAddressParameters = {
  /** The address that CREATE2s the fork's pools (its factory, or PancakeSwap's pool deployer). */
  poolDeployer: Address
  /** keccak256 of the fork's pool creation code. */
  initCodeHash: Hex
  tokenA: Address
  tokenB: Address
  /** Fee in hundredths of a bip. */
  fee: number
}

/**
 * The address of a Uniswap V3 (or fork) pool, as its deployer places it: CREATE2 with salt
 * `keccak256(abi.encode(token0, token1, fee))` over the sorted tokens (`PoolAddress.computeAddress`).
 * `SwitchyardUniswapV3ForkHelper.poolAddress` computes the same on-chain.
 * @returns the checksummed pool address
 */
export function computeUniswapV3PoolAddress({ poolDeployer, initCodeHash, tokenA, tokenB, fee }: ComputeUniswapV3PoolAddressParameters): Address {
  const [token0, token1] = tokenA.toLowerCase() < tokenB.toLowerCase() ? [tokenA, tokenB] : [tokenB, tokenA]
  const salt = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint24' }], [token0, token1, fee]))
  return getContractAddress({ opcode: 'CREATE2', from: poolDeployer, salt, bytecodeHash: initCodeHash })
}
