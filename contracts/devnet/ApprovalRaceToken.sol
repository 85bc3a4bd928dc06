// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {DevToken} from "./DevToken.sol";

/// @title ApprovalRaceToken
/// @notice A compliant ERC-20 (it returns `true`) with the approval-race guard of USDT and KNC: `approve`
///         from a non-zero allowance to another non-zero value reverts; going through zero works.
contract ApprovalRaceToken is DevToken {
    error ApproveFromNonZero(uint256 current);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) DevToken(name_, symbol_, decimals_) {}

    function approve(address spender, uint256 value) public override returns (bool) {
        uint256 current = allowance(msg.sender, spender);
        if (value != 0 && current != 0) revert ApproveFromNonZero(current);
        return super.approve(spender, value);
    }
}
