// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title DevToken
/// @notice A plain ERC-20 with configurable decimals, standing in for a canonical token on the devnet.
/// @dev Balances live in the standard OpenZeppelin mapping (slot 0), so funding by storage write works.
///      Only the deployer may mint; the devnet funds accounts through `mint` or a balance-slot write.
contract DevToken is ERC20 {
    uint8 private immutable _tokenDecimals;
    address public immutable minter;

    error NotMinter();

    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_) {
        _tokenDecimals = decimals_;
        minter = msg.sender;
    }

    function decimals() public view override returns (uint8) {
        return _tokenDecimals;
    }

    function mint(address to, uint256 amount) external {
        if (msg.sender != minter) revert NotMinter();
        _mint(to, amount);
    }
}
