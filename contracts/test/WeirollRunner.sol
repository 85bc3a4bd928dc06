// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {WeirollVM} from "../router/WeirollVM.sol";

/// @title WeirollRunner
/// @notice Test-only target that runs a weiroll subplan on the state it is given and returns the new state,
///         the shape a callback-style subplan target has.
contract WeirollRunner is WeirollVM {
    function execute(bytes32[] calldata commands, bytes[] memory state) external payable returns (bytes[] memory) {
        return _execute(commands, state);
    }
}
