// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {WeirollVM} from "./WeirollVM.sol";
import {SwitchyardPlanGuard} from "./SwitchyardPlanGuard.sol";

/// @title SwitchyardLegacyDelegate
/// @notice "delegate-legacy": `executeShortcut(bytes32[] commands, bytes[] state)`, only under DELEGATECALL,
///         one plan at a time per wallet ({SwitchyardPlanGuard}).
contract SwitchyardLegacyDelegate is WeirollVM, SwitchyardPlanGuard {
    address private immutable self = address(this);

    error OnlyDelegateCall();

    /// @notice Runs `commands` over `state` in the caller's context.
    function executeShortcut(bytes32[] calldata commands, bytes[] calldata state) external payable returns (bytes[] memory) {
        if (address(this) == self) revert OnlyDelegateCall();
        _enterPlan();
        bytes[] memory result = _execute(commands, state);
        _exitPlan();
        return result;
    }
}
