// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {WeirollVM} from "./WeirollVM.sol";
import {SwitchyardPlanGuard} from "./SwitchyardPlanGuard.sol";

/// @notice The part of Aave V3's Pool a flash loan needs.
interface IAaveV3FlashLender {
    function flashLoanSimple(address receiverAddress, address asset, uint256 amount, bytes calldata params, uint16 referralCode)
        external;
}

/// @title SwitchyardFlashLoans
/// @notice Aave V3 flash loans whose callback is a weiroll plan, for the executor and the delegate.
/// @dev The lender is a third party that gets control (THREATS invariant 9), so the callback proves nothing
///      by itself:
///      - only a running plan can start a loan: {flashLoanAaveV3} accepts calls from this contract itself (a
///        plan's own CALL) while a plan runs. It records the lender, the asset, the amount and the hash of the
///        callback plan in transient storage;
///      - {executeOperation} accepts exactly one callback, from that lender, for that loan (initiator = this
///        contract, same asset and amount, a premium of at most 1 %), and runs exactly the callback plan the
///        running plan asked for (its hash must match: a lender cannot substitute a plan of its own);
///      - the callback plan runs through {runFlashLoanCallback} (again only from itself, only while that
///        callback is active), the lender is approved exactly the amount owed, and whatever of that approval
///        it did not pull is revoked when the loan returns.
///      Under the delegate strategy these run in the wallet's context: the wallet forwards the plan's
///      self-calls and the lender's `executeOperation` to the running delegate, and nothing else.
abstract contract SwitchyardFlashLoans is WeirollVM, SwitchyardPlanGuard {
    using SafeERC20 for IERC20;

    /// Transient: the lender of the loan being taken, until its callback starts.
    bytes32 private constant LENDER_SLOT = 0x7d0b1a3f4f1c6b2e9a8d5c3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f30;
    /// Transient: set while a callback plan may run.
    bytes32 private constant CALLBACK_SLOT = 0x7d0b1a3f4f1c6b2e9a8d5c3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f31;
    /// Transient: the loan's asset. keccak256("switchyard.flashloan.asset") - 1.
    bytes32 private constant ASSET_SLOT = 0xd6bfad67e96c35e4bfcd4085094f9c52b26bd9d095bdffc40733b803e8041d19;
    /// Transient: the loan's amount. keccak256("switchyard.flashloan.amount") - 1.
    bytes32 private constant AMOUNT_SLOT = 0x046e5d9bc888f1c1509b324a33384610fbe6d1bf079b3b00e08f1da56079d76e;
    /// Transient: keccak256 of the callback plan's encoding. keccak256("switchyard.flashloan.params") - 1.
    bytes32 private constant PARAMS_SLOT = 0xb8e4a8e3d2cf43170ebdc173afefd8477a4ec333e149ccdff43ff2d0c1c0cba1;
    /// The largest premium a lender may claim, in basis points of the amount (Aave V3 charges 5).
    uint256 private constant MAX_PREMIUM_BPS = 100;

    /// @notice Only a plan running in this contract may call this function.
    error NotSelf(address caller);
    /// @notice A flash-loan callback this contract did not ask for.
    error UnexpectedFlashLoan(address caller, address initiator);
    /// @notice The lender called back with another asset, amount or callback plan than the loan asked for, or
    ///         claims a premium above 1 %.
    error FlashLoanMismatch(address asset, uint256 amount, uint256 premium);

    /// @notice Borrows `amount` of `asset` from the Aave V3 `pool` and runs `commands` over `state` with it;
    ///         the callback plan must leave `amount` plus the pool's premium here for the repayment.
    function flashLoanAaveV3(address pool, address asset, uint256 amount, bytes32[] calldata commands, bytes[] calldata state) external {
        if (msg.sender != address(this)) revert NotSelf(msg.sender);
        _requirePlan();
        bytes memory params = abi.encode(commands, state);
        bytes32 paramsHash = keccak256(params);
        assembly ("memory-safe") {
            tstore(LENDER_SLOT, pool)
            tstore(ASSET_SLOT, asset)
            tstore(AMOUNT_SLOT, amount)
            tstore(PARAMS_SLOT, paramsHash)
        }
        IAaveV3FlashLender(pool).flashLoanSimple(address(this), asset, amount, params, 0);
        assembly ("memory-safe") {
            tstore(LENDER_SLOT, 0)
            tstore(ASSET_SLOT, 0)
            tstore(AMOUNT_SLOT, 0)
            tstore(PARAMS_SLOT, 0)
        }
        // The lender keeps no allowance it did not use.
        if (IERC20(asset).allowance(address(this), pool) != 0) IERC20(asset).forceApprove(pool, 0);
    }

    /// @notice Aave V3's flash-loan callback (IFlashLoanSimpleReceiver).
    function executeOperation(address asset, uint256 amount, uint256 premium, address initiator, bytes calldata params)
        external
        returns (bool)
    {
        address lender;
        address loanAsset;
        uint256 loanAmount;
        bytes32 paramsHash;
        assembly ("memory-safe") {
            lender := tload(LENDER_SLOT)
            loanAsset := tload(ASSET_SLOT)
            loanAmount := tload(AMOUNT_SLOT)
            paramsHash := tload(PARAMS_SLOT)
        }
        if (lender == address(0) || msg.sender != lender || initiator != address(this)) revert UnexpectedFlashLoan(msg.sender, initiator);
        if (
            asset != loanAsset || amount != loanAmount || keccak256(params) != paramsHash
                || premium > amount * MAX_PREMIUM_BPS / 10_000 + 1
        ) revert FlashLoanMismatch(asset, amount, premium);
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
