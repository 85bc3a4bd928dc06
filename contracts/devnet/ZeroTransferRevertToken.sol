// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {DevToken} from "./DevToken.sol";

/// @title ZeroTransferRevertToken
/// @notice An ERC-20 that reverts a transfer of zero (as LEND did): a plan that ever moves 0 of it fails.
contract ZeroTransferRevertToken is DevToken {
    error ZeroTransfer();

    constructor(string memory name_, string memory symbol_, uint8 decimals_) DevToken(name_, symbol_, decimals_) {}

    function _update(address from, address to, uint256 value) internal override {
        if (value == 0 && from != address(0) && to != address(0)) revert ZeroTransfer();
        super._update(from, to, value);
    }
}
