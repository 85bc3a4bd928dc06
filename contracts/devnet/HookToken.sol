// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {DevToken} from "./DevToken.sol";

/// @notice What a hook registered with {HookToken} implements (the ERC-777 sender and recipient hooks).
interface ITokenHook {
    function tokensToSend(address operator, address from, address to, uint256 amount) external;
    function tokensReceived(address operator, address from, address to, uint256 amount) external;
}

/// @title HookToken
/// @notice An ERC-20 with ERC-777-style hooks: an account registers a hook contract for itself
///         (`setHook`, as ERC-1820's `setInterfaceImplementer` does), and every transfer calls the sender's
///         hook (`tokensToSend`, before the balances move) and the receiver's (`tokensReceived`, after),
///         handing control to whoever the hook is, in the middle of the caller's transaction. A hook's
///         revert reverts the transfer.
contract HookToken is DevToken {
    mapping(address => address) public hookOf;

    event HookSet(address indexed account, address hook);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) DevToken(name_, symbol_, decimals_) {}

    /// @notice Registers `hook` for the caller; `address(0)` removes it.
    function setHook(address hook) external {
        hookOf[msg.sender] = hook;
        emit HookSet(msg.sender, hook);
    }

    function _update(address from, address to, uint256 value) internal override {
        address sendHook = hookOf[from];
        if (from != address(0) && sendHook != address(0)) ITokenHook(sendHook).tokensToSend(msg.sender, from, to, value);
        super._update(from, to, value);
        address receiveHook = hookOf[to];
        if (to != address(0) && receiveHook != address(0)) ITokenHook(receiveHook).tokensReceived(msg.sender, from, to, value);
    }
}
