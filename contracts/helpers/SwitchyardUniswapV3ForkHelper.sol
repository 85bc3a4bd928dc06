// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

/// @notice The swap entry every Uniswap V3 pool and bit-identical fork exposes.
interface IUniswapV3ForkPool {
    function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes calldata data)
        external
        returns (int256 amount0, int256 amount1);
}

/// @title SwitchyardUniswapV3ForkHelper
/// @notice Exact-input swaps through one pool of any Uniswap V3 fork (SushiSwap V3, PancakeSwap V3, ...) for
///         weiroll plans. Which forks it serves is data fixed at construction: one (pool deployer, pool init code
///         hash) pair per fork, from the fork table of the service (`src/protocols/uniswap-v3/forks.ts`). A pool is
///         never named by the caller: {swapExactIn} derives it with CREATE2 from the fork's deployer, the sorted
///         tokens and the fee, exactly as the fork's factory placed it.
/// @dev Invariant 3 and 9 (docs/contracts.md): a swap callback is paid only when it comes from the pool the running
///      {swapExactIn} derived (held in transient storage for the duration of the call), so a fake pool, or a real
///      pool calling outside our swap, is refused; a deployer that is not in the table is refused before any token
///      moves. No `from` parameter: it pulls exactly `amountIn` from `msg.sender`, the pool sends the output straight
///      to `msg.sender`, a partial fill reverts, so the helper holds nothing between transactions. No owner; the table
///      cannot change (a new fork is a new deployment).
contract SwitchyardUniswapV3ForkHelper is ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice One fork: the address that CREATE2s its pools (the factory, or PancakeSwap's pool deployer) and the
    ///         keccak256 of its pool creation code.
    struct Fork {
        address deployer;
        bytes32 initCodeHash;
    }

    /// @notice TickMath.MIN_SQRT_RATIO + 1 and MAX_SQRT_RATIO - 1: no price limit.
    uint160 internal constant MIN_PRICE_LIMIT = 4295128740;
    uint160 internal constant MAX_PRICE_LIMIT = 1461446703485210103287273052203988822378723970341;
    /// @dev Transient slot holding the pool the running swap expects its callback from.
    bytes32 internal constant EXPECTED_POOL_SLOT = keccak256("switchyard.uniswapV3ForkHelper.expectedPool");

    /// @notice Pool init code hash per pool deployer; zero for a deployer that is not a served fork.
    mapping(address deployer => bytes32 initCodeHash) public initCodeHashOf;

    /// @notice A fork entry without deployer or init code hash, or listed twice.
    error InvalidFork(address deployer);
    /// @notice The pool deployer is not one of the served forks.
    error UnknownFork(address deployer);
    /// @notice A swap callback outside a {swapExactIn} of this contract.
    error NotInSwap();
    /// @notice A swap callback from another address than the pool the running swap derived.
    error NotPool(address caller, address expected);
    /// @notice `amountIn` is 0 or does not fit an int256, or the tokens are equal.
    error InvalidSwap();
    /// @notice The pool consumed another amount than `amountIn` (the price limit was reached).
    error PartialFill(uint256 consumed, uint256 amountIn);
    /// @notice The output is below the caller's minimum.
    error AmountTooLow(uint256 amountOut, uint256 amountOutMin);

    constructor(Fork[] memory forks) {
        for (uint256 i = 0; i < forks.length; i++) {
            Fork memory f = forks[i];
            if (f.deployer == address(0) || f.initCodeHash == bytes32(0) || initCodeHashOf[f.deployer] != bytes32(0)) revert InvalidFork(f.deployer);
            initCodeHashOf[f.deployer] = f.initCodeHash;
        }
    }

    /// @notice The pool of `deployer`'s fork for the pair and fee (CREATE2, salt = keccak256(token0, token1, fee)).
    /// @dev Reverts {UnknownFork} when `deployer` is not served.
    function poolAddress(address deployer, address tokenA, address tokenB, uint24 fee) public view returns (address pool) {
        bytes32 initCodeHash = initCodeHashOf[deployer];
        if (initCodeHash == bytes32(0)) revert UnknownFork(deployer);
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        bytes32 salt = keccak256(abi.encode(token0, token1, fee));
        pool = address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), deployer, salt, initCodeHash)))));
    }

    /// @notice Swaps exactly `amountIn` of `tokenIn` for `tokenOut` through the `fee` pool of `deployer`'s fork and
    ///         sends the whole output to `msg.sender`.
    /// @return amountOut the output `msg.sender` received
    function swapExactIn(address deployer, address tokenIn, address tokenOut, uint24 fee, uint256 amountIn, uint256 amountOutMin)
        external
        nonReentrant
        returns (uint256 amountOut)
    {
        if (amountIn == 0 || amountIn > uint256(type(int256).max) || tokenIn == tokenOut) revert InvalidSwap();
        address pool = poolAddress(deployer, tokenIn, tokenOut, fee);
        IERC20(tokenIn).safeTransferFrom(msg.sender, address(this), amountIn);
        bool zeroForOne = tokenIn < tokenOut;
        _setExpectedPool(pool);
        (int256 amount0, int256 amount1) = IUniswapV3ForkPool(pool).swap(
            msg.sender, zeroForOne, int256(amountIn), zeroForOne ? MIN_PRICE_LIMIT : MAX_PRICE_LIMIT, abi.encode(tokenIn)
        );
        _setExpectedPool(address(0));
        (int256 paid, int256 received) = zeroForOne ? (amount0, amount1) : (amount1, amount0);
        if (paid != int256(amountIn)) revert PartialFill(paid < 0 ? 0 : uint256(paid), amountIn);
        amountOut = received < 0 ? uint256(-received) : 0;
        if (amountOut < amountOutMin) revert AmountTooLow(amountOut, amountOutMin);
    }

    /// @notice Uniswap V3's (and SushiSwap V3's) swap callback.
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
        _pay(amount0Delta, amount1Delta, data);
    }

    /// @notice PancakeSwap V3's swap callback (same arguments, another name).
    function pancakeV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
        _pay(amount0Delta, amount1Delta, data);
    }

    /// @dev Pays the pool what it is owed of the input, from the amount {swapExactIn} pulled. The data is ours: only
    ///      the pool we called with it gets past the check.
    function _pay(int256 amount0Delta, int256 amount1Delta, bytes calldata data) internal {
        address expected = _expectedPool();
        if (expected == address(0)) revert NotInSwap();
        if (msg.sender != expected) revert NotPool(msg.sender, expected);
        address tokenIn = abi.decode(data, (address));
        int256 owed = amount0Delta > 0 ? amount0Delta : amount1Delta;
        if (owed > 0) IERC20(tokenIn).safeTransfer(msg.sender, uint256(owed));
    }

    function _setExpectedPool(address pool) private {
        bytes32 slot = EXPECTED_POOL_SLOT;
        assembly ("memory-safe") {
            tstore(slot, pool)
        }
    }

    function _expectedPool() private view returns (address pool) {
        bytes32 slot = EXPECTED_POOL_SLOT;
        assembly ("memory-safe") {
            pool := tload(slot)
        }
    }
}
