// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {WeirollVM} from "./WeirollVM.sol";

/// @title SwitchyardAllowanceLedger
/// @notice For the shared executors (the router's and the bridge receiver's), which run every user's plans in
///         one context: no permission a plan grants outlives the plan.
/// @dev THREATS invariants 9 and 10. Every ERC-20 allowance a plan command grants (`approve`,
///      `increaseAllowance`, `increaseApproval`, ERC-1363 `approveAndCall`) is written to a transient ledger and
///      revoked when the plan ends ({_revokeAllowances}); a plan that leaves one it cannot revoke reverts.
///      Functions that grant a lasting operator or hook over the executor (ERC-721/1155 and ERC-6909 operators
///      and allowances, Morpho authorizations, Aave credit delegation, Balancer relayers, Compound III managers,
///      Euler EVC operators, Maker `hope`, ERC-777 operators, ERC-1820 hooks, Permit2 allowances, Curve gauge
///      rewards receivers and deposit approvals, Curve Minter mint approvals) are refused:
///      our plans never need them, and one user's plan could otherwise arm them against a later user's tokens
///      in the same executor. The executor also ends every transaction holding nothing (invariant 5).
abstract contract SwitchyardAllowanceLedger is WeirollVM {
    /// Transient: the number of entries; entry i's token at LEDGER_SLOT + 1 + 2i, its spender at + 2 + 2i.
    /// keccak256("switchyard.executor.allowances") - 1.
    uint256 private constant LEDGER_SLOT = 0xcc7fc981e2e3ecde26b4c129ae23e59c58607e77a306ffb0969fb3881d517b18;

    bytes4 private constant APPROVE = 0x095ea7b3; // approve(address,uint256)
    bytes4 private constant INCREASE_ALLOWANCE = 0x39509351; // increaseAllowance(address,uint256)
    bytes4 private constant INCREASE_APPROVAL = 0xd73dd623; // increaseApproval(address,uint256)
    bytes4 private constant APPROVE_AND_CALL = 0x3177029f; // approveAndCall(address,uint256): ERC-1363
    bytes4 private constant APPROVE_AND_CALL_DATA = 0xcae9ca51; // approveAndCall(address,uint256,bytes): ERC-1363
    bytes4 private constant ALLOWANCE = 0xdd62ed3e; // allowance(address,address)

    /// @notice A plan command would grant a lasting permission over the executor.
    error PermissionRefused(address target, bytes4 selector);
    /// @notice An allowance the plan granted could not be revoked when the plan ended.
    error AllowanceKept(address token, address spender, uint256 allowance);

    function _beforeCall(address target, bytes memory input) internal virtual override {
        if (input.length < 4) return;
        bytes4 selector = bytes4(input);
        if (
            selector == APPROVE || selector == INCREASE_ALLOWANCE || selector == INCREASE_APPROVAL
                || selector == APPROVE_AND_CALL || selector == APPROVE_AND_CALL_DATA
        ) {
            address spender;
            assembly ("memory-safe") {
                spender := and(mload(add(input, 36)), 0xffffffffffffffffffffffffffffffffffffffff)
            }
            _recordAllowance(target, spender);
        } else if (
            selector == 0xa22cb465 // setApprovalForAll(address,bool): ERC-721 / ERC-1155 operator
                || selector == 0xeecea000 // setAuthorization(address,bool): Morpho Blue
                || selector == 0xc04a8a10 // approveDelegation(address,uint256): Aave credit delegation
                || selector == 0xfa6e671d // setRelayerApproval(address,address,bool): Balancer V2 Vault
                || selector == 0x959b8c3f // authorizeOperator(address): ERC-777
                || selector == 0x29965a1d // setInterfaceImplementer(address,bytes32,address): ERC-1820 hooks
                || selector == 0x87517c45 // approve(address,address,uint160,uint48): Permit2
                || selector == 0x558a7297 // setOperator(address,bool): ERC-6909 (Uniswap V4 PoolManager claims)
                || selector == 0x426a8493 // approve(address,uint256,uint256): ERC-6909
                || selector == 0x110496e5 // allow(address,bool): Compound III (Comet) manager
                || selector == 0x9f5c462a // setAccountOperator(address,address,bool): Euler EVC
                || selector == 0xc14c11bf // setOperator(bytes19,address,uint256): Euler EVC
                || selector == 0xa3b22fc4 // hope(address): Maker Vat / DSR pot
                || selector == 0xbdf98116 // set_rewards_receiver(address): Curve gauge (redirects future reward claims)
                || selector == 0xdd289d60 // toggle_approve_mint(address): Curve Minter (lets another mint our CRV)
                || selector == 0x1d2747d4 // set_approve_deposit(address,bool): Curve gauge V1/V2 (lets another deposit for us)
        ) {
            revert PermissionRefused(target, selector);
        }
    }

    /// @notice Records that `spender` may hold an allowance of `token` from this contract until the plan ends.
    function _recordAllowance(address token, address spender) internal {
        assembly ("memory-safe") {
            let n := tload(LEDGER_SLOT)
            let at := add(LEDGER_SLOT, add(1, mul(2, n)))
            tstore(at, token)
            tstore(add(at, 1), spender)
            tstore(LEDGER_SLOT, add(n, 1))
        }
    }

    /// @notice Sets every recorded ERC-20 allowance that is still non-zero back to zero and empties the ledger.
    /// @dev A token without `allowance` (an ERC-721 whose `approve` shares the selector) is skipped; its approval
    ///      ends when the token leaves, and the executor never keeps one.
    function _revokeAllowances() internal {
        uint256 n;
        assembly ("memory-safe") {
            n := tload(LEDGER_SLOT)
            tstore(LEDGER_SLOT, 0)
        }
        for (uint256 i; i < n; ++i) {
            address token;
            address spender;
            assembly ("memory-safe") {
                let at := add(LEDGER_SLOT, add(1, mul(2, i)))
                token := tload(at)
                spender := tload(add(at, 1))
            }
            if (_allowance(token, spender) == 0) continue;
            // Tokens that return nothing are fine; whether it worked is read back below.
            (bool ok,) = token.call(abi.encodeWithSelector(APPROVE, spender, uint256(0)));
            ok;
            uint256 left = _allowance(token, spender);
            if (left != 0) revert AllowanceKept(token, spender, left);
        }
    }

    function _allowance(address token, address spender) private view returns (uint256 amount) {
        (bool ok, bytes memory ret) = token.staticcall(abi.encodeWithSelector(ALLOWANCE, address(this), spender));
        if (ok && ret.length >= 32) amount = abi.decode(ret, (uint256));
    }
}
