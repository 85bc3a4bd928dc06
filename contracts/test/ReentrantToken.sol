// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title ReentrantToken
/// @notice Test-only malicious ERC-20: on every transfer it calls a configured target with configured data
///         (e.g. the router with a route that spends a victim's tokens) and bubbles that call's revert.
contract ReentrantToken is ERC20 {
    address public hookTarget;
    bytes public hookData;
    bool private inHook;

    constructor() ERC20("Reentrant", "REENTER") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /// @notice Arms the hook; `target == address(0)` disarms it.
    function setHook(address target, bytes calldata data) external {
        hookTarget = target;
        hookData = data;
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (hookTarget != address(0) && !inHook && from != address(0)) {
            inHook = true;
            (bool ok, bytes memory ret) = hookTarget.call(hookData);
            if (!ok) {
                assembly ("memory-safe") {
                    revert(add(ret, 32), mload(ret))
                }
            }
            inHook = false;
        }
    }
}
