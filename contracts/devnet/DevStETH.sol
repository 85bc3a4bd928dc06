// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title DevStETH
/// @notice A liquid-staking token with Lido's stETH interface and accounting, for the devnet:
///         - `submit(referral)` stakes ETH and mints shares at the current pooled-ETH rate;
///         - balances are shares × totalPooledEther / totalShares (rebasing), so transfers move
///           `amount × totalShares / totalPooledEther` shares and can deliver 1–2 wei less than asked
///           (the behaviour routers must survive, lidofinance/core#442);
///         - the oracle (deployer) reports rewards with `reportRewards`, raising the rate.
contract DevStETH {
    string public constant name = "Liquid staked Ether 2.0";
    string public constant symbol = "stETH";
    uint8 public constant decimals = 18;

    address public immutable oracle;
    uint256 private _totalShares;
    uint256 private _totalPooledEther;
    mapping(address => uint256) private _shares;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event TransferShares(address indexed from, address indexed to, uint256 sharesValue);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Submitted(address indexed sender, uint256 amount, address referral);

    error ZeroDeposit();
    error NotOracle();
    error BalanceExceeded();
    error AllowanceExceeded();

    constructor() {
        oracle = msg.sender;
    }

    function totalSupply() external view returns (uint256) {
        return _totalPooledEther;
    }

    function getTotalPooledEther() external view returns (uint256) {
        return _totalPooledEther;
    }

    function getTotalShares() external view returns (uint256) {
        return _totalShares;
    }

    function sharesOf(address account) external view returns (uint256) {
        return _shares[account];
    }

    function getSharesByPooledEth(uint256 ethAmount) public view returns (uint256) {
        return _totalPooledEther == 0 ? ethAmount : (ethAmount * _totalShares) / _totalPooledEther;
    }

    function getPooledEthByShares(uint256 sharesAmount) public view returns (uint256) {
        return _totalShares == 0 ? 0 : (sharesAmount * _totalPooledEther) / _totalShares;
    }

    function balanceOf(address account) external view returns (uint256) {
        return getPooledEthByShares(_shares[account]);
    }

    /// Stakes msg.value; returns the shares minted.
    function submit(address referral) external payable returns (uint256 shares) {
        if (msg.value == 0) revert ZeroDeposit();
        shares = getSharesByPooledEth(msg.value);
        _totalShares += shares;
        _totalPooledEther += msg.value;
        _shares[msg.sender] += shares;
        emit Submitted(msg.sender, msg.value, referral);
        emit Transfer(address(0), msg.sender, getPooledEthByShares(shares));
        emit TransferShares(address(0), msg.sender, shares);
    }

    /// Oracle report: staking rewards accrued to the pool (ETH held by the beacon chain in reality).
    function reportRewards() external payable {
        if (msg.sender != oracle) revert NotOracle();
        _totalPooledEther += msg.value;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transferShares(msg.sender, to, getSharesByPooledEth(amount), amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed < amount) revert AllowanceExceeded();
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - amount;
        _transferShares(from, to, getSharesByPooledEth(amount), amount);
        return true;
    }

    function transferShares(address to, uint256 sharesAmount) external returns (uint256) {
        uint256 amount = getPooledEthByShares(sharesAmount);
        _transferShares(msg.sender, to, sharesAmount, amount);
        return amount;
    }

    function _transferShares(address from, address to, uint256 sharesAmount, uint256 amount) private {
        if (_shares[from] < sharesAmount) revert BalanceExceeded();
        _shares[from] -= sharesAmount;
        _shares[to] += sharesAmount;
        emit Transfer(from, to, amount);
        emit TransferShares(from, to, sharesAmount);
    }
}
