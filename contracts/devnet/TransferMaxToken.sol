// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {DevToken} from "./DevToken.sol";

/// @title TransferMaxToken
/// @notice A Compound III (cUSDCv3)-style ERC-20 that can move less than the amount named: `transfer` and
///         `transferFrom` of `type(uint256).max` move the sender's whole balance (whatever it is) instead of
///         reverting, so a caller that asks for "max" gets an amount it never named.
contract TransferMaxToken is DevToken {
    constructor(string memory name_, string memory symbol_, uint8 decimals_) DevToken(name_, symbol_, decimals_) {}

    function transfer(address to, uint256 value) public override returns (bool) {
        if (value == type(uint256).max) value = balanceOf(msg.sender);
        return super.transfer(to, value);
    }

    function transferFrom(address from, address to, uint256 value) public override returns (bool) {
        if (value == type(uint256).max) value = balanceOf(from);
        return super.transferFrom(from, to, value);
    }
}
