// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {SwitchyardFlashLoans} from "./SwitchyardFlashLoans.sol";

/// @title SwitchyardExecutor
/// @notice Runs weiroll shortcuts for exactly one router, the contract that deployed it.
/// @dev Users never approve this contract: it only spends what the router moved into it during the same
///      transaction, so an arbitrary call it makes (even `approve(attacker, max)`) reaches nobody else's
///      allowance. Holds no state; `receive` accepts native coin (e.g. from a WETH unwrap). Flash loans
///      ({SwitchyardFlashLoans}) can only be started by its own running plan.
contract SwitchyardExecutor is SwitchyardFlashLoans {
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
        bytes[] memory result = _execute(commands, state);
        emit ShortcutExecuted(accountId, requestId);
        return result;
    }

    receive() external payable {}
}
