// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title SwitchyardCheckHelper
/// @notice Pure comparisons and assertions for weiroll plans (use STATICCALL).
contract SwitchyardCheckHelper {
    /// @notice `check` got false.
    error CheckFailed();
    /// @notice An in-plan minimum was not met.
    error MinAmountOutNotMet(uint256 amount, uint256 minAmountOut);

    /// @notice Reverts `CheckFailed` unless `condition`.
    function check(bool condition) external pure {
        if (!condition) revert CheckFailed();
    }

    /// @notice Returns `!value`.
    function toggle(bool value) external pure returns (bool) {
        return !value;
    }

    /// @notice Returns `amount`, reverting `MinAmountOutNotMet` when `amount < minAmountOut`.
    function checkMinAmountOut(uint256 amount, uint256 minAmountOut) external pure returns (uint256) {
        if (amount < minAmountOut) revert MinAmountOutNotMet(amount, minAmountOut);
        return amount;
    }

    function isEqual(uint256 a, uint256 b) external pure returns (bool) {
        return a == b;
    }

    function isNotEqual(uint256 a, uint256 b) external pure returns (bool) {
        return a != b;
    }

    function isGreaterThan(uint256 a, uint256 b) external pure returns (bool) {
        return a > b;
    }

    function isGreaterOrEqual(uint256 a, uint256 b) external pure returns (bool) {
        return a >= b;
    }

    function isLessThan(uint256 a, uint256 b) external pure returns (bool) {
        return a < b;
    }

    function isLessOrEqual(uint256 a, uint256 b) external pure returns (bool) {
        return a <= b;
    }
}
