// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @notice The mint entry of Uniswap V3 pools and their forks.
interface IUniswapV3MintPool {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function mint(address recipient, int24 tickLower, int24 tickUpper, uint128 amount, bytes calldata data)
        external
        returns (uint256 amount0, uint256 amount1);
}

/// @title DevUniswapV3LiquidityProvider
/// @notice Devnet seeding only: mints liquidity straight into a Uniswap V3 pool or a fork's pool (SushiSwap V3,
///         PancakeSwap V3: forks without a position manager on the devnet), paying the mint callback from the
///         caller's approved balance. The position belongs to this contract; seeded liquidity is never withdrawn.
contract DevUniswapV3LiquidityProvider {
    using SafeERC20 for IERC20;

    address private transient activePool;
    address private transient payer;

    /// @notice A mint callback from anything but the pool being minted.
    error NotPool(address caller);

    /// @notice Adds `liquidity` to `pool` between the ticks; the caller pays what the pool asks.
    function mint(address pool, int24 tickLower, int24 tickUpper, uint128 liquidity) external returns (uint256 amount0, uint256 amount1) {
        activePool = pool;
        payer = msg.sender;
        (amount0, amount1) = IUniswapV3MintPool(pool).mint(address(this), tickLower, tickUpper, liquidity, "");
        activePool = address(0);
    }

    function uniswapV3MintCallback(uint256 amount0Owed, uint256 amount1Owed, bytes calldata) external {
        _pay(amount0Owed, amount1Owed);
    }

    function pancakeV3MintCallback(uint256 amount0Owed, uint256 amount1Owed, bytes calldata) external {
        _pay(amount0Owed, amount1Owed);
    }

    function _pay(uint256 amount0Owed, uint256 amount1Owed) private {
        if (msg.sender != activePool || activePool == address(0)) revert NotPool(msg.sender);
        if (amount0Owed > 0) IERC20(IUniswapV3MintPool(msg.sender).token0()).safeTransferFrom(payer, msg.sender, amount0Owed);
        if (amount1Owed > 0) IERC20(IUniswapV3MintPool(msg.sender).token1()).safeTransferFrom(payer, msg.sender, amount1Owed);
    }
}
