// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IDevAerodromeFeeToken {
    function transfer(address to, uint256 value) external returns (bool);
}

/// @title DevAerodromePoolFees
/// @notice OUR stand-in for Aerodrome's PoolFees: the contract each pool creates in `initialize` and moves
///         every swap fee into, so fees never count in the pool's reserves. Only its pool may pay out of it.
contract DevAerodromePoolFees {
    address internal immutable pool;
    address internal immutable token0;
    address internal immutable token1;

    error NotPool();
    error TransferFailed();

    constructor(address _token0, address _token1) {
        pool = msg.sender;
        token0 = _token0;
        token1 = _token1;
    }

    /// @notice Pays `amount0` of token0 and `amount1` of token1 to `recipient`; callable by the pool only.
    function claimFeesFor(address recipient, uint256 amount0, uint256 amount1) external {
        if (msg.sender != pool) revert NotPool();
        if (amount0 > 0) _pay(token0, recipient, amount0);
        if (amount1 > 0) _pay(token1, recipient, amount1);
    }

    function _pay(address token, address to, uint256 value) private {
        (bool ok, bytes memory ret) = token.call(abi.encodeCall(IDevAerodromeFeeToken.transfer, (to, value)));
        if (!ok || (ret.length != 0 && !abi.decode(ret, (bool)))) revert TransferFailed();
    }
}
