// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice Uniswap V4 `PoolKey` (v4-core `src/types/PoolKey.sol`); `Currency` and `IHooks` are addresses in the
///         ABI, and the native coin is currency `address(0)`.
struct UniswapV4PoolKey {
    address currency0;
    address currency1;
    uint24 fee;
    int24 tickSpacing;
    address hooks;
}

/// @notice `IPoolManager.SwapParams`: `amountSpecified < 0` is an exact input.
struct UniswapV4SwapParams {
    bool zeroForOne;
    int256 amountSpecified;
    uint160 sqrtPriceLimitX96;
}

/// @notice `IPoolManager.ModifyLiquidityParams`.
struct UniswapV4ModifyLiquidityParams {
    int24 tickLower;
    int24 tickUpper;
    int256 liquidityDelta;
    bytes32 salt;
}

/// @notice The part of the Uniswap V4 PoolManager (v4-core 1.0.2) our contracts call. A `BalanceDelta` is an
///         int256 packing amount0 (upper 128 bits) and amount1 (lower 128 bits); positive = owed to the caller.
interface IUniswapV4PoolManager {
    function unlock(bytes calldata data) external returns (bytes memory);
    function swap(UniswapV4PoolKey memory key, UniswapV4SwapParams memory params, bytes calldata hookData) external returns (int256 swapDelta);
    function modifyLiquidity(UniswapV4PoolKey memory key, UniswapV4ModifyLiquidityParams memory params, bytes calldata hookData)
        external
        returns (int256 callerDelta, int256 feesAccrued);
    function sync(address currency) external;
    function settle() external payable returns (uint256 paid);
    function take(address currency, address to, uint256 amount) external;
}

/// @notice What `IPoolManager.unlock` calls back on its caller.
interface IUniswapV4UnlockCallback {
    function unlockCallback(bytes calldata data) external returns (bytes memory);
}
