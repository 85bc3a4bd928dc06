// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title SwitchyardPlanGuard
/// @notice One plan at a time per context: a flag in the running context's transient storage (the executor's,
///         or a smart wallet's under DELEGATECALL) set while a plan runs.
/// @dev THREATS invariant 9: whoever gets control while a plan runs (a payee's `receive`, a token hook, an NFT
///      callback, a pool or lender) cannot start or re-enter a plan in the same context, whatever route it takes
///      to the entry point (a wallet's fallback, a self-call). Transient storage resets at the end of the
///      transaction and {_exitPlan} clears the flag, so two plans one after the other in one transaction work.
abstract contract SwitchyardPlanGuard {
    /// Transient: non-zero while a plan runs in this context. keccak256("switchyard.plan.running") - 1.
    bytes32 private constant RUNNING_SLOT = 0x563f8a63c5f4db05251b0aa47c26ac79a8ad5aa88583881e56ae89d4fdb1b0cd;

    /// @notice A plan is already running in this context.
    error PlanRunning();
    /// @notice This entry point is only for the running plan, and none runs.
    error NoPlanRunning();

    function _enterPlan() internal {
        uint256 running;
        assembly ("memory-safe") {
            running := tload(RUNNING_SLOT)
        }
        if (running != 0) revert PlanRunning();
        assembly ("memory-safe") {
            tstore(RUNNING_SLOT, 1)
        }
    }

    function _exitPlan() internal {
        assembly ("memory-safe") {
            tstore(RUNNING_SLOT, 0)
        }
    }

    function _requirePlan() internal view {
        uint256 running;
        assembly ("memory-safe") {
            running := tload(RUNNING_SLOT)
        }
        if (running == 0) revert NoPlanRunning();
    }
}
