// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title TetherToken
/// @notice Reproduces the behaviour of mainnet USDT that routers trip over:
///         - `transfer`, `transferFrom` and `approve` return no value (not IERC20-compliant);
///         - `approve` from a non-zero allowance to another non-zero value reverts;
///         - 6 decimals.
/// @dev Storage: balances at slot 0, allowances at slot 1 (like a plain mapping token).
contract TetherToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;
    string public name;
    string public symbol;
    uint8 public constant decimals = 6;
    address public immutable minter;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
        minter = msg.sender;
    }

    function transfer(address to, uint256 value) external {
        _transfer(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) external {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "USDT: allowance");
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _transfer(from, to, value);
    }

    function approve(address spender, uint256 value) external {
        // The USDT quirk: changing a non-zero allowance requires resetting it to zero first.
        require(!(value != 0 && allowance[msg.sender][spender] != 0), "USDT: approve from non-zero");
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == minter, "USDT: not minter");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "USDT: to zero");
        uint256 bal = balanceOf[from];
        require(bal >= value, "USDT: balance");
        balanceOf[from] = bal - value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
