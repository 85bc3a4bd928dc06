// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {WeirollVM} from "./WeirollVM.sol";

/// @notice The part of Aave V3's Pool a flash loan needs.
interface IAaveV3FlashLender {
    function flashLoanSimple(address receiverAddress, address asset, uint256 amount, bytes calldata params, uint16 referralCode)
        external;
}

/// @title SwitchyardFlashLoans
/// @notice Aave V3 flash loans whose callback is a weiroll plan, for the executor and the delegate.
/// @dev Only a running plan can start a loan: {flashLoanAaveV3} accepts calls from this contract itself
///      (a plan's own CALL). It records the lender in transient storage; {executeOperation} then accepts
///      exactly one callback, from that lender, for a loan this contract initiated, runs the callback plan
///      through {runFlashLoanCallback} (again only from itself, only while that callback is active), and
///      approves exactly the amount owed. A call from anyone else, a second callback, or a callback for a
///      loan someone else initiated reverts. Under the delegate strategy these run in the wallet's context
///      (the wallet forwards self-calls and the lender's callback to the active delegate).
abstract contract SwitchyardFlashLoans is WeirollVM {
    using SafeERC20 for IERC20;

    /// Transient: the lender of the loan being taken, until its callback starts.
    bytes32 private constant LENDER_SLOT = 0x7d0b1a3f4f1c6b2e9a8d5c3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f30;
    /// Transient: set while a callback plan may run.
    bytes32 private constant CALLBACK_SLOT = 0x7d0b1a3f4f1c6b2e9a8d5c3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f31;

    /// @notice Only a plan running in this contract may call this function.
    error NotSelf(address caller);
    /// @notice A flash-loan callback this contract did not ask for.
    error UnexpectedFlashLoan(address caller, address initiator);

    /// @notice Borrows `amount` of `asset` from the Aave V3 `pool` and runs `commands` over `state` with it;
    ///         the callback plan must leave `amount` plus the pool's premium here for the repayment.
    function flashLoanAaveV3(address pool, address asset, uint256 amount, bytes32[] calldata commands, bytes[] calldata state) external {
        if (msg.sender != address(this)) revert NotSelf(msg.sender);
        assembly ("memory-safe") {
            tstore(LENDER_SLOT, pool)
        }
        IAaveV3FlashLender(pool).flashLoanSimple(address(this), asset, amount, abi.encode(commands, state), 0);
        assembly ("memory-safe") {
            tstore(LENDER_SLOT, 0)
        }
    }

    /// @notice Aave V3's flash-loan callback (IFlashLoanSimpleReceiver).
    function executeOperation(address asset, uint256 amount, uint256 premium, address initiator, bytes calldata params)
        external
        returns (bool)
    {
        address lender;
        assembly ("memory-safe") {
            lender := tload(LENDER_SLOT)
        }
        if (lender == address(0) || msg.sender != lender || initiator != address(this)) revert UnexpectedFlashLoan(msg.sender, initiator);
        assembly ("memory-safe") {
            tstore(LENDER_SLOT, 0)
            tstore(CALLBACK_SLOT, 1)
        }
        // `params` is the ABI encoding of (commands, state): the arguments of runFlashLoanCallback as they are.
        (bool ok, bytes memory response) = address(this).call(abi.encodePacked(this.runFlashLoanCallback.selector, params));
        assembly ("memory-safe") {
            tstore(CALLBACK_SLOT, 0)
        }
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(response, 32), mload(response))
            }
        }
        IERC20(asset).forceApprove(msg.sender, amount + premium);
        return true;
    }

    /// @notice Runs a flash loan's callback plan; only from {executeOperation}, once.
    function runFlashLoanCallback(bytes32[] calldata commands, bytes[] calldata state) external returns (bytes[] memory) {
        uint256 active;
        assembly ("memory-safe") {
            active := tload(CALLBACK_SLOT)
        }
        if (msg.sender != address(this) || active == 0) revert NotSelf(msg.sender);
        assembly ("memory-safe") {
            tstore(CALLBACK_SLOT, 0)
        }
        return _execute(commands, state);
    }
}
