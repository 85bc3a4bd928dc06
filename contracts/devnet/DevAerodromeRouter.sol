// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IDevAerodromeRouterFactory {
    function implementation() external view returns (address);
    function getPool(address tokenA, address tokenB, bool stable) external view returns (address);
    function isPool(address pool) external view returns (bool);
    function createPool(address tokenA, address tokenB, bool stable) external returns (address);
}

interface IDevAerodromeRouterPool {
    function getReserves() external view returns (uint256, uint256, uint256);
    function getAmountOut(uint256 amountIn, address tokenIn) external view returns (uint256);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
    function mint(address to) external returns (uint256 liquidity);
    function burn(address to) external returns (uint256 amount0, uint256 amount1);
    function totalSupply() external view returns (uint256);
}

interface IDevAerodromeRouterWeth {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
    function transfer(address to, uint256 value) external returns (bool);
}

/// @title DevAerodromeRouter
/// @notice OUR implementation, in Solidity, of the external interface of Aerodrome's Router (Base,
///         0xcF77a3Ba9A5CA399B7c97c74d54e5b1Beb874E43) for the devnet; it is not Aerodrome's code. What is kept
///         as Aerodrome's public sources (aerodrome-finance/contracts, `Router.sol`) behave, so a client written
///         against it serves the real Router unchanged:
///         - the `Route {from, to, stable, factory}` struct, a zero factory meaning `defaultFactory`;
///         - `poolFor` as the factory's CREATE2 address of an EIP-1167 clone of its `implementation()` with salt
///           `keccak256(abi.encodePacked(token0, token1, stable))`, `sortTokens`, `getReserves`;
///         - `getAmountsOut` through each pool's `getAmountOut` (0 for a hop whose pool the factory does not know);
///         - `swapExactTokensForTokens`, `swapExactETHForTokens`, `swapExactTokensForETH`: amounts from
///           `getAmountsOut`, the input sent to the first pool, each pool paying the next;
///         - `quoteAddLiquidity` / `addLiquidity` / `addLiquidityETH`: Uniswap V2's optimal amounts
///           (`amountA * reserveB / reserveA`), the pool's `mint`, dust ETH refunded; `quoteRemoveLiquidity` /
///           `removeLiquidity` / `removeLiquidityETH`: the LP sent to the pool and `burn`, pro rata;
///         - the errors and the `deadline` check.
///         Differences: the FactoryRegistry is not on the devnet, so the only approved factory is
///         `defaultFactory` (any other reverts `PoolFactoryDoesNotExist`, as an unapproved one does);
///         `_msgSender()` is `msg.sender` (no ERC-2771 forwarder); the zap, fee-on-transfer and `UNSAFE_` entry
///         points are left out.
contract DevAerodromeRouter {
    struct Route {
        address from;
        address to;
        bool stable;
        address factory;
    }

    uint256 internal constant MINIMUM_LIQUIDITY = 10 ** 3;
    address public constant ETHER = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;

    address public immutable factoryRegistry;
    address public immutable defaultFactory;
    address public immutable voter;
    address public immutable weth;

    error ETHTransferFailed();
    error Expired();
    error InsufficientAmount();
    error InsufficientAmountA();
    error InsufficientAmountB();
    error InsufficientAmountADesired();
    error InsufficientAmountBDesired();
    error InsufficientLiquidity();
    error InsufficientOutputAmount();
    error InvalidPath();
    error OnlyWETH();
    error PoolDoesNotExist();
    error PoolFactoryDoesNotExist();
    error SameAddresses();
    error ZeroAddress();
    error TransferFailed();

    modifier ensure(uint256 deadline) {
        if (deadline < block.timestamp) revert Expired();
        _;
    }

    constructor(address _forwarder, address _factoryRegistry, address _factory, address _voter, address _weth) {
        _forwarder;
        factoryRegistry = _factoryRegistry;
        defaultFactory = _factory;
        voter = _voter;
        weth = _weth;
    }

    receive() external payable {
        if (msg.sender != weth) revert OnlyWETH();
    }

    function sortTokens(address tokenA, address tokenB) public pure returns (address token0, address token1) {
        if (tokenA == tokenB) revert SameAddresses();
        if (tokenA < tokenB) (token0, token1) = (tokenA, tokenB);
        else (token0, token1) = (tokenB, tokenA);
        if (token0 == address(0)) revert ZeroAddress();
    }

    function poolFor(address tokenA, address tokenB, bool stable, address _factory) public view returns (address pool) {
        address factory = _factory == address(0) ? defaultFactory : _factory;
        if (factory != defaultFactory) revert PoolFactoryDoesNotExist();
        (address token0, address token1) = sortTokens(tokenA, tokenB);
        bytes32 salt = keccak256(abi.encodePacked(token0, token1, stable));
        bytes memory proxy = abi.encodePacked(
            hex"3d602d80600a3d3981f3363d3d373d3d3d363d73",
            IDevAerodromeRouterFactory(factory).implementation(),
            hex"5af43d82803e903d91602b57fd5bf3"
        );
        pool = address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), factory, salt, keccak256(proxy))))));
    }

    function getReserves(address tokenA, address tokenB, bool stable, address _factory) public view returns (uint256 reserveA, uint256 reserveB) {
        (address token0, ) = sortTokens(tokenA, tokenB);
        (uint256 r0, uint256 r1, ) = IDevAerodromeRouterPool(poolFor(tokenA, tokenB, stable, _factory)).getReserves();
        (reserveA, reserveB) = tokenA == token0 ? (r0, r1) : (r1, r0);
    }

    function getAmountsOut(uint256 amountIn, Route[] memory routes) public view returns (uint256[] memory amounts) {
        if (routes.length == 0) revert InvalidPath();
        amounts = new uint256[](routes.length + 1);
        amounts[0] = amountIn;
        for (uint256 i = 0; i < routes.length; i++) {
            address factory = routes[i].factory == address(0) ? defaultFactory : routes[i].factory;
            address pool = poolFor(routes[i].from, routes[i].to, routes[i].stable, factory);
            if (IDevAerodromeRouterFactory(factory).isPool(pool)) {
                amounts[i + 1] = IDevAerodromeRouterPool(pool).getAmountOut(amounts[i], routes[i].from);
            }
        }
    }

    /// @dev `amountA` of A in B at the reserves' ratio, floored (volatile and stable pools alike).
    function _quoteLiquidity(uint256 amountA, uint256 reserveA, uint256 reserveB) internal pure returns (uint256) {
        if (amountA == 0) revert InsufficientAmount();
        if (reserveA == 0 || reserveB == 0) revert InsufficientLiquidity();
        return (amountA * reserveB) / reserveA;
    }

    function quoteAddLiquidity(address tokenA, address tokenB, bool stable, address _factory, uint256 amountADesired, uint256 amountBDesired)
        public
        view
        returns (uint256 amountA, uint256 amountB, uint256 liquidity)
    {
        address pool = IDevAerodromeRouterFactory(_factory).getPool(tokenA, tokenB, stable);
        uint256 reserveA;
        uint256 reserveB;
        uint256 supply;
        if (pool != address(0)) {
            supply = IDevAerodromeRouterPool(pool).totalSupply();
            (reserveA, reserveB) = getReserves(tokenA, tokenB, stable, _factory);
        }
        if (reserveA == 0 && reserveB == 0) {
            (amountA, amountB) = (amountADesired, amountBDesired);
            liquidity = _sqrt(amountA * amountB) - MINIMUM_LIQUIDITY;
        } else {
            uint256 bOptimal = _quoteLiquidity(amountADesired, reserveA, reserveB);
            if (bOptimal <= amountBDesired) (amountA, amountB) = (amountADesired, bOptimal);
            else (amountA, amountB) = (_quoteLiquidity(amountBDesired, reserveB, reserveA), amountBDesired);
            uint256 lA = (amountA * supply) / reserveA;
            uint256 lB = (amountB * supply) / reserveB;
            liquidity = lA < lB ? lA : lB;
        }
    }

    function quoteRemoveLiquidity(address tokenA, address tokenB, bool stable, address _factory, uint256 liquidity)
        public
        view
        returns (uint256 amountA, uint256 amountB)
    {
        address pool = IDevAerodromeRouterFactory(_factory).getPool(tokenA, tokenB, stable);
        if (pool == address(0)) return (0, 0);
        (uint256 reserveA, uint256 reserveB) = getReserves(tokenA, tokenB, stable, _factory);
        uint256 supply = IDevAerodromeRouterPool(pool).totalSupply();
        amountA = (liquidity * reserveA) / supply;
        amountB = (liquidity * reserveB) / supply;
    }

    function _addLiquidity(address tokenA, address tokenB, bool stable, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin)
        internal
        returns (uint256 amountA, uint256 amountB)
    {
        if (amountADesired < amountAMin) revert InsufficientAmountADesired();
        if (amountBDesired < amountBMin) revert InsufficientAmountBDesired();
        if (IDevAerodromeRouterFactory(defaultFactory).getPool(tokenA, tokenB, stable) == address(0)) {
            IDevAerodromeRouterFactory(defaultFactory).createPool(tokenA, tokenB, stable);
        }
        (uint256 reserveA, uint256 reserveB) = getReserves(tokenA, tokenB, stable, defaultFactory);
        if (reserveA == 0 && reserveB == 0) return (amountADesired, amountBDesired);
        uint256 bOptimal = _quoteLiquidity(amountADesired, reserveA, reserveB);
        if (bOptimal <= amountBDesired) {
            if (bOptimal < amountBMin) revert InsufficientAmountB();
            return (amountADesired, bOptimal);
        }
        uint256 aOptimal = _quoteLiquidity(amountBDesired, reserveB, reserveA);
        assert(aOptimal <= amountADesired);
        if (aOptimal < amountAMin) revert InsufficientAmountA();
        return (aOptimal, amountBDesired);
    }

    function addLiquidity(
        address tokenA,
        address tokenB,
        bool stable,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) public ensure(deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity) {
        (amountA, amountB) = _addLiquidity(tokenA, tokenB, stable, amountADesired, amountBDesired, amountAMin, amountBMin);
        address pool = poolFor(tokenA, tokenB, stable, defaultFactory);
        _safeTransferFrom(tokenA, msg.sender, pool, amountA);
        _safeTransferFrom(tokenB, msg.sender, pool, amountB);
        liquidity = IDevAerodromeRouterPool(pool).mint(to);
    }

    function addLiquidityETH(
        address token,
        bool stable,
        uint256 amountTokenDesired,
        uint256 amountTokenMin,
        uint256 amountETHMin,
        address to,
        uint256 deadline
    ) external payable ensure(deadline) returns (uint256 amountToken, uint256 amountETH, uint256 liquidity) {
        (amountToken, amountETH) = _addLiquidity(token, weth, stable, amountTokenDesired, msg.value, amountTokenMin, amountETHMin);
        address pool = poolFor(token, weth, stable, defaultFactory);
        _safeTransferFrom(token, msg.sender, pool, amountToken);
        IDevAerodromeRouterWeth(weth).deposit{value: amountETH}();
        if (!IDevAerodromeRouterWeth(weth).transfer(pool, amountETH)) revert TransferFailed();
        liquidity = IDevAerodromeRouterPool(pool).mint(to);
        if (msg.value > amountETH) _safeTransferETH(msg.sender, msg.value - amountETH);
    }

    function removeLiquidity(
        address tokenA,
        address tokenB,
        bool stable,
        uint256 liquidity,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) public ensure(deadline) returns (uint256 amountA, uint256 amountB) {
        address pool = poolFor(tokenA, tokenB, stable, defaultFactory);
        _safeTransferFrom(pool, msg.sender, pool, liquidity);
        (uint256 amount0, uint256 amount1) = IDevAerodromeRouterPool(pool).burn(to);
        (address token0, ) = sortTokens(tokenA, tokenB);
        (amountA, amountB) = tokenA == token0 ? (amount0, amount1) : (amount1, amount0);
        if (amountA < amountAMin) revert InsufficientAmountA();
        if (amountB < amountBMin) revert InsufficientAmountB();
    }

    function removeLiquidityETH(
        address token,
        bool stable,
        uint256 liquidity,
        uint256 amountTokenMin,
        uint256 amountETHMin,
        address to,
        uint256 deadline
    ) public ensure(deadline) returns (uint256 amountToken, uint256 amountETH) {
        (amountToken, amountETH) = removeLiquidity(token, weth, stable, liquidity, amountTokenMin, amountETHMin, address(this), deadline);
        _safeTransfer(token, to, amountToken);
        IDevAerodromeRouterWeth(weth).withdraw(amountETH);
        _safeTransferETH(to, amountETH);
    }

    /// @dev Each pool pays the next one; the input is already in the first pool.
    function _swap(uint256[] memory amounts, Route[] memory routes, address to) internal {
        for (uint256 i = 0; i < routes.length; i++) {
            (address token0, ) = sortTokens(routes[i].from, routes[i].to);
            uint256 out = amounts[i + 1];
            (uint256 out0, uint256 out1) = routes[i].from == token0 ? (uint256(0), out) : (out, uint256(0));
            address next = i < routes.length - 1 ? poolFor(routes[i + 1].from, routes[i + 1].to, routes[i + 1].stable, routes[i + 1].factory) : to;
            IDevAerodromeRouterPool(poolFor(routes[i].from, routes[i].to, routes[i].stable, routes[i].factory)).swap(out0, out1, next, new bytes(0));
        }
    }

    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, Route[] calldata routes, address to, uint256 deadline)
        external
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        amounts = getAmountsOut(amountIn, routes);
        if (amounts[amounts.length - 1] < amountOutMin) revert InsufficientOutputAmount();
        _safeTransferFrom(routes[0].from, msg.sender, poolFor(routes[0].from, routes[0].to, routes[0].stable, routes[0].factory), amounts[0]);
        _swap(amounts, routes, to);
    }

    function swapExactETHForTokens(uint256 amountOutMin, Route[] calldata routes, address to, uint256 deadline)
        external
        payable
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        if (routes[0].from != weth) revert InvalidPath();
        amounts = getAmountsOut(msg.value, routes);
        if (amounts[amounts.length - 1] < amountOutMin) revert InsufficientOutputAmount();
        IDevAerodromeRouterWeth(weth).deposit{value: amounts[0]}();
        if (!IDevAerodromeRouterWeth(weth).transfer(poolFor(routes[0].from, routes[0].to, routes[0].stable, routes[0].factory), amounts[0])) revert TransferFailed();
        _swap(amounts, routes, to);
    }

    function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, Route[] calldata routes, address to, uint256 deadline)
        external
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        if (routes[routes.length - 1].to != weth) revert InvalidPath();
        amounts = getAmountsOut(amountIn, routes);
        if (amounts[amounts.length - 1] < amountOutMin) revert InsufficientOutputAmount();
        _safeTransferFrom(routes[0].from, msg.sender, poolFor(routes[0].from, routes[0].to, routes[0].stable, routes[0].factory), amounts[0]);
        _swap(amounts, routes, address(this));
        IDevAerodromeRouterWeth(weth).withdraw(amounts[amounts.length - 1]);
        _safeTransferETH(to, amounts[amounts.length - 1]);
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
        (bool ok, bytes memory ret) = token.call(abi.encodeWithSelector(0xa9059cbb, to, value));
        if (!ok || (ret.length != 0 && !abi.decode(ret, (bool)))) revert TransferFailed();
    }

    function _safeTransferFrom(address token, address from, address to, uint256 value) internal {
        (bool ok, bytes memory ret) = token.call(abi.encodeWithSelector(0x23b872dd, from, to, value));
        if (!ok || (ret.length != 0 && !abi.decode(ret, (bool)))) revert TransferFailed();
    }

    function _safeTransferETH(address to, uint256 value) internal {
        (bool ok, ) = to.call{value: value}(new bytes(0));
        if (!ok) revert ETHTransferFailed();
    }
}
