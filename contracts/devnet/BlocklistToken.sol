// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {DevToken} from "./DevToken.sol";

/// @title BlocklistToken
/// @notice A USDC-style ERC-20 with a blocklist kept by the minter: a listed address (`isBlacklisted`) can
///         neither send nor receive.
contract BlocklistToken is DevToken {
    mapping(address => bool) public isBlacklisted;

    event Blacklisted(address indexed account);
    event UnBlacklisted(address indexed account);

    error Blocked(address account);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) DevToken(name_, symbol_, decimals_) {}

    function blacklist(address account) external {
        if (msg.sender != minter) revert NotMinter();
        isBlacklisted[account] = true;
        emit Blacklisted(account);
    }

    function unBlacklist(address account) external {
        if (msg.sender != minter) revert NotMinter();
        isBlacklisted[account] = false;
        emit UnBlacklisted(account);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (isBlacklisted[from]) revert Blocked(from);
        if (isBlacklisted[to]) revert Blocked(to);
        super._update(from, to, value);
    }
}
