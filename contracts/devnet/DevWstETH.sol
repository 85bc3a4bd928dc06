// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

interface IStETH {
    function getSharesByPooledEth(uint256 ethAmount) external view returns (uint256);
    function getPooledEthByShares(uint256 sharesAmount) external view returns (uint256);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

/// @title DevWstETH
/// @notice Wrapped stETH with Lido's wstETH interface: a non-rebasing token equal to stETH shares.
contract DevWstETH is ERC20 {
    IStETH public immutable stETH;

    error ZeroAmount();

    constructor(IStETH stETH_) ERC20("Wrapped liquid staked Ether 2.0", "wstETH") {
        stETH = stETH_;
    }

    /// Locks `stETHAmount` of stETH; mints its shares as wstETH.
    function wrap(uint256 stETHAmount) external returns (uint256 wstETHAmount) {
        if (stETHAmount == 0) revert ZeroAmount();
        wstETHAmount = stETH.getSharesByPooledEth(stETHAmount);
        _mint(msg.sender, wstETHAmount);
        stETH.transferFrom(msg.sender, address(this), stETHAmount);
    }

    /// Burns wstETH; returns the stETH those shares are worth.
    function unwrap(uint256 wstETHAmount) external returns (uint256 stETHAmount) {
        if (wstETHAmount == 0) revert ZeroAmount();
        stETHAmount = stETH.getPooledEthByShares(wstETHAmount);
        _burn(msg.sender, wstETHAmount);
        stETH.transfer(msg.sender, stETHAmount);
    }

    function stEthPerToken() external view returns (uint256) {
        return stETH.getPooledEthByShares(1 ether);
    }

    function tokensPerStEth() external view returns (uint256) {
        return stETH.getSharesByPooledEth(1 ether);
    }
}
