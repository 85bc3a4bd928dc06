// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @title SwitchyardBalanceHelper
/// @notice Balance reads for weiroll plans (use STATICCALL). The native coin is
///         0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE. Stateless; holds and moves nothing.
/// @dev `balanceOfCaller` reads the balance of `msg.sender`, i.e. the executor (router strategy) or the wallet
///      (delegate strategy), so one plan serves both strategies.
contract SwitchyardBalanceHelper {
    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;

    /// @notice Balance of `account` in `token` (native coin for the sentinel).
    function balanceOf(address token, address account) public view returns (uint256) {
        return token == NATIVE ? account.balance : IERC20(token).balanceOf(account);
    }

    /// @notice Balance of the calling contract in `token`.
    function balanceOfCaller(address token) external view returns (uint256) {
        return balanceOf(token, msg.sender);
    }

    /// @notice Native balance of `account`.
    function nativeBalance(address account) external view returns (uint256) {
        return account.balance;
    }
}
