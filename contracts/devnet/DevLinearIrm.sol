// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IIrm} from "@morpho-org/morpho-blue/src/interfaces/IIrm.sol";
import {MarketParams, Market} from "@morpho-org/morpho-blue/src/interfaces/IMorpho.sol";

/// @title DevLinearIrm
/// @notice A fixed (non-adaptive) interest rate model for Morpho Blue on the devnet: the borrow rate
///         per second is `baseRate + slope * utilization`, utilization = totalBorrowAssets /
///         totalSupplyAssets (WAD, rounded down). Unlike Morpho's `IrmMock` (borrow APR = utilization,
///         so 80% at 80% use), it gives mainnet-like rates; unlike the AdaptiveCurveIrm it keeps no
///         state, so a quote only needs the market's totals.
contract DevLinearIrm is IIrm {
    uint256 internal constant WAD = 1e18;

    /// @notice Borrow rate per second at zero utilization (WAD).
    uint256 public immutable baseRate;
    /// @notice Added borrow rate per second at full utilization (WAD).
    uint256 public immutable slope;

    constructor(uint256 baseRate_, uint256 slope_) {
        baseRate = baseRate_;
        slope = slope_;
    }

    /// @inheritdoc IIrm
    function borrowRateView(MarketParams memory, Market memory market) public view returns (uint256) {
        if (market.totalSupplyAssets == 0) return baseRate;
        uint256 utilization = (uint256(market.totalBorrowAssets) * WAD) / market.totalSupplyAssets;
        return baseRate + (slope * utilization) / WAD;
    }

    /// @inheritdoc IIrm
    function borrowRate(MarketParams memory marketParams, Market memory market) external view returns (uint256) {
        return borrowRateView(marketParams, market);
    }
}
