// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title SwitchyardDelegateSimulator
/// @notice Simulation only, never deployed as a user wallet: switchyard installs this runtime code at a
///         smart wallet's address through an eth_simulateV1 state override, so that a call carrying the
///         delegate strategy's calldata runs the way the wallet's own DELEGATECALL would run it.
/// @dev The delegate target is read from storage slot `TARGET_SLOT`, which the same override sets.
contract SwitchyardDelegateSimulator {
    /// A fixed slot far from any Solidity layout, set by the same override.
    bytes32 public constant TARGET_SLOT = 0x2b5e3c7fd64c8f6e9f5cbd7f6f1f0b1c0f5e3d2c1b0a99887766554433221100;

    fallback() external payable {
        assembly ("memory-safe") {
            let target := sload(TARGET_SLOT)
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), target, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }

    receive() external payable {}
}
