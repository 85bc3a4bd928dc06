// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {SwitchyardFlashLoans} from "./SwitchyardFlashLoans.sol";

/// @title SwitchyardDelegate
/// @notice Shortcut code for the delegate strategy: a smart wallet DELEGATECALLs `executeShortcut`, so the
///         commands run as the wallet, on the wallet's own tokens, with no approvals.
/// @dev Called directly it reverts `OnlyDelegateCall`, so this contract can never act with its own balance
///      or be used as a third party's executor. The check compares `address(this)` with the immutable
///      deployment address. The VM itself never delegatecalls. One plan at a time ({SwitchyardPlanGuard}): a
///      contract that gets control while a plan runs (a payee, a hook, a callback) and reaches this code through
///      the wallet, by any path, cannot start a plan of its own in the wallet's context (THREATS invariant 9).
contract SwitchyardDelegate is SwitchyardFlashLoans {
    address private immutable self = address(this);

    /// @notice Emitted (by the wallet, in its context) after a shortcut ran to completion.
    event ShortcutExecuted(bytes32 accountId, bytes32 requestId);

    /// @notice The function was called directly instead of through DELEGATECALL.
    error OnlyDelegateCall();

    /// @notice Runs `commands` over `state` in the caller's context.
    function executeShortcut(bytes32 accountId, bytes32 requestId, bytes32[] calldata commands, bytes[] calldata state)
        external
        payable
        returns (bytes[] memory)
    {
        if (address(this) == self) revert OnlyDelegateCall();
        _enterPlan();
        bytes[] memory result = _execute(commands, state);
        _exitPlan();
        emit ShortcutExecuted(accountId, requestId);
        return result;
    }
}
