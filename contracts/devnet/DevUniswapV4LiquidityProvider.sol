// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {
    IUniswapV4PoolManager,
    IUniswapV4UnlockCallback,
    UniswapV4ModifyLiquidityParams,
    UniswapV4PoolKey
} from "../helpers/IUniswapV4PoolManager.sol";

/// @title DevUniswapV4LiquidityProvider
/// @notice Devnet seeding only: adds liquidity to a Uniswap V4 pool in one unlock (modifyLiquidity, then settle
///         both currencies). ERC-20s are pulled from `msg.sender` (who approved this contract); the native
///         currency comes from `msg.value`, and what is not needed goes back. Positions belong to this contract
///         (salt 0) and cannot be removed: seeded liquidity is permanent, like the scenario itself.
contract DevUniswapV4LiquidityProvider is IUniswapV4UnlockCallback, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    IUniswapV4PoolManager public immutable POOL_MANAGER;

    error NotPoolManager(address caller);
    error NotInAdd();
    error RefundFailed();

    constructor(IUniswapV4PoolManager poolManager) {
        POOL_MANAGER = poolManager;
    }

    /// @notice Adds `liquidity` to `[tickLower, tickUpper)` of `key`.
    /// @return amount0 paid in currency0
    /// @return amount1 paid in currency1
    function addLiquidity(UniswapV4PoolKey calldata key, int24 tickLower, int24 tickUpper, uint128 liquidity)
        external
        payable
        nonReentrant
        returns (uint256 amount0, uint256 amount1)
    {
        bytes memory result = POOL_MANAGER.unlock(abi.encode(msg.sender, key, tickLower, tickUpper, liquidity));
        (amount0, amount1) = abi.decode(result, (uint256, uint256));
        uint256 left = address(this).balance;
        if (left > 0) {
            (bool ok,) = msg.sender.call{value: left}("");
            if (!ok) revert RefundFailed();
        }
    }

    function unlockCallback(bytes calldata data) external returns (bytes memory) {
        if (msg.sender != address(POOL_MANAGER)) revert NotPoolManager(msg.sender);
        if (!_reentrancyGuardEntered()) revert NotInAdd();
        (address payer, UniswapV4PoolKey memory key, int24 tickLower, int24 tickUpper, uint128 liquidity) =
            abi.decode(data, (address, UniswapV4PoolKey, int24, int24, uint128));
        (int256 delta,) = POOL_MANAGER.modifyLiquidity(
            key, UniswapV4ModifyLiquidityParams(tickLower, tickUpper, int256(uint256(liquidity)), bytes32(0)), ""
        );
        int128 d0 = int128(delta >> 128);
        int128 d1 = int128(delta);
        uint256 amount0 = d0 < 0 ? uint256(uint128(-d0)) : 0;
        uint256 amount1 = d1 < 0 ? uint256(uint128(-d1)) : 0;
        _pay(payer, key.currency0, amount0);
        _pay(payer, key.currency1, amount1);
        return abi.encode(amount0, amount1);
    }

    function _pay(address payer, address currency, uint256 amount) private {
        if (amount == 0) return;
        if (currency == address(0)) {
            POOL_MANAGER.settle{value: amount}();
        } else {
            POOL_MANAGER.sync(currency);
            IERC20(currency).safeTransferFrom(payer, address(POOL_MANAGER), amount);
            POOL_MANAGER.settle();
        }
    }
}
