// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title DevEnsoPercentageMathHelpers
/// @notice Our implementation, for the devnet, of the vendor's public percentage helper that its SDK
///         samples call with `enso call` at 0xD0aF6F692bFa10d6a535A3A321Dc8377F4EeEF12: the same function
///         signatures and results (Aave V2 `PercentageMath`: percentages in basis points, 10_000 = 100%,
///         results rounded half up). The devnet installs this runtime code at that address; on a real
///         chain the vendor's own contract answers. Stateless: no storage, no constructor.
contract DevEnsoPercentageMathHelpers {
    /// @notice Version of the helper's interface (the vendor's is 1).
    uint256 public constant VERSION = 1;

    uint256 internal constant PERCENTAGE_FACTOR = 1e4;
    uint256 internal constant HALF_PERCENT = PERCENTAGE_FACTOR / 2;

    /// @notice `value × percentage / 10_000`, rounded half up; 0 when either is 0.
    /// @dev Reverts "multiplication overflow" when `value × percentage + 5_000` does not fit in 256 bits.
    function percentMul(uint256 value, uint256 percentage) external pure returns (uint256) {
        if (value == 0 || percentage == 0) return 0;
        require(value <= (type(uint256).max - HALF_PERCENT) / percentage, "multiplication overflow");
        return (value * percentage + HALF_PERCENT) / PERCENTAGE_FACTOR;
    }

    /// @notice `value × 10_000 / percentage`, rounded half up.
    /// @dev Reverts "Division by 0" on a zero percentage and "multiplication overflow" when
    ///      `value × 10_000 + percentage / 2` does not fit in 256 bits.
    function percentDiv(uint256 value, uint256 percentage) external pure returns (uint256) {
        require(percentage != 0, "Division by 0");
        uint256 halfPercentage = percentage / 2;
        require(value <= (type(uint256).max - halfPercentage) / PERCENTAGE_FACTOR, "multiplication overflow");
        return (value * PERCENTAGE_FACTOR + halfPercentage) / percentage;
    }
}
