// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {DevToken} from "./DevToken.sol";

/// @title PausableToken
/// @notice A USDC-style pausable ERC-20: while the minter has it paused (`paused()` reads true), every
///         transfer, mint and approval reverts.
contract PausableToken is DevToken {
    bool public paused;

    event Paused(address account);
    event Unpaused(address account);

    error EnforcedPause();

    constructor(string memory name_, string memory symbol_, uint8 decimals_) DevToken(name_, symbol_, decimals_) {}

    function pause() external {
        if (msg.sender != minter) revert NotMinter();
        paused = true;
        emit Paused(msg.sender);
    }

    function unpause() external {
        if (msg.sender != minter) revert NotMinter();
        paused = false;
        emit Unpaused(msg.sender);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (paused) revert EnforcedPause();
        super._update(from, to, value);
    }

    function _approve(address owner, address spender, uint256 value, bool emitEvent) internal override {
        if (paused && emitEvent) revert EnforcedPause();
        super._approve(owner, spender, value, emitEvent);
    }
}
