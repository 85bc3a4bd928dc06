// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice What a switchyard bridge message carries to {SwitchyardBridgeReceiver}: who gets the outputs and the
///         refund, the gas the plan may use, the minimums checked on the receiver's balance changes, and the
///         weiroll plan itself (run by the receiver's executor).
struct Callback {
    address receiver;
    address refundReceiver;
    uint256 gasLimit;
    /// Native the deliverer attaches (`lzCompose`'s msg.value): the fees of bridges inside the callback.
    uint256 value;
    address[] tokensOut;
    uint256[] minAmountsOut;
    bytes32 accountId;
    bytes32 requestId;
    bytes32[] commands;
    bytes[] state;
}

// The largest callback gas limit a message may ask for.
uint256 constant MAX_CALLBACK_GAS = 10_000_000;
