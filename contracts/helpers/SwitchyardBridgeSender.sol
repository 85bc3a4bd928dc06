// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Callback, MAX_CALLBACK_GAS} from "../router/SwitchyardBridgeCallback.sol";

/// @notice LayerZero OFT send parameters (IOFT.SendParam).
struct StargateSendParam {
    uint32 dstEid;
    bytes32 to;
    uint256 amountLD;
    uint256 minAmountLD;
    bytes extraOptions;
    bytes composeMsg;
    bytes oftCmd;
}

/// @notice LayerZero messaging fee (MessagingFee).
struct StargateMessagingFee {
    uint256 nativeFee;
    uint256 lzTokenFee;
}

/// @notice The part of a Stargate V2 pool (IStargate) a taxi send needs.
interface IStargateTaxi {
    function token() external view returns (address);
    function sharedDecimals() external view returns (uint8);
    function quoteSend(StargateSendParam calldata sendParam, bool payInLzToken) external view returns (StargateMessagingFee memory);
    function send(StargateSendParam calldata sendParam, StargateMessagingFee calldata fee, address refundAddress)
        external
        payable
        returns (bytes32 guid, uint64 nonce, uint256 feeNative, uint256 feeLz, uint256 amountSentLD, uint256 amountReceivedLD);
}

/// @title SwitchyardBridgeSender
/// @notice The source side of switchyard's cross-chain shortcuts: a plan (in our executor, or in a wallet under
///         the delegate strategy) calls {sendStargate}, which pulls exactly the bridged amount from `msg.sender`,
///         quotes the LayerZero fee at execution time and sends a Stargate V2 taxi whose compose message is the
///         destination callback. Destination receivers accept compose messages only from this contract, so a
///         callback can only come from a send whose tokens really left the source chain.
/// @dev Holds nothing between transactions: the amount is pulled and sent in the same call, the fee's change
///      and the dust the pool's shared decimals cannot carry go back to `msg.sender`. No owner, no storage.
contract SwitchyardBridgeSender is ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice `msg.value` does not cover the messaging fee (plus the amount, for a native pool).
    error InsufficientValue(uint256 value, uint256 required);
    /// @notice The amount is zero after removing the dust the pool cannot carry.
    error ZeroAmount();
    /// @notice A native transfer back to the caller failed.
    error RefundFailed();
    /// @notice The compose message is not an encoded callback, or asks for more gas than a callback may use.
    error InvalidCallback();

    /// @notice A Stargate taxi left for `dstEid` with `amountSentLD` of the pool's token.
    event BridgeSent(address indexed pool, uint32 indexed dstEid, address indexed to, bytes32 guid, uint256 amountSentLD, uint256 nativeFee);

    /// @notice The native fee a {sendStargate} with these arguments pays now (what `quoteSend` answers).
    function quoteStargate(address pool, uint32 dstEid, address to, uint256 amountLD, bytes calldata composeMsg)
        external
        view
        returns (uint256 nativeFee)
    {
        StargateSendParam memory p = _param(pool, dstEid, to, _dedust(pool, amountLD), 0, composeMsg);
        return IStargateTaxi(pool).quoteSend(p, false).nativeFee;
    }

    /// @notice Sends `amountLD` (less the dust the pool cannot carry) of `pool`'s token to `to` on `dstEid` as a
    ///         Stargate taxi with `composeMsg`. Pulls ERC-20s from `msg.sender` (approve this contract first); a
    ///         native pool takes the amount from `msg.value`. `msg.value` must cover the fee (plus the amount for a
    ///         native pool); the rest, and the dust, go back to `msg.sender`.
    /// @return amountSentLD what left the source chain
    function sendStargate(address pool, uint32 dstEid, address to, uint256 amountLD, uint256 minAmountLD, bytes calldata composeMsg)
        external
        payable
        nonReentrant
        returns (uint256 amountSentLD)
    {
        if (composeMsg.length != 0) _checkCallback(composeMsg);
        address token = IStargateTaxi(pool).token();
        uint256 amount = _dedust(pool, amountLD);
        if (amount == 0) revert ZeroAmount();
        StargateSendParam memory p = _param(pool, dstEid, to, amount, minAmountLD, composeMsg);
        StargateMessagingFee memory fee = IStargateTaxi(pool).quoteSend(p, false);
        uint256 required = fee.nativeFee + (token == address(0) ? amount : 0);
        if (msg.value < required) revert InsufficientValue(msg.value, required);
        if (token != address(0)) {
            IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
            IERC20(token).forceApprove(pool, amount);
        }
        bytes32 guid;
        (guid,,,, amountSentLD,) = IStargateTaxi(pool).send{value: required}(p, fee, msg.sender);
        if (token != address(0)) IERC20(token).forceApprove(pool, 0);
        emit BridgeSent(pool, dstEid, to, guid, amountSentLD, fee.nativeFee);
        uint256 change = msg.value - required;
        if (change != 0) {
            (bool ok,) = msg.sender.call{value: change}("");
            if (!ok) revert RefundFailed();
        }
    }

    function _param(address pool, uint32 dstEid, address to, uint256 amount, uint256 minAmountLD, bytes calldata composeMsg)
        private
        pure
        returns (StargateSendParam memory)
    {
        pool; // the pool does not change the parameters; kept for symmetry with the quote
        return StargateSendParam({
            dstEid: dstEid,
            to: bytes32(uint256(uint160(to))),
            amountLD: amount,
            minAmountLD: minAmountLD,
            extraOptions: "",
            composeMsg: composeMsg,
            oftCmd: ""
        });
    }

    /// @dev A callback the receiver could not decode would strand the tokens on the destination: refuse it here,
    ///      while the tokens are still the sender's.
    function _checkCallback(bytes calldata composeMsg) private view {
        try this.decodeCallback(composeMsg) returns (uint256 gasLimit) {
            if (gasLimit > MAX_CALLBACK_GAS) revert InvalidCallback();
        } catch {
            revert InvalidCallback();
        }
    }

    /// @notice Decodes a compose message as a {Callback} and returns its gas limit (reverts when malformed).
    function decodeCallback(bytes calldata composeMsg) external pure returns (uint256 gasLimit) {
        Callback memory cb = abi.decode(composeMsg, (Callback));
        return cb.gasLimit;
    }

    /// @dev Rounds down to what the pool's shared decimals can carry.
    function _dedust(address pool, uint256 amountLD) private view returns (uint256) {
        address token = IStargateTaxi(pool).token();
        uint8 local = token == address(0) ? 18 : IERC20Metadata(token).decimals();
        uint8 shared = IStargateTaxi(pool).sharedDecimals();
        if (local <= shared) return amountLD;
        uint256 rate = 10 ** (local - shared);
        return (amountLD / rate) * rate;
    }
}
