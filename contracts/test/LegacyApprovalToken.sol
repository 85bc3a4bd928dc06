// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title LegacyApprovalToken
/// @notice Test-only ERC-20 with the old ways to grant an allowance: `increaseApproval(address,uint256)`
///         (OpenZeppelin before 2.0, BAT-style tokens). With `keepsAllowances` set, `approve(spender, 0)`
///         answers true and changes nothing: an allowance the executor's ledger cannot revoke.
contract LegacyApprovalToken is ERC20 {
    bool public keepsAllowances;

    constructor() ERC20("Legacy Approval", "LAPP") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function setKeepsAllowances(bool keeps) external {
        keepsAllowances = keeps;
    }

    function increaseApproval(address spender, uint256 addedValue) external returns (bool) {
        _approve(msg.sender, spender, allowance(msg.sender, spender) + addedValue);
        return true;
    }

    function approve(address spender, uint256 value) public override returns (bool) {
        if (value == 0 && keepsAllowances) return true;
        return super.approve(spender, value);
    }
}
