// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IUniswapV4PoolManager, IUniswapV4UnlockCallback, UniswapV4PoolKey, UniswapV4SwapParams} from "./IUniswapV4PoolManager.sol";

/// @notice WETH9's deposit and withdraw.
interface IWETH9Like {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
}

/// @title SwitchyardUniswapV4Helper
/// @notice Exact-input swaps through one hookless Uniswap V4 pool for weiroll plans. The caller (our executor, or
///         a wallet under the delegate strategy) approves exactly `amountIn`; {swapExactIn} pulls it from
///         `msg.sender`, unlocks the PoolManager, swaps, settles the input, takes the output and sends all of it
///         back to `msg.sender`.
/// @dev ERC-20 only at its edges: a pool currency that is the native coin (`address(0)`) is paid in WETH, which
///      the helper unwraps before settling, and received as WETH, wrapped after taking (the engine routes the
///      native coin as WETH). Invariants (THREATS.md I1, 3): no `from` parameter, so it only ever spends the
///      caller's own tokens; the callback accepts only the PoolManager, and only while a {swapExactIn} of this
///      contract is running (the callback data is then ours); a partial fill reverts, so everything pulled is
///      settled and everything taken is returned; it holds nothing between transactions. No owner, no storage.
contract SwitchyardUniswapV4Helper is IUniswapV4UnlockCallback, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice TickMath.MIN_SQRT_PRICE + 1 and MAX_SQRT_PRICE - 1: no price limit.
    uint160 internal constant MIN_PRICE_LIMIT = 4295128740;
    uint160 internal constant MAX_PRICE_LIMIT = 1461446703485210103287273052203988822378723970341;

    /// @notice The Uniswap V4 PoolManager of this chain.
    IUniswapV4PoolManager public immutable POOL_MANAGER;
    /// @notice The chain's WETH9: the native currency's ERC-20 face.
    address public immutable WETH;

    /// @notice `unlockCallback` called by someone other than the PoolManager.
    error NotPoolManager(address caller);
    /// @notice `unlockCallback` called outside a swap of this contract.
    error NotInSwap();
    /// @notice The pool has hooks; only hookless pools are served (hooks may change the amounts).
    error HooksNotSupported(address hooks);
    /// @notice `amountIn` is 0 or does not fit an int128.
    error InvalidAmount(uint256 amountIn);
    /// @notice The pool consumed less than `amountIn` (the price limit was reached).
    error PartialFill(uint256 consumed, uint256 amountIn);
    /// @notice The output is below the caller's minimum.
    error AmountTooLow(uint256 amountOut, uint256 amountOutMin);
    /// @notice Native coin from someone other than WETH or the PoolManager.
    error UnexpectedNative(address sender);

    constructor(IUniswapV4PoolManager poolManager, address weth) {
        POOL_MANAGER = poolManager;
        WETH = weth;
    }

    /// @notice Only WETH (unwrapping) and the PoolManager (a native `take`) send native coin here.
    receive() external payable {
        if (msg.sender != WETH && msg.sender != address(POOL_MANAGER)) revert UnexpectedNative(msg.sender);
    }

    /// @notice Swaps exactly `amountIn` of the input currency through `key` and returns the whole output to
    ///         `msg.sender`. The native currency is paid and returned as WETH.
    /// @return amountOut the output sent to `msg.sender`
    function swapExactIn(UniswapV4PoolKey calldata key, bool zeroForOne, uint256 amountIn, uint256 amountOutMin)
        external
        nonReentrant
        returns (uint256 amountOut)
    {
        if (key.hooks != address(0)) revert HooksNotSupported(key.hooks);
        if (amountIn == 0 || amountIn > uint256(uint128(type(int128).max))) revert InvalidAmount(amountIn);
        (address currencyIn, address currencyOut) = zeroForOne ? (key.currency0, key.currency1) : (key.currency1, key.currency0);
        if (currencyIn == address(0)) {
            IERC20(WETH).safeTransferFrom(msg.sender, address(this), amountIn);
            IWETH9Like(WETH).withdraw(amountIn);
        } else {
            IERC20(currencyIn).safeTransferFrom(msg.sender, address(this), amountIn);
        }
        amountOut = abi.decode(POOL_MANAGER.unlock(abi.encode(key, zeroForOne, amountIn)), (uint256));
        if (amountOut < amountOutMin) revert AmountTooLow(amountOut, amountOutMin);
        if (currencyOut == address(0)) {
            IWETH9Like(WETH).deposit{value: amountOut}();
            IERC20(WETH).safeTransfer(msg.sender, amountOut);
        } else {
            IERC20(currencyOut).safeTransfer(msg.sender, amountOut);
        }
    }

    /// @notice The PoolManager's callback during {swapExactIn}: swap, pay the input, take the output here.
    function unlockCallback(bytes calldata data) external returns (bytes memory) {
        if (msg.sender != address(POOL_MANAGER)) revert NotPoolManager(msg.sender);
        if (!_reentrancyGuardEntered()) revert NotInSwap();
        (UniswapV4PoolKey memory key, bool zeroForOne, uint256 amountIn) = abi.decode(data, (UniswapV4PoolKey, bool, uint256));
        int256 delta = POOL_MANAGER.swap(
            key, UniswapV4SwapParams(zeroForOne, -int256(amountIn), zeroForOne ? MIN_PRICE_LIMIT : MAX_PRICE_LIMIT), ""
        );
        int128 amount0 = int128(delta >> 128);
        int128 amount1 = int128(delta);
        (int128 deltaIn, int128 deltaOut) = zeroForOne ? (amount0, amount1) : (amount1, amount0);
        uint256 consumed = deltaIn < 0 ? uint256(uint128(-deltaIn)) : 0;
        if (consumed != amountIn) revert PartialFill(consumed, amountIn);
        (address currencyIn, address currencyOut) = zeroForOne ? (key.currency0, key.currency1) : (key.currency1, key.currency0);
        if (currencyIn == address(0)) {
            POOL_MANAGER.settle{value: amountIn}();
        } else {
            POOL_MANAGER.sync(currencyIn);
            IERC20(currencyIn).safeTransfer(address(POOL_MANAGER), amountIn);
            POOL_MANAGER.settle();
        }
        uint256 amountOut = deltaOut > 0 ? uint256(uint128(deltaOut)) : 0;
        if (amountOut > 0) POOL_MANAGER.take(currencyOut, address(this), amountOut);
        return abi.encode(amountOut);
    }
}
