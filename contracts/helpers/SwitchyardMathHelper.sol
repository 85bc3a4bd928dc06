// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// @title SwitchyardMathHelper
/// @notice Pure arithmetic for weiroll plans (use STATICCALL): checked add/sub/mul/div, min/max,
///         basis-point percentages (slippage and fees), and word extraction from raw return tuples.
contract SwitchyardMathHelper {
    uint256 public constant BPS = 10_000;

    /// @notice A basis-point value above 10 000.
    error InvalidBps(uint256 bps);
    /// @notice A word index past the end of the data.
    error IndexOutOfRange(uint256 index, uint256 length);

    function add(uint256 a, uint256 b) external pure returns (uint256) {
        return a + b;
    }

    function sub(uint256 a, uint256 b) external pure returns (uint256) {
        return a - b;
    }

    function mul(uint256 a, uint256 b) external pure returns (uint256) {
        return a * b;
    }

    function div(uint256 a, uint256 b) external pure returns (uint256) {
        return a / b;
    }

    function min(uint256 a, uint256 b) external pure returns (uint256) {
        return Math.min(a, b);
    }

    function max(uint256 a, uint256 b) external pure returns (uint256) {
        return Math.max(a, b);
    }

    /// @notice floor(a * b / denominator) without intermediate overflow.
    function mulDiv(uint256 a, uint256 b, uint256 denominator) external pure returns (uint256) {
        return Math.mulDiv(a, b, denominator);
    }

    /// @notice floor(amount * bps / 10 000): a fee or any percentage share.
    function percentOf(uint256 amount, uint256 bps) public pure returns (uint256) {
        if (bps > BPS) revert InvalidBps(bps);
        return Math.mulDiv(amount, bps, BPS);
    }

    /// @notice The fee share floor(amount * feeBps / 10 000).
    function feeAmount(uint256 amount, uint256 feeBps) external pure returns (uint256) {
        return percentOf(amount, feeBps);
    }

    /// @notice amount minus its fee share.
    function amountAfterFee(uint256 amount, uint256 feeBps) external pure returns (uint256) {
        return amount - percentOf(amount, feeBps);
    }

    /// @notice The minimum acceptable output for `slippageBps`: floor(amount * (10 000 - slippageBps) / 10 000).
    function applySlippage(uint256 amount, uint256 slippageBps) external pure returns (uint256) {
        if (slippageBps > BPS) revert InvalidBps(slippageBps);
        return Math.mulDiv(amount, BPS - slippageBps, BPS);
    }

    /// @notice The `index`-th 32-byte word of `data` (e.g. a raw tuple return) as uint256.
    function extractUint(bytes calldata data, uint256 index) external pure returns (uint256) {
        if (data.length < (index + 1) * 32) revert IndexOutOfRange(index, data.length);
        return uint256(bytes32(data[index * 32:(index + 1) * 32]));
    }
}
