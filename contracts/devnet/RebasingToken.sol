// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title RebasingToken
/// @notice An Ampleforth-style elastic-supply ERC-20: balances are stored in "gons" and read as
///         `gons / gonsPerFragment`, so a `rebase` by the minter scales every holder's balance at once with
///         no Transfer event. A transfer moves `value * gonsPerFragment` gons, so the sender loses and the
///         receiver gains exactly `value`. After a rebase an AMM pool's balance no longer equals its reserves.
contract RebasingToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    address public immutable minter;
    uint256 public gonsPerFragment = 1e24;
    uint256 public totalGons;
    mapping(address => uint256) private _gons;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Rebase(uint256 totalSupply);

    error NotMinter();
    error InsufficientBalance();
    error InsufficientAllowance();

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        minter = msg.sender;
    }

    function totalSupply() external view returns (uint256) {
        return totalGons / gonsPerFragment;
    }

    function balanceOf(address who) public view returns (uint256) {
        return _gons[who] / gonsPerFragment;
    }

    function mint(address to, uint256 value) external {
        if (msg.sender != minter) revert NotMinter();
        uint256 gons = value * gonsPerFragment;
        totalGons += gons;
        _gons[to] += gons;
        emit Transfer(address(0), to, value);
    }

    /// @notice Scales every balance by `numerator / denominator` (a positive or negative supply change).
    function rebase(uint256 numerator, uint256 denominator) external {
        if (msg.sender != minter) revert NotMinter();
        gonsPerFragment = (gonsPerFragment * denominator) / numerator;
        emit Rebase(totalGons / gonsPerFragment);
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < value) revert InsufficientAllowance();
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        uint256 gons = value * gonsPerFragment;
        if (_gons[from] < gons) revert InsufficientBalance();
        _gons[from] -= gons;
        _gons[to] += gons;
        emit Transfer(from, to, value);
    }
}
