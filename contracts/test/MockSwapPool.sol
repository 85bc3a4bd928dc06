// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title MockSwapPool
/// @notice Test-only constant-product pool (0.3% fee) between two assets; either side may be the native coin
///         (0xEeee…EEeE). `swap` pulls the input from `msg.sender` with transferFrom (or takes msg.value) and
///         pays the output to `to`. Measures the received input, so fee-on-transfer inputs price correctly.
contract MockSwapPool {
    using SafeERC20 for IERC20;

    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    uint256 public constant FEE_BPS = 30;

    address public immutable token0;
    address public immutable token1;
    uint256 public reserve0;
    uint256 public reserve1;

    error UnknownToken(address token);
    error WrongValue(uint256 value, uint256 expected);
    error InsufficientOutput(uint256 amountOut, uint256 minAmountOut);
    error NativeTransferFailed();

    event Swap(address indexed sender, address tokenIn, uint256 amountIn, uint256 amountOut, address to);

    constructor(address token0_, address token1_) {
        token0 = token0_;
        token1 = token1_;
    }

    /// @notice Adds `amount0`/`amount1` to the reserves, pulled from the caller (native via msg.value).
    function addLiquidity(uint256 amount0, uint256 amount1) external payable {
        uint256 expectedValue = (token0 == NATIVE ? amount0 : 0) + (token1 == NATIVE ? amount1 : 0);
        if (msg.value != expectedValue) revert WrongValue(msg.value, expectedValue);
        reserve0 += _pull(token0, amount0);
        reserve1 += _pull(token1, amount1);
    }

    /// @notice Output of swapping `amountIn` of `tokenIn` at the current reserves.
    function getAmountOut(address tokenIn, uint256 amountIn) public view returns (uint256) {
        (uint256 rIn, uint256 rOut) = _reserves(tokenIn);
        uint256 inWithFee = amountIn * (10_000 - FEE_BPS);
        return (inWithFee * rOut) / (rIn * 10_000 + inWithFee);
    }

    /// @notice Swaps `amountIn` of `tokenIn` for the other asset, paid to `to`.
    function swap(address tokenIn, uint256 amountIn, uint256 minAmountOut, address to)
        external
        payable
        returns (uint256 amountOut)
    {
        if (tokenIn != NATIVE && msg.value != 0) revert WrongValue(msg.value, 0);
        if (tokenIn == NATIVE && msg.value != amountIn) revert WrongValue(msg.value, amountIn);
        _reserves(tokenIn);
        uint256 received = _pull(tokenIn, amountIn);
        amountOut = getAmountOut(tokenIn, received);
        if (amountOut < minAmountOut) revert InsufficientOutput(amountOut, minAmountOut);
        address tokenOut = tokenIn == token0 ? token1 : token0;
        if (tokenIn == token0) {
            reserve0 += received;
            reserve1 -= amountOut;
        } else {
            reserve1 += received;
            reserve0 -= amountOut;
        }
        if (tokenOut == NATIVE) {
            (bool ok,) = to.call{value: amountOut}("");
            if (!ok) revert NativeTransferFailed();
        } else {
            IERC20(tokenOut).safeTransfer(to, amountOut);
        }
        emit Swap(msg.sender, tokenIn, received, amountOut, to);
    }

    function _reserves(address tokenIn) private view returns (uint256 rIn, uint256 rOut) {
        if (tokenIn == token0) return (reserve0, reserve1);
        if (tokenIn == token1) return (reserve1, reserve0);
        revert UnknownToken(tokenIn);
    }

    function _pull(address token, uint256 amount) private returns (uint256) {
        if (token == NATIVE || amount == 0) return amount;
        uint256 before = IERC20(token).balanceOf(address(this));
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        return IERC20(token).balanceOf(address(this)) - before;
    }
}
