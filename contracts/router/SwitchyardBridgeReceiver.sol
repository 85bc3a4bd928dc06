// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SwitchyardExecutor} from "./SwitchyardExecutor.sol";
import {Callback, MAX_CALLBACK_GAS} from "./SwitchyardBridgeCallback.sol";

/// @notice The part of a Stargate V2 pool the receiver reads: the token it delivers (address(0) = native).
interface IStargateToken {
    function token() external view returns (address);
}

/// @title SwitchyardBridgeReceiver
/// @notice The destination side of switchyard's cross-chain shortcuts: a LayerZero composer (`lzCompose`, for
///         Stargate V2 taxis) and an Across V3 message handler (`handleV3AcrossMessage`). It runs the message's
///         callback plan in its own executor with exactly the tokens that message delivered. On success the plan
///         has delivered the outputs to the receiver (checked here against the minimums); on any failure, or
///         when the plan runs out of its gas limit, the delivered tokens go to `refundReceiver`.
/// @dev Trust:
///      - `lzCompose` only from the LayerZero endpoint, only for composes queued by a Stargate pool named at
///        construction, and only for sends made by our {SwitchyardBridgeSender} (`composeFrom`). The endpoint
///        marks a compose delivered before calling, so a compose runs at most once; `handled` pins that here too.
///      - `handleV3AcrossMessage` only from the Across spoke pool, which transfers `amount` of `tokenSent` to this
///        contract in the same call, right before calling the handler.
///      - The callback plan gets exactly the delivered amount; it must leave none of it in the executor and may
///        not send any of it back here (which would strand it next to other messages' in-flight tokens).
///      Nobody approves this contract or its executor. No owner, no upgrade path.
contract SwitchyardBridgeReceiver is ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice What a bridge message carries: who gets the outputs and the refund, the gas the plan may use,
    ///         the minimums checked on the receiver's balance changes, and the weiroll plan itself.

    /// @notice The LayerZero EndpointV2 of this chain.
    address public immutable endpoint;
    /// @notice The Across V3 spoke pool of this chain.
    address public immutable spokePool;
    /// @notice Our source-side sender; the only `composeFrom` accepted.
    address public immutable bridgeSender;
    /// @notice Runs callback plans; accepts calls only from this contract.
    SwitchyardExecutor public immutable executor;
    /// @notice Stargate pools whose composes are accepted.
    mapping(address pool => bool) public isStargatePool;
    /// @notice LayerZero composes already run, by keccak256(pool, guid).
    mapping(bytes32 id => bool) public handled;

    /// Gas kept back for the refund path after a callback used all of its limit.
    uint256 private constant REFUND_RESERVE = 60_000;

    /// @notice The callback ran and the receiver got at least the minimums.
    event CallbackExecuted(bytes32 indexed messageId, address indexed token, uint256 amount, address receiver);
    /// @notice The callback failed; `amount` of `token` (and any forwarded value) went to `refundReceiver`.
    event CallbackRefunded(bytes32 indexed messageId, address indexed token, uint256 amount, address refundReceiver, bytes reason);

    error NotEndpoint(address caller);
    error NotSpokePool(address caller);
    error UntrustedPool(address pool);
    error UntrustedSender(bytes32 composeFrom);
    error AlreadyHandled(bytes32 messageId);
    error NotSelf(address caller);
    /// @notice Less gas than the callback's limit plus the refund reserve: retry the delivery with more gas.
    error InsufficientGas(uint256 available, uint256 required);
    error MalformedCompose();
    /// @notice Less native than the callback needs (its `value`): retry the delivery with it attached.
    error InsufficientValue(uint256 value, uint256 required);
    /// @notice The plan left some of the delivered token in the executor, or sent it back here.
    error CallbackKeptTokens(address token, uint256 kept);
    error AmountTooLow(address token, uint256 amount, uint256 minAmount);
    error LengthMismatch();
    error TransferFailed();

    constructor(address endpoint_, address spokePool_, address bridgeSender_, address[] memory stargatePools) {
        endpoint = endpoint_;
        spokePool = spokePool_;
        bridgeSender = bridgeSender_;
        executor = new SwitchyardExecutor();
        for (uint256 i; i < stargatePools.length; ++i) {
            isStargatePool[stargatePools[i]] = true;
        }
    }

    /// @notice LayerZero V2 composer entry (ILayerZeroComposer). `message` is the OFT compose message:
    ///         nonce (8 bytes) | srcEid (4) | amountLD (32) | composeFrom (32) | our encoded {Callback}.
    function lzCompose(address from, bytes32 guid, bytes calldata message, address, bytes calldata) external payable nonReentrant {
        if (msg.sender != endpoint) revert NotEndpoint(msg.sender);
        if (!isStargatePool[from]) revert UntrustedPool(from);
        if (message.length < 76) revert MalformedCompose();
        bytes32 composeFrom = bytes32(message[44:76]);
        if (composeFrom != bytes32(uint256(uint160(bridgeSender)))) revert UntrustedSender(composeFrom);
        bytes32 id = keccak256(abi.encode(from, guid));
        if (handled[id]) revert AlreadyHandled(id);
        handled[id] = true;
        uint256 amount = uint256(bytes32(message[12:44]));
        _handle(id, IStargateToken(from).token(), amount, message[76:]);
    }

    /// @notice Across V3 message handler: the spoke pool has just transferred `amount` of `tokenSent` here.
    function handleV3AcrossMessage(address tokenSent, uint256 amount, address relayer, bytes calldata message) external nonReentrant {
        if (msg.sender != spokePool) revert NotSpokePool(msg.sender);
        _handle(keccak256(abi.encode(block.number, tokenSent, amount, relayer, message)), tokenSent, amount, message);
    }

    /// @notice Runs a callback plan with `amount` of `token` (address(0) = native); only from this contract.
    function runCallback(address token, uint256 amount, Callback calldata cb) external payable {
        if (msg.sender != address(this)) revert NotSelf(msg.sender);
        if (cb.tokensOut.length != cb.minAmountsOut.length) revert LengthMismatch();
        uint256 n = cb.tokensOut.length;
        uint256[] memory before = new uint256[](n);
        for (uint256 i; i < n; ++i) {
            before[i] = _balanceOf(cb.tokensOut[i], cb.receiver);
        }
        uint256 ownBefore = _balanceOf(token, address(this)) - (token == address(0) ? msg.value : 0);
        uint256 value = msg.value;
        if (token == address(0)) value += amount;
        else IERC20(token).safeTransfer(address(executor), amount);
        executor.executeShortcut{value: value}(cb.accountId, cb.requestId, cb.commands, cb.state);
        uint256 left = _balanceOf(token, address(executor));
        if (left != 0) revert CallbackKeptTokens(token, left);
        uint256 ownAfter = _balanceOf(token, address(this));
        if (ownAfter + amount != ownBefore) revert CallbackKeptTokens(token, ownAfter + amount - ownBefore);
        for (uint256 i; i < n; ++i) {
            uint256 afterBalance = _balanceOf(cb.tokensOut[i], cb.receiver);
            uint256 got = afterBalance > before[i] ? afterBalance - before[i] : 0;
            if (got < cb.minAmountsOut[i]) revert AmountTooLow(cb.tokensOut[i], got, cb.minAmountsOut[i]);
        }
    }

    function _handle(bytes32 id, address token, uint256 amount, bytes calldata encoded) private {
        // The sender checked this decodes (and the gas limit's bound) before the tokens left the source chain.
        Callback memory cb = abi.decode(encoded, (Callback));
        if (cb.gasLimit > MAX_CALLBACK_GAS) revert MalformedCompose();
        if (msg.value < cb.value) revert InsufficientValue(msg.value, cb.value);
        uint256 gasLimit = cb.gasLimit;
        uint256 required = gasLimit + gasLimit / 63 + REFUND_RESERVE;
        if (gasleft() < required) revert InsufficientGas(gasleft(), required);
        address refundTo = cb.refundReceiver == address(0) ? cb.receiver : cb.refundReceiver;
        try this.runCallback{gas: gasLimit, value: msg.value}(token, amount, cb) {
            emit CallbackExecuted(id, token, amount, cb.receiver);
        } catch (bytes memory reason) {
            _pay(token, refundTo, amount);
            if (msg.value != 0) _pay(address(0), refundTo, msg.value);
            emit CallbackRefunded(id, token, amount, refundTo, reason);
        }
    }

    function _pay(address token, address to, uint256 amount) private {
        if (amount == 0) return;
        if (token == address(0)) {
            (bool ok,) = to.call{value: amount}("");
            if (!ok) revert TransferFailed();
        } else {
            IERC20(token).safeTransfer(to, amount);
        }
    }

    function _balanceOf(address token, address account) private view returns (uint256) {
        return token == address(0) ? account.balance : IERC20(token).balanceOf(account);
    }

    /// @notice Accepts native coin from a Stargate native pool (delivered before its compose runs).
    receive() external payable {}
}
