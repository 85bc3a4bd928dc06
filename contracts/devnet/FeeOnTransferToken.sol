// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title FeeOnTransferToken
/// @notice An 18-decimal ERC-20 that burns `feeBps` of every transfer between two non-zero addresses,
///         so the recipient receives less than the amount sent. Used to test fee-on-transfer handling.
contract FeeOnTransferToken is ERC20 {
    uint256 public immutable feeBps;
    address public immutable minter;

    error NotMinter();

    constructor(string memory name_, string memory symbol_, uint256 feeBps_) ERC20(name_, symbol_) {
        require(feeBps_ <= 10_000, "fee");
        feeBps = feeBps_;
        minter = msg.sender;
    }

    function mint(address to, uint256 amount) external {
        if (msg.sender != minter) revert NotMinter();
        _mint(to, amount);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0) && to != address(0) && feeBps != 0) {
            uint256 fee = (value * feeBps) / 10_000;
            super._update(from, address(0), fee);
            value -= fee;
        }
        super._update(from, to, value);
    }
}
