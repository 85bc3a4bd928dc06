// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @title FakeStargatePool
/// @notice Test only: the Stargate V2 pool surface SwitchyardBridgeSender calls (token, sharedDecimals,
///         quoteSend, send), for a pool the caller names that behaves as no real pool does: shared decimals above
///         the token's, part of what it was paid sent back to the refund address it is given, or a call back
///         into its caller (the bridge sender) while its `send` runs, made once with value from its own balance
///         and its outcome recorded.
contract FakeStargatePool {
    struct SendParam {
        uint32 dstEid;
        bytes32 to;
        uint256 amountLD;
        uint256 minAmountLD;
        bytes extraOptions;
        bytes composeMsg;
        bytes oftCmd;
    }

    struct MessagingFee {
        uint256 nativeFee;
        uint256 lzTokenFee;
    }

    /// @notice The pool's token; address(0) is the native coin.
    address public immutable token;
    uint8 public immutable sharedDecimals;
    /// @notice The native fee every quote and send asks for.
    uint256 public immutable fee;

    /// @notice Wei of each send's payment sent back to its refund address.
    uint256 public refund;
    /// @notice A call made to `msg.sender` during `send` (empty: none), with `reentryValue` wei.
    bytes public reentry;
    uint256 public reentryValue;
    /// @notice Whether the call back succeeded, and what it returned or reverted with.
    bool public reentryOk;
    bytes public reentryResult;
    /// @notice The last send's refund address and amount.
    address public lastRefundAddress;
    uint256 public lastAmount;
    bool private sending;

    constructor(address token_, uint8 sharedDecimals_, uint256 fee_) {
        token = token_;
        sharedDecimals = sharedDecimals_;
        fee = fee_;
    }

    function setRefund(uint256 refund_) external {
        refund = refund_;
    }

    function setReentry(bytes calldata data, uint256 value) external {
        reentry = data;
        reentryValue = value;
    }

    function quoteSend(SendParam calldata, bool) external view returns (MessagingFee memory) {
        return MessagingFee(fee, 0);
    }

    function send(SendParam calldata p, MessagingFee calldata, address refundAddress)
        external
        payable
        returns (bytes32 guid, uint64 nonce, uint256 feeNative, uint256 feeLz, uint256 amountSentLD, uint256 amountReceivedLD)
    {
        if (token != address(0)) IERC20(token).transferFrom(msg.sender, address(this), p.amountLD);
        lastRefundAddress = refundAddress;
        lastAmount = p.amountLD;
        if (reentry.length != 0 && !sending) {
            sending = true;
            (reentryOk, reentryResult) = msg.sender.call{value: reentryValue}(reentry);
            sending = false;
        }
        if (refund != 0) {
            (bool ok,) = refundAddress.call{value: refund}("");
            ok;
        }
        return (keccak256(abi.encode(p.amountLD, block.number)), 1, fee, 0, p.amountLD, p.amountLD);
    }

    receive() external payable {}
}
