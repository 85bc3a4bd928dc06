// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SwitchyardAllowanceLedger} from "./SwitchyardAllowanceLedger.sol";
import {SwitchyardPlanGuard} from "./SwitchyardPlanGuard.sol";

/// @title SwitchyardLegacyExecutor
/// @notice Executor of {SwitchyardLegacyRouter}: the legacy `executeShortcut(commands, state)` entry point.
///         Like {SwitchyardExecutor}, no permission a plan grants outlives it ({SwitchyardAllowanceLedger}).
contract SwitchyardLegacyExecutor is SwitchyardAllowanceLedger, SwitchyardPlanGuard {
    /// @notice The only caller of {executeShortcut}.
    address public immutable router;

    error NotRouter(address caller);

    constructor() {
        router = msg.sender;
    }

    /// @notice Runs `commands` over `state`; callable only by the router.
    function executeShortcut(bytes32[] calldata commands, bytes[] calldata state) external payable returns (bytes[] memory) {
        if (msg.sender != router) revert NotRouter(msg.sender);
        _enterPlan();
        bytes[] memory result = _execute(commands, state);
        _revokeAllowances();
        _exitPlan();
        return result;
    }

    receive() external payable {}
}

/// @title SwitchyardLegacyRouter
/// @notice The "router-legacy" entry points: one input given as (token, amount), native coin as
///         0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE with `msg.value == amountIn`. Same guarantees as
///         {SwitchyardRouter}: pulls only from `msg.sender`, into its own executor; reentrancy guard; immutable.
contract SwitchyardLegacyRouter is ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    address internal constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;

    /// @notice The executor deployed by this router's constructor.
    SwitchyardLegacyExecutor public immutable executor;

    error WrongMsgValue(uint256 value, uint256 expectedAmount);
    error AmountTooLow(address token, uint256 amount, uint256 minAmount);
    error ZeroAmount();
    error InvalidReceiver(address receiver);

    constructor() {
        executor = new SwitchyardLegacyExecutor();
    }

    /// @notice Pulls `amountIn` of `tokenIn` from the sender into the executor and runs the commands.
    function routeSingle(IERC20 tokenIn, uint256 amountIn, bytes32[] calldata commands, bytes[] calldata state)
        external
        payable
        nonReentrant
        returns (bytes[] memory)
    {
        _pull(tokenIn, amountIn);
        return executor.executeShortcut{value: msg.value}(commands, state);
    }

    /// @notice {routeSingle}, then reverts `AmountTooLow` unless `receiver` gained at least `minAmountOut`.
    function safeRouteSingle(
        IERC20 tokenIn,
        IERC20 tokenOut,
        uint256 amountIn,
        uint256 minAmountOut,
        address receiver,
        bytes32[] calldata commands,
        bytes[] calldata state
    ) external payable nonReentrant returns (bytes[] memory result) {
        if (receiver == address(this) || receiver == address(executor)) revert InvalidReceiver(receiver);
        uint256 before = _balanceOf(tokenOut, receiver);
        _pull(tokenIn, amountIn);
        result = executor.executeShortcut{value: msg.value}(commands, state);
        uint256 afterBalance = _balanceOf(tokenOut, receiver);
        uint256 received = afterBalance > before ? afterBalance - before : 0;
        if (received < minAmountOut) revert AmountTooLow(address(tokenOut), received, minAmountOut);
    }

    function _pull(IERC20 tokenIn, uint256 amountIn) private {
        if (amountIn == 0) revert ZeroAmount();
        if (address(tokenIn) == NATIVE) {
            if (msg.value != amountIn) revert WrongMsgValue(msg.value, amountIn);
        } else {
            if (msg.value != 0) revert WrongMsgValue(msg.value, 0);
            tokenIn.safeTransferFrom(msg.sender, address(executor), amountIn);
        }
    }

    function _balanceOf(IERC20 token, address account) private view returns (uint256) {
        return address(token) == NATIVE ? account.balance : token.balanceOf(account);
    }
}
