// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IERC20Balance {
    function balanceOf(address account) external view returns (uint256);
}

/// @title AcrossMessageProbe
/// @notice Test-only recipient of Across V3 fills: implements the SpokePool's `AcrossMessageHandler`
/// callback and records what it was called with, and what it already held when called, so a test can
/// tell whether the output tokens arrived before the callback. Can be told to revert.
contract AcrossMessageProbe {
    address public lastTokenSent;
    uint256 public lastAmount;
    address public lastRelayer;
    bytes public lastMessage;
    /// @notice The caller of the callback (the SpokePool).
    address public lastCaller;
    /// @notice This contract's balance of `tokenSent` when the callback ran.
    uint256 public balanceDuringCall;
    uint256 public calls;
    bool public shouldRevert;

    error ProbeReverted();

    function setShouldRevert(bool value) external {
        shouldRevert = value;
    }

    function handleV3AcrossMessage(address tokenSent, uint256 amount, address relayer, bytes memory message) external {
        if (shouldRevert) revert ProbeReverted();
        lastTokenSent = tokenSent;
        lastAmount = amount;
        lastRelayer = relayer;
        lastMessage = message;
        lastCaller = msg.sender;
        balanceDuringCall = IERC20Balance(tokenSent).balanceOf(address(this));
        calls += 1;
    }
}
