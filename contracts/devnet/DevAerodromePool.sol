// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {DevAerodromePoolFees} from "./DevAerodromePoolFees.sol";

interface IDevAerodromeFactory {
    function getFee(address pool, bool stable) external view returns (uint256);
    function isPaused() external view returns (bool);
}

interface IDevAerodromeToken {
    function balanceOf(address account) external view returns (uint256);
    function decimals() external view returns (uint8);
    function symbol() external view returns (string memory);
    function transfer(address to, uint256 value) external returns (bool);
}

interface IDevAerodromeCallee {
    function hook(address sender, uint256 amount0, uint256 amount1, bytes calldata data) external;
}

/// @title DevAerodromePool
/// @notice OUR implementation, in Solidity, of the external interface and integer math of Aerodrome's
///         classic Pool (Base; implementation 0xA4e46b4f701c62e14DF11B48dCe76A7d793CD6d7, cloned by the
///         PoolFactory 0x420DD381b31aEf6683db6B902084cB0FFECe40Da) for the devnet: Aerodrome's bytecode is
///         not on npm. It is not Aerodrome's code. What is kept identical, so that a client written against
///         it serves the real pools unchanged:
///         - the ABI and events: `initialize(token0, token1, stable)` (the factory is its caller),
///           `getAmountOut(amountIn, tokenIn)`, `getReserves()` as three uint256, `swap(amount0Out,
///           amount1Out, to, data)` with the optional `hook` callback, `mint(to)`, `burn(to)`, `skim`,
///           `sync`, `claimFees`, `tokens()`, `metadata()`, `stable()`, `reserve0/1`, `poolFees`, `factory`;
///           `Sync`, `Swap`, `Mint`, `Burn`, `Fees`, `Claim` and the LP token's `Transfer`/`Approval`;
///         - the math, operation by operation: `x * y` (volatile) or `x^3 y + y^3 x` on balances
///           normalised to 1e18 (stable), the input fee `amountIn * fee / 10000` with the fee read from the
///           factory's `getFee(pool, stable)` and moved out of the reserves to the pool's fee contract,
///           `_get_y`'s Newton iteration with its exact rounding and stopping rules (its `_k(x0, y + 1)`
///           step included), the k check of `swap`, `mint`'s sqrt minus 1,000 locked to address(1) and its
///           first stable deposit rules, `burn` pro rata of balances;
///         - LP fee accounting per holder (`index0/1`, `claimable0/1`), updated on every LP transfer.
///         Left out: the TWAP observations and cumulative prices (`quote`, `sample`, `prices`,
///         `currentCumulativePrices`), EIP-2612 `permit`, and the emergency council's `setName`/`setSymbol`.
contract DevAerodromePool {
    uint256 internal constant MINIMUM_LIQUIDITY = 10 ** 3;
    uint256 internal constant MINIMUM_K = 10 ** 10;

    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    bool public stable;
    address public token0;
    address public token1;
    address public poolFees;
    address public factory;

    uint256 internal decimals0;
    uint256 internal decimals1;

    uint256 public reserve0;
    uint256 public reserve1;
    uint256 public blockTimestampLast;

    uint256 public index0;
    uint256 public index1;
    mapping(address => uint256) public supplyIndex0;
    mapping(address => uint256) public supplyIndex1;
    mapping(address => uint256) public claimable0;
    mapping(address => uint256) public claimable1;

    /// @dev Clones run no constructor, so the lock's resting value is the zero slot.
    bool private _entered;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Fees(address indexed sender, uint256 amount0, uint256 amount1);
    event Mint(address indexed sender, uint256 amount0, uint256 amount1);
    event Burn(address indexed sender, address indexed to, uint256 amount0, uint256 amount1);
    event Swap(address indexed sender, address indexed to, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out);
    event Sync(uint256 reserve0, uint256 reserve1);
    event Claim(address indexed sender, address indexed recipient, uint256 amount0, uint256 amount1);

    error FactoryAlreadySet();
    error IsPaused();
    error InsufficientOutputAmount();
    error InsufficientInputAmount();
    error InsufficientLiquidity();
    error InsufficientLiquidityMinted();
    error InsufficientLiquidityBurned();
    error InvalidTo();
    error K();
    error DepositsNotEqual();
    error BelowMinimumK();
    error Reentrancy();
    error TransferFailed();
    error InsufficientAllowance();

    modifier nonReentrant() {
        if (_entered) revert Reentrancy();
        _entered = true;
        _;
        _entered = false;
    }

    /// @notice Called once by the factory right after cloning: the pair, its curve, its fee contract and LP name.
    function initialize(address _token0, address _token1, bool _stable) external {
        if (factory != address(0)) revert FactoryAlreadySet();
        factory = msg.sender;
        (token0, token1, stable) = (_token0, _token1, _stable);
        poolFees = address(new DevAerodromePoolFees(_token0, _token1));
        string memory symbol0 = IDevAerodromeToken(_token0).symbol();
        string memory symbol1 = IDevAerodromeToken(_token1).symbol();
        name = string.concat(_stable ? "StableV2 AMM - " : "VolatileV2 AMM - ", symbol0, "/", symbol1);
        symbol = string.concat(_stable ? "sAMM-" : "vAMM-", symbol0, "/", symbol1);
        decimals0 = 10 ** IDevAerodromeToken(_token0).decimals();
        decimals1 = 10 ** IDevAerodromeToken(_token1).decimals();
    }

    function tokens() external view returns (address, address) {
        return (token0, token1);
    }

    function metadata() external view returns (uint256 dec0, uint256 dec1, uint256 r0, uint256 r1, bool st, address t0, address t1) {
        return (decimals0, decimals1, reserve0, reserve1, stable, token0, token1);
    }

    function getReserves() public view returns (uint256 _reserve0, uint256 _reserve1, uint256 _blockTimestampLast) {
        return (reserve0, reserve1, blockTimestampLast);
    }

    function getK() external nonReentrant returns (uint256) {
        return _k(reserve0, reserve1);
    }

    // ---- LP token ----

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
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

    function _transfer(address from, address to, uint256 value) internal {
        _updateFor(from);
        _updateFor(to);
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function _mint(address to, uint256 value) internal {
        _updateFor(to);
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _burn(address from, uint256 value) internal {
        _updateFor(from);
        balanceOf[from] -= value;
        totalSupply -= value;
        emit Transfer(from, address(0), value);
    }

    // ---- fees ----

    /// @notice Pays the caller the swap fees its LP tokens earned so far.
    function claimFees() external returns (uint256 claimed0, uint256 claimed1) {
        _updateFor(msg.sender);
        claimed0 = claimable0[msg.sender];
        claimed1 = claimable1[msg.sender];
        if (claimed0 > 0 || claimed1 > 0) {
            claimable0[msg.sender] = 0;
            claimable1[msg.sender] = 0;
            DevAerodromePoolFees(poolFees).claimFeesFor(msg.sender, claimed0, claimed1);
            emit Claim(msg.sender, msg.sender, claimed0, claimed1);
        }
    }

    function _accrueFee0(uint256 amount) internal {
        if (amount == 0) return;
        _safeTransfer(token0, poolFees, amount);
        uint256 ratio = (amount * 1e18) / totalSupply;
        if (ratio > 0) index0 += ratio;
        emit Fees(msg.sender, amount, 0);
    }

    function _accrueFee1(uint256 amount) internal {
        if (amount == 0) return;
        _safeTransfer(token1, poolFees, amount);
        uint256 ratio = (amount * 1e18) / totalSupply;
        if (ratio > 0) index1 += ratio;
        emit Fees(msg.sender, 0, amount);
    }

    function _updateFor(address holder) internal {
        uint256 held = balanceOf[holder];
        uint256 i0 = index0;
        uint256 i1 = index1;
        if (held > 0) {
            uint256 delta0 = i0 - supplyIndex0[holder];
            uint256 delta1 = i1 - supplyIndex1[holder];
            if (delta0 > 0) claimable0[holder] += (held * delta0) / 1e18;
            if (delta1 > 0) claimable1[holder] += (held * delta1) / 1e18;
        }
        supplyIndex0[holder] = i0;
        supplyIndex1[holder] = i1;
    }

    // ---- reserves ----

    function _update(uint256 balance0, uint256 balance1) internal {
        reserve0 = balance0;
        reserve1 = balance1;
        blockTimestampLast = block.timestamp;
        emit Sync(balance0, balance1);
    }

    function _balances() internal view returns (uint256, uint256) {
        return (IDevAerodromeToken(token0).balanceOf(address(this)), IDevAerodromeToken(token1).balanceOf(address(this)));
    }

    /// @notice Mints LP tokens for what was sent to the pool since the last update.
    function mint(address to) external nonReentrant returns (uint256 liquidity) {
        (uint256 r0, uint256 r1) = (reserve0, reserve1);
        (uint256 b0, uint256 b1) = _balances();
        uint256 amount0 = b0 - r0;
        uint256 amount1 = b1 - r1;
        uint256 supply = totalSupply;
        if (supply == 0) {
            liquidity = _sqrt(amount0 * amount1) - MINIMUM_LIQUIDITY;
            _mint(address(1), MINIMUM_LIQUIDITY);
            if (stable) {
                if ((amount0 * 1e18) / decimals0 != (amount1 * 1e18) / decimals1) revert DepositsNotEqual();
                if (_k(amount0, amount1) <= MINIMUM_K) revert BelowMinimumK();
            }
        } else {
            uint256 l0 = (amount0 * supply) / r0;
            uint256 l1 = (amount1 * supply) / r1;
            liquidity = l0 < l1 ? l0 : l1;
        }
        if (liquidity == 0) revert InsufficientLiquidityMinted();
        _mint(to, liquidity);
        _update(b0, b1);
        emit Mint(msg.sender, amount0, amount1);
    }

    /// @notice Burns the LP tokens sent to the pool and pays `to` their share of both balances.
    function burn(address to) external nonReentrant returns (uint256 amount0, uint256 amount1) {
        (address t0, address t1) = (token0, token1);
        (uint256 b0, uint256 b1) = _balances();
        uint256 liquidity = balanceOf[address(this)];
        uint256 supply = totalSupply;
        amount0 = (liquidity * b0) / supply;
        amount1 = (liquidity * b1) / supply;
        if (amount0 == 0 || amount1 == 0) revert InsufficientLiquidityBurned();
        _burn(address(this), liquidity);
        _safeTransfer(t0, to, amount0);
        _safeTransfer(t1, to, amount1);
        (b0, b1) = _balances();
        _update(b0, b1);
        emit Burn(msg.sender, to, amount0, amount1);
    }

    /// @notice Pays the outputs first, then requires the input already held to keep the curve's k.
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external nonReentrant {
        if (IDevAerodromeFactory(factory).isPaused()) revert IsPaused();
        if (amount0Out == 0 && amount1Out == 0) revert InsufficientOutputAmount();
        (uint256 r0, uint256 r1) = (reserve0, reserve1);
        if (amount0Out >= r0 || amount1Out >= r1) revert InsufficientLiquidity();
        if (to == token0 || to == token1) revert InvalidTo();
        if (amount0Out > 0) _safeTransfer(token0, to, amount0Out);
        if (amount1Out > 0) _safeTransfer(token1, to, amount1Out);
        if (data.length > 0) IDevAerodromeCallee(to).hook(msg.sender, amount0Out, amount1Out, data);
        (uint256 amount0In, uint256 amount1In) = _settle(r0, r1, amount0Out, amount1Out);
        emit Swap(msg.sender, to, amount0In, amount1In, amount0Out, amount1Out);
    }

    /// @dev `swap`'s second half: the inputs received, their fees moved out, the k check, the new reserves.
    function _settle(uint256 r0, uint256 r1, uint256 amount0Out, uint256 amount1Out) internal returns (uint256 amount0In, uint256 amount1In) {
        (uint256 b0, uint256 b1) = _balances();
        amount0In = b0 > r0 - amount0Out ? b0 - (r0 - amount0Out) : 0;
        amount1In = b1 > r1 - amount1Out ? b1 - (r1 - amount1Out) : 0;
        if (amount0In == 0 && amount1In == 0) revert InsufficientInputAmount();
        uint256 fee = IDevAerodromeFactory(factory).getFee(address(this), stable);
        if (amount0In > 0) _accrueFee0((amount0In * fee) / 10000);
        if (amount1In > 0) _accrueFee1((amount1In * fee) / 10000);
        (b0, b1) = _balances();
        if (_k(b0, b1) < _k(r0, r1)) revert K();
        _update(b0, b1);
    }

    /// @notice Sends `to` whatever the pool holds above its reserves.
    function skim(address to) external nonReentrant {
        (uint256 b0, uint256 b1) = _balances();
        _safeTransfer(token0, to, b0 - reserve0);
        _safeTransfer(token1, to, b1 - reserve1);
    }

    /// @notice Sets the reserves to the balances held.
    function sync() external nonReentrant {
        (uint256 b0, uint256 b1) = _balances();
        _update(b0, b1);
    }

    // ---- curve math ----

    /// @notice Output for `amountIn` of `tokenIn` after the factory's fee, at the current reserves.
    function getAmountOut(uint256 amountIn, address tokenIn) external view returns (uint256) {
        amountIn -= (amountIn * IDevAerodromeFactory(factory).getFee(address(this), stable)) / 10000;
        return _getAmountOut(amountIn, tokenIn, reserve0, reserve1);
    }

    function _getAmountOut(uint256 amountIn, address tokenIn, uint256 r0, uint256 r1) internal view returns (uint256) {
        bool zeroIn = tokenIn == token0;
        if (stable) {
            uint256 xy = _k(r0, r1);
            r0 = (r0 * 1e18) / decimals0;
            r1 = (r1 * 1e18) / decimals1;
            (uint256 rA, uint256 rB) = zeroIn ? (r0, r1) : (r1, r0);
            amountIn = (amountIn * 1e18) / (zeroIn ? decimals0 : decimals1);
            uint256 y = rB - _getY(amountIn + rA, xy, rB);
            return (y * (zeroIn ? decimals1 : decimals0)) / 1e18;
        }
        (uint256 reserveA, uint256 reserveB) = zeroIn ? (r0, r1) : (r1, r0);
        return (amountIn * reserveB) / (reserveA + amountIn);
    }

    function _k(uint256 x, uint256 y) internal view returns (uint256) {
        if (!stable) return x * y;
        uint256 nx = (x * 1e18) / decimals0;
        uint256 ny = (y * 1e18) / decimals1;
        uint256 a = (nx * ny) / 1e18;
        uint256 b = (nx * nx) / 1e18 + (ny * ny) / 1e18;
        return (a * b) / 1e18;
    }

    function _f(uint256 x0, uint256 y) internal pure returns (uint256) {
        uint256 a = (x0 * y) / 1e18;
        uint256 b = (x0 * x0) / 1e18 + (y * y) / 1e18;
        return (a * b) / 1e18;
    }

    function _d(uint256 x0, uint256 y) internal pure returns (uint256) {
        return (3 * x0 * ((y * y) / 1e18)) / 1e18 + ((((x0 * x0) / 1e18) * x0) / 1e18);
    }

    /// @dev Newton's iteration for the y with f(x0, y) >= xy, stepping by at least one unit when stuck.
    function _getY(uint256 x0, uint256 xy, uint256 y) internal view returns (uint256) {
        for (uint256 i = 0; i < 255; i++) {
            uint256 k = _f(x0, y);
            if (k < xy) {
                uint256 dy = ((xy - k) * 1e18) / _d(x0, y);
                if (dy == 0) {
                    if (k == xy) return y;
                    // Aerodrome's check here is `_k`, which normalises its arguments again.
                    if (_k(x0, y + 1) > xy) return y + 1;
                    dy = 1;
                }
                y = y + dy;
            } else {
                uint256 dy = ((k - xy) * 1e18) / _d(x0, y);
                if (dy == 0) {
                    if (k == xy || _f(x0, y - 1) < xy) return y;
                    dy = 1;
                }
                y = y - dy;
            }
        }
        revert("!y");
    }

    function _sqrt(uint256 x) internal pure returns (uint256 r) {
        if (x == 0) return 0;
        r = x;
        uint256 next = (x >> 1) + 1;
        while (next < r) {
            r = next;
            next = (x / next + next) >> 1;
        }
    }

    function _safeTransfer(address token, address to, uint256 value) internal {
        (bool ok, bytes memory ret) = token.call(abi.encodeCall(IDevAerodromeToken.transfer, (to, value)));
        if (!ok || (ret.length != 0 && !abi.decode(ret, (bool)))) revert TransferFailed();
    }
}
