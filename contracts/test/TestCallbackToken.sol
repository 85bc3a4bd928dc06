// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC1363} from "@openzeppelin/contracts/token/ERC20/extensions/ERC1363.sol";

/// @title TestCallbackToken
/// @notice Test only: a mintable ERC-1363 token (`approveAndCall`, `transferAndCall`, `transferFromAndCall`).
contract TestCallbackToken is ERC1363 {
    constructor() ERC20("Test Callback Token", "TCB") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
