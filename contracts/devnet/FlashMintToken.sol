// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20FlashMint} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20FlashMint.sol";

/// @title FlashMintToken
/// @notice An ERC-20 anyone can flash-mint (ERC-3156 `flashLoan` of the token itself, fee 0, as DAI's
///         flash mint module): within one transaction its supply can be any size.
contract FlashMintToken is ERC20FlashMint {
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
