// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SwitchyardExecutor} from "./SwitchyardExecutor.sol";

/// @title SwitchyardRouter
/// @notice The contract users approve. It pulls the declared inputs from `msg.sender` (never from anyone else)
///         into its own executor, runs the shortcut there and, for `safeRoute*`, checks what the receiver got.
/// @dev Token data encodings:
///      - tokenIn  ERC20:  `abi.encode(address token, uint256 amount)`, amount > 0.
///      - tokenIn  Native: `abi.encode(uint256 amount)` with `amount == msg.value`, or empty data meaning
///        "the amount is msg.value". Either way the native amount is exactly `msg.value` and must be > 0.
///      - tokenOut ERC20:  `abi.encode(address token, uint256 minAmountOut)`.
///      - tokenOut Native: `abi.encode(uint256 minAmountOut)`.
///      Without a Native input, `msg.value` must be 0. ERC721 and ERC1155 revert `UnsupportedTokenType`.
///      No owner, no storage, no upgrade path: a new version is a new address.
contract SwitchyardRouter is ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    enum TokenType {
        Native,
        ERC20,
        ERC721,
        ERC1155
    }

    struct Token {
        TokenType tokenType;
        bytes data;
    }

    /// @notice The executor deployed by this router's constructor; it accepts calls only from this router.
    SwitchyardExecutor public immutable executor;

    error WrongMsgValue(uint256 value, uint256 expectedAmount);
    error AmountTooLow(Token token, uint256 amount, uint256 minAmount);
    error DuplicateNativeAsset();
    error UnsupportedTokenType(TokenType tokenType);
    /// @notice An input amount of zero; amounts must be positive.
    error ZeroAmount(Token token);
    /// @notice Token data does not have the length its type requires.
    error InvalidTokenData(Token token);
    /// @notice `data` is not `executeShortcut` calldata.
    error InvalidShortcutData();
    /// @notice The receiver is this router or its executor, which must end every transaction empty.
    error InvalidReceiver(address receiver);

    constructor() {
        executor = new SwitchyardExecutor();
    }

    /// @notice Pulls one input from the sender into the executor and runs `data` (executeShortcut calldata).
    function routeSingle(Token calldata tokenIn, bytes calldata data) external payable nonReentrant returns (bytes memory) {
        _pullInput(tokenIn, true);
        return _run(data);
    }

    /// @notice Pulls several inputs (at most one Native) from the sender into the executor and runs `data`.
    function routeMulti(Token[] calldata tokensIn, bytes calldata data) external payable nonReentrant returns (bytes memory) {
        _pullInputs(tokensIn);
        return _run(data);
    }

    /// @notice {routeSingle}, then reverts `AmountTooLow` unless `receiver`'s balance of `tokenOut` grew by at
    ///         least its minAmountOut.
    function safeRouteSingle(Token calldata tokenIn, Token calldata tokenOut, address receiver, bytes calldata data)
        external
        payable
        nonReentrant
        returns (bytes memory response)
    {
        _checkReceiver(receiver);
        (address token, uint256 minAmount) = _decodeOutput(tokenOut);
        uint256 before = _balanceOf(token, receiver);
        _pullInput(tokenIn, true);
        response = _run(data);
        _checkMinAmountOut(tokenOut, token, receiver, before, minAmount);
    }

    /// @notice {routeMulti}, then checks every `tokensOut` entry on `receiver` as {safeRouteSingle} does.
    function safeRouteMulti(Token[] calldata tokensIn, Token[] calldata tokensOut, address receiver, bytes calldata data)
        external
        payable
        nonReentrant
        returns (bytes memory response)
    {
        _checkReceiver(receiver);
        uint256 n = tokensOut.length;
        address[] memory tokens = new address[](n);
        uint256[] memory mins = new uint256[](n);
        uint256[] memory befores = new uint256[](n);
        for (uint256 i; i < n; ++i) {
            (tokens[i], mins[i]) = _decodeOutput(tokensOut[i]);
            befores[i] = _balanceOf(tokens[i], receiver);
        }
        _pullInputs(tokensIn);
        response = _run(data);
        for (uint256 i; i < n; ++i) {
            _checkMinAmountOut(tokensOut[i], tokens[i], receiver, befores[i], mins[i]);
        }
    }

    function _pullInputs(Token[] calldata tokensIn) private {
        bool sawNative;
        for (uint256 i; i < tokensIn.length; ++i) {
            if (tokensIn[i].tokenType == TokenType.Native) {
                if (sawNative) revert DuplicateNativeAsset();
                sawNative = true;
            }
            _pullInput(tokensIn[i], false);
        }
        if (!sawNative && msg.value != 0) revert WrongMsgValue(msg.value, 0);
    }

    /// @dev `checkValue`: a single-input route checks msg.value == 0 here; multi-input routes check it once.
    function _pullInput(Token calldata tokenIn, bool checkValue) private {
        TokenType tokenType = tokenIn.tokenType;
        if (tokenType == TokenType.Native) {
            uint256 amount;
            if (tokenIn.data.length == 32) amount = abi.decode(tokenIn.data, (uint256));
            else if (tokenIn.data.length == 0) amount = msg.value;
            else revert InvalidTokenData(tokenIn);
            if (amount != msg.value) revert WrongMsgValue(msg.value, amount);
            if (amount == 0) revert ZeroAmount(tokenIn);
        } else if (tokenType == TokenType.ERC20) {
            if (checkValue && msg.value != 0) revert WrongMsgValue(msg.value, 0);
            if (tokenIn.data.length != 64) revert InvalidTokenData(tokenIn);
            (address token, uint256 amount) = abi.decode(tokenIn.data, (address, uint256));
            if (amount == 0) revert ZeroAmount(tokenIn);
            IERC20(token).safeTransferFrom(msg.sender, address(executor), amount);
        } else {
            revert UnsupportedTokenType(tokenType);
        }
    }

    function _run(bytes calldata data) private returns (bytes memory response) {
        if (data.length < 4 || bytes4(data[:4]) != SwitchyardExecutor.executeShortcut.selector) {
            revert InvalidShortcutData();
        }
        bool success;
        (success, response) = address(executor).call{value: msg.value}(data);
        if (!success) {
            assembly ("memory-safe") {
                revert(add(response, 32), mload(response))
            }
        }
    }

    function _decodeOutput(Token calldata tokenOut) private pure returns (address token, uint256 minAmount) {
        if (tokenOut.tokenType == TokenType.Native) {
            if (tokenOut.data.length != 32) revert InvalidTokenData(tokenOut);
            minAmount = abi.decode(tokenOut.data, (uint256));
        } else if (tokenOut.tokenType == TokenType.ERC20) {
            if (tokenOut.data.length != 64) revert InvalidTokenData(tokenOut);
            (token, minAmount) = abi.decode(tokenOut.data, (address, uint256));
            if (token == address(0)) revert InvalidTokenData(tokenOut);
        } else {
            revert UnsupportedTokenType(tokenOut.tokenType);
        }
    }

    /// @dev `token == address(0)` means the native coin (only produced by `_decodeOutput` for Native).
    function _balanceOf(address token, address account) private view returns (uint256) {
        return token == address(0) ? account.balance : IERC20(token).balanceOf(account);
    }

    function _checkMinAmountOut(Token calldata tokenOut, address token, address receiver, uint256 before, uint256 minAmount)
        private
        view
    {
        uint256 afterBalance = _balanceOf(token, receiver);
        uint256 received = afterBalance > before ? afterBalance - before : 0;
        if (received < minAmount) revert AmountTooLow(tokenOut, received, minAmount);
    }

    function _checkReceiver(address receiver) private view {
        if (receiver == address(this) || receiver == address(executor)) revert InvalidReceiver(receiver);
    }
}
