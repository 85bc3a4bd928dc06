// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {SwitchyardFlashLoans} from "./SwitchyardFlashLoans.sol";
import {SwitchyardAllowanceLedger} from "./SwitchyardAllowanceLedger.sol";
import {WeirollVM} from "./WeirollVM.sol";

/// @title SwitchyardExecutor
/// @notice Runs weiroll shortcuts for exactly one router, the contract that deployed it.
/// @dev Users never approve this contract: it only spends what the router moved into it during the same
///      transaction, so an arbitrary call it makes (even `approve(attacker, max)`) reaches nobody else's
///      allowance. Holds no state; `receive` accepts native coin (e.g. from a WETH unwrap). Flash loans
///      ({SwitchyardFlashLoans}) can only be started by its own running plan. Every user's plan runs in this one
///      context, so no permission a plan grants outlives it ({SwitchyardAllowanceLedger}): a contract one plan
///      approved cannot take a later plan's tokens.
contract SwitchyardExecutor is SwitchyardFlashLoans, SwitchyardAllowanceLedger {
    /// @notice The only caller of {executeShortcut}.
    address public immutable router;

    /// @notice Emitted after a shortcut ran to completion.
    event ShortcutExecuted(bytes32 accountId, bytes32 requestId);

    /// @notice The caller is not the router.
    error NotRouter(address caller);

    constructor() {
        router = msg.sender;
    }

    /// @notice Runs `commands` over `state`.
    /// @param accountId identifies the API account that built the shortcut
    /// @param requestId referral code (high 16 bytes) and a unique id (low 16 bytes)
    /// @return the final weiroll state
    function executeShortcut(bytes32 accountId, bytes32 requestId, bytes32[] calldata commands, bytes[] calldata state)
        external
        payable
        returns (bytes[] memory)
    {
        if (msg.sender != router) revert NotRouter(msg.sender);
        _enterPlan();
        bytes[] memory result = _execute(commands, state);
        _revokeAllowances();
        _exitPlan();
        emit ShortcutExecuted(accountId, requestId);
        return result;
    }

    function _beforeCall(address target, bytes memory input) internal override(WeirollVM, SwitchyardAllowanceLedger) {
        SwitchyardAllowanceLedger._beforeCall(target, input);
    }

    receive() external payable {}
}
