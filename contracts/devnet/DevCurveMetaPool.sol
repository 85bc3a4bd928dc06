// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IDevCurveMetaToken {
    function totalSupply() external view returns (uint256);
    function mint(address to, uint256 value) external returns (bool);
    function burnFrom(address to, uint256 value) external returns (bool);
}

interface IDevCurveMetaCoin {
    function balanceOf(address account) external view returns (uint256);
    function decimals() external view returns (uint8);
}

interface IDevCurveBasePool {
    function coins(uint256 i) external view returns (address);
    function get_virtual_price() external view returns (uint256);
    function calc_token_amount(uint256[3] calldata amounts, bool deposit) external view returns (uint256);
    function calc_withdraw_one_coin(uint256 token_amount, int128 i) external view returns (uint256);
    function fee() external view returns (uint256);
    function get_dy(int128 i, int128 j, uint256 dx) external view returns (uint256);
    function exchange(int128 i, int128 j, uint256 dx, uint256 min_dy) external;
    function add_liquidity(uint256[3] calldata amounts, uint256 min_mint_amount) external;
    function remove_liquidity_one_coin(uint256 token_amount, int128 i, uint256 min_amount) external;
}

/// @title DevCurveMetaPool
/// @notice OUR implementation, in Solidity, of the external interface and integer math of Curve's
///         StableSwap metapool over the 3pool (the 2020 metapool template, Vyper 0.2.5; e.g. the GUSD
///         metapool, mainnet 0x4f062658EaAF2C1ccf8C8e36D6824CDf41167956, LP token gusd3CRV
///         0xD2967f45c4f384DEEa880F807Be904762a3DeA07), for the devnet: no Vyper compiler ships with npm
///         or apt, so Curve's bytecode cannot be built here. It is not Curve's code. What is kept identical,
///         so that a client written against it serves the real pool unchanged:
///         - the ABI (`exchange`, `exchange_underlying`, `add_liquidity`, the removals all return what they
///           paid or minted; `coins`, `balances`, `base_coins` indexed getters; `base_pool`,
///           `base_virtual_price`, `base_cache_updated`, `A`, `A_precise`, the ramp getters) and the events;
///         - the math in the same order: A stored times A_PRECISION = 100, `get_D` and `get_y`/`get_y_D`
///           with `Ann = A * N`; coin 0 at rate `10**(36 - decimals)`, coin 1 (3Crv) at the base pool's
///           virtual price, cached for 10 minutes (`_vp_rate`: refreshed and stored by the trading
///           functions once stale, read without storing by the views); fees, admin fees and the
///           imbalance fee as the 3pool charges them, `calc_withdraw_one_coin` dividing by the rate;
///         - `exchange_underlying` through the base pool: a base coin goes in by `add_liquidity` (the 3Crv
///           minted, measured, is the metapool input), a base coin comes out by `remove_liquidity_one_coin`
///           of the 3Crv the metapool pays (measured); two base coins trade in the base pool;
///         - `get_dy_underlying`: the template's approximation for a base coin in (the base pool's
///           `calc_token_amount` less half its fee).
contract DevCurveMetaPool {
    event TokenExchange(address indexed buyer, int128 sold_id, uint256 tokens_sold, int128 bought_id, uint256 tokens_bought);
    event TokenExchangeUnderlying(address indexed buyer, int128 sold_id, uint256 tokens_sold, int128 bought_id, uint256 tokens_bought);
    event AddLiquidity(address indexed provider, uint256[2] token_amounts, uint256[2] fees, uint256 invariant, uint256 token_supply);
    event RemoveLiquidity(address indexed provider, uint256[2] token_amounts, uint256[2] fees, uint256 token_supply);
    event RemoveLiquidityOne(address indexed provider, uint256 token_amount, uint256 coin_amount);
    event RemoveLiquidityImbalance(address indexed provider, uint256[2] token_amounts, uint256[2] fees, uint256 invariant, uint256 token_supply);
    event CommitNewAdmin(uint256 indexed deadline, address indexed admin);
    event NewAdmin(address indexed admin);
    event CommitNewFee(uint256 indexed deadline, uint256 fee, uint256 admin_fee);
    event NewFee(uint256 fee, uint256 admin_fee);
    event RampA(uint256 old_A, uint256 new_A, uint256 initial_time, uint256 future_time);
    event StopRampA(uint256 A, uint256 t);

    uint256 private constant N_COINS = 2;
    uint256 private constant MAX_COIN = 1;
    uint256 private constant BASE_N_COINS = 3;
    uint256 private constant FEE_DENOMINATOR = 10 ** 10;
    uint256 private constant PRECISION = 10 ** 18;
    uint256 private constant A_PRECISION = 100;
    uint256 private constant BASE_CACHE_EXPIRES = 10 * 60;
    /// @dev The asset that may take a transfer fee (USDT): its input is measured as a balance change.
    address private constant FEE_ASSET = 0xdAC17F958D2ee523a2206206994597C13D831ec7;
    uint256 private constant MAX_ADMIN_FEE = 10 * 10 ** 9;
    uint256 private constant MAX_FEE = 5 * 10 ** 9;
    uint256 private constant MAX_A = 10 ** 6;
    uint256 private constant MAX_A_CHANGE = 10;
    uint256 private constant ADMIN_ACTIONS_DELAY = 3 * 86400;
    uint256 private constant MIN_RAMP_TIME = 86400;
    uint256 private constant KILL_DEADLINE_DT = 2 * 30 * 86400;

    address[2] public coins;
    uint256[2] public balances;
    uint256 public fee;
    uint256 public admin_fee;
    address public owner;
    IDevCurveMetaToken private token;

    address public base_pool;
    uint256 public base_virtual_price;
    uint256 public base_cache_updated;
    address[3] public base_coins;

    uint256 public initial_A;
    uint256 public future_A;
    uint256 public initial_A_time;
    uint256 public future_A_time;

    uint256 public admin_actions_deadline;
    uint256 public transfer_ownership_deadline;
    uint256 public future_fee;
    uint256 public future_admin_fee;
    address public future_owner;

    bool private isKilled;
    uint256 private killDeadline;
    bool private locked;

    /// @dev Coin 0's rate, `10**(36 - decimals)` (the template hard-codes it per pool).
    uint256 private immutable rate0;

    modifier nonReentrant() {
        require(!locked);
        locked = true;
        _;
        locked = false;
    }

    modifier onlyOwner() {
        require(msg.sender == owner); // dev: only owner
        _;
    }

    constructor(address _owner, address[2] memory _coins, address _pool_token, address _base_pool, uint256 _A, uint256 _fee, uint256 _admin_fee) {
        for (uint256 i = 0; i < N_COINS; i++) require(_coins[i] != address(0));
        coins = _coins;
        initial_A = _A * A_PRECISION;
        future_A = _A * A_PRECISION;
        fee = _fee;
        admin_fee = _admin_fee;
        owner = _owner;
        killDeadline = block.timestamp + KILL_DEADLINE_DT;
        token = IDevCurveMetaToken(_pool_token);
        rate0 = 10 ** (36 - uint256(IDevCurveMetaCoin(_coins[0]).decimals()));
        base_pool = _base_pool;
        base_virtual_price = IDevCurveBasePool(_base_pool).get_virtual_price();
        base_cache_updated = block.timestamp;
        for (uint256 i = 0; i < BASE_N_COINS; i++) {
            address c = IDevCurveBasePool(_base_pool).coins(i);
            base_coins[i] = c;
            _safeApprove(c, _base_pool, type(uint256).max);
        }
    }

    // ---------------------------------------------------------------- math

    function _idx(int128 i) private pure returns (uint256) {
        require(i >= 0 && i < int128(int256(N_COINS)));
        return uint256(int256(i));
    }

    function _A() private view returns (uint256) {
        uint256 t1 = future_A_time;
        uint256 A1 = future_A;
        if (block.timestamp < t1) {
            uint256 A0 = initial_A;
            uint256 t0 = initial_A_time;
            if (A1 > A0) return A0 + (A1 - A0) * (block.timestamp - t0) / (t1 - t0);
            return A0 - (A0 - A1) * (block.timestamp - t0) / (t1 - t0);
        }
        return A1;
    }

    function A() external view returns (uint256) {
        return _A() / A_PRECISION;
    }

    function A_precise() external view returns (uint256) {
        return _A();
    }

    function _rates(uint256 vp_rate) private view returns (uint256[2] memory) {
        return [rate0, vp_rate];
    }

    function _xp_mem(uint256 vp_rate, uint256[2] memory _balances) private view returns (uint256[2] memory result) {
        result = _rates(vp_rate);
        for (uint256 i = 0; i < N_COINS; i++) result[i] = result[i] * _balances[i] / PRECISION;
    }

    function _xp(uint256 vp_rate) private view returns (uint256[2] memory) {
        return _xp_mem(vp_rate, balances);
    }

    /// @dev The base pool's virtual price, refreshed and stored once the cache is older than 10 minutes.
    function _vp_rate() private returns (uint256) {
        if (block.timestamp > base_cache_updated + BASE_CACHE_EXPIRES) {
            uint256 vprice = IDevCurveBasePool(base_pool).get_virtual_price();
            base_virtual_price = vprice;
            base_cache_updated = block.timestamp;
            return vprice;
        }
        return base_virtual_price;
    }

    /// @dev The views' rate: the same rule, nothing stored.
    function _vp_rate_ro() private view returns (uint256) {
        if (block.timestamp > base_cache_updated + BASE_CACHE_EXPIRES) return IDevCurveBasePool(base_pool).get_virtual_price();
        return base_virtual_price;
    }

    function _get_D(uint256[2] memory xp, uint256 amp) private pure returns (uint256) {
        uint256 S = xp[0] + xp[1];
        if (S == 0) return 0;
        uint256 Dprev = 0;
        uint256 D = S;
        uint256 Ann = amp * N_COINS;
        for (uint256 it = 0; it < 255; it++) {
            uint256 D_P = D;
            for (uint256 k = 0; k < N_COINS; k++) D_P = D_P * D / (xp[k] * N_COINS);
            Dprev = D;
            D = (Ann * S / A_PRECISION + D_P * N_COINS) * D / ((Ann - A_PRECISION) * D / A_PRECISION + (N_COINS + 1) * D_P);
            if (D > Dprev) {
                if (D - Dprev <= 1) break;
            } else if (Dprev - D <= 1) break;
        }
        return D;
    }

    function _get_D_mem(uint256 vp_rate, uint256[2] memory _balances, uint256 amp) private view returns (uint256) {
        return _get_D(_xp_mem(vp_rate, _balances), amp);
    }

    /// @dev Coin `j`'s balance at invariant `D` with the other coin at `xs` (get_y's and get_y_D's loop).
    function _solveY(uint256 D, uint256 amp, uint256 j, uint256[2] memory xs) private pure returns (uint256) {
        uint256 c = D;
        uint256 S_ = 0;
        uint256 Ann = amp * N_COINS;
        for (uint256 k = 0; k < N_COINS; k++) {
            if (k == j) continue;
            S_ += xs[k];
            c = c * D / (xs[k] * N_COINS);
        }
        c = c * D * A_PRECISION / (Ann * N_COINS);
        uint256 b = S_ + D * A_PRECISION / Ann;
        uint256 y_prev = 0;
        uint256 y = D;
        for (uint256 it = 0; it < 255; it++) {
            y_prev = y;
            y = (y * y + c) / (2 * y + b - D);
            if (y > y_prev) {
                if (y - y_prev <= 1) break;
            } else if (y_prev - y <= 1) break;
        }
        return y;
    }

    function _get_y(uint256 i, uint256 j, uint256 x, uint256[2] memory xp_) private view returns (uint256) {
        require(i != j); // dev: same coin
        require(j < N_COINS && i < N_COINS);
        uint256 amp = _A();
        uint256 D = _get_D(xp_, amp);
        uint256[2] memory xs = [xp_[0], xp_[1]];
        xs[i] = x;
        return _solveY(D, amp, j, xs);
    }

    // ---------------------------------------------------------------- views

    function get_virtual_price() external view returns (uint256) {
        uint256 D = _get_D(_xp(_vp_rate_ro()), _A());
        return D * PRECISION / token.totalSupply();
    }

    function calc_token_amount(uint256[2] calldata amounts, bool deposit) external view returns (uint256) {
        uint256 amp = _A();
        uint256 vp_rate = _vp_rate_ro();
        uint256[2] memory _balances = balances;
        uint256 D0 = _get_D_mem(vp_rate, _balances, amp);
        for (uint256 i = 0; i < N_COINS; i++) {
            if (deposit) _balances[i] += amounts[i];
            else _balances[i] -= amounts[i];
        }
        uint256 D1 = _get_D_mem(vp_rate, _balances, amp);
        uint256 token_amount = token.totalSupply();
        uint256 diff = deposit ? D1 - D0 : D0 - D1;
        return diff * token_amount / D0;
    }

    function get_dy(int128 i, int128 j, uint256 dx) external view returns (uint256) {
        uint256 ii = _idx(i);
        uint256 jj = _idx(j);
        uint256[2] memory rates = _rates(_vp_rate_ro());
        uint256[2] memory xp = _xp(rates[MAX_COIN]);
        uint256 x = xp[ii] + (dx * rates[ii] / PRECISION);
        uint256 y = _get_y(ii, jj, x, xp);
        uint256 dy = xp[jj] - y - 1;
        uint256 _fee = fee * dy / FEE_DENOMINATOR;
        return (dy - _fee) * PRECISION / rates[jj];
    }

    /// @dev Underlying indices: 0 the meta coin, 1..3 the base pool's coins.
    function get_dy_underlying(int128 i, int128 j, uint256 dx) external view returns (uint256) {
        require(i >= 0 && j >= 0 && i <= 3 && j <= 3);
        bool baseIn = i >= int128(int256(MAX_COIN));
        bool baseOut = j >= int128(int256(MAX_COIN));
        if (baseIn && baseOut) return IDevCurveBasePool(base_pool).get_dy(i - int128(int256(MAX_COIN)), j - int128(int256(MAX_COIN)), dx);
        uint256 vp_rate = _vp_rate_ro();
        uint256[2] memory xp = _xp(vp_rate);
        uint256 meta_i = baseIn ? MAX_COIN : uint256(int256(i));
        uint256 meta_j = baseOut ? MAX_COIN : uint256(int256(j));
        uint256 x = baseIn ? _underlyingX(uint256(int256(i)) - MAX_COIN, dx, vp_rate, xp[MAX_COIN]) : xp[meta_i] + dx * (rate0 / PRECISION);
        uint256 y = _get_y(meta_i, meta_j, x, xp);
        uint256 dy = xp[meta_j] - y - 1;
        dy = dy - fee * dy / FEE_DENOMINATOR;
        if (!baseOut) return dy / (rate0 / PRECISION);
        // The fee is already accounted for
        return IDevCurveBasePool(base_pool).calc_withdraw_one_coin(dy * PRECISION / vp_rate, j - int128(int256(MAX_COIN)));
    }

    /// @dev get_dy_underlying's metapool input for base coin `k`: the base pool's `calc_token_amount` in
    ///      virtual units, less half the base pool's fee (the template's approximation), plus the 3Crv held.
    function _underlyingX(uint256 k, uint256 dx, uint256 vp_rate, uint256 xpMeta) private view returns (uint256 x) {
        uint256[3] memory base_inputs;
        base_inputs[k] = dx;
        x = IDevCurveBasePool(base_pool).calc_token_amount(base_inputs, true) * vp_rate / PRECISION;
        x -= x * IDevCurveBasePool(base_pool).fee() / (2 * FEE_DENOMINATOR);
        x += xpMeta;
    }

    function _calc_withdraw_one_coin(uint256 _token_amount, uint256 i, uint256 vp_rate) private view returns (uint256, uint256) {
        uint256 amp = _A();
        uint256[2] memory xp = _xp(vp_rate);
        uint256 D0 = _get_D(xp, amp);
        uint256 D1 = D0 - _token_amount * D0 / token.totalSupply();
        uint256 new_y = _solveY(D1, amp, i, xp);
        uint256 rate_i = _rates(vp_rate)[i];
        uint256 dy_0 = (xp[i] - new_y) * PRECISION / rate_i; // w/o fees
        uint256[2] memory xp_reduced = _reduced(xp, i, D0, D1, new_y);
        uint256 dy = xp_reduced[i] - _solveY(D1, amp, i, xp_reduced);
        dy = (dy - 1) * PRECISION / rate_i; // Withdraw less to account for rounding errors
        return (dy, dy_0 - dy);
    }

    /// @dev The balances less the imbalance fee on each coin's distance from the proportional withdrawal.
    function _reduced(uint256[2] memory xp, uint256 i, uint256 D0, uint256 D1, uint256 new_y) private view returns (uint256[2] memory xp_reduced) {
        uint256 _fee = fee * N_COINS / (4 * (N_COINS - 1));
        xp_reduced = [xp[0], xp[1]];
        for (uint256 j = 0; j < N_COINS; j++) {
            uint256 dx_expected = j == i ? xp[j] * D1 / D0 - new_y : xp[j] - xp[j] * D1 / D0;
            xp_reduced[j] -= _fee * dx_expected / FEE_DENOMINATOR;
        }
    }

    function calc_withdraw_one_coin(uint256 _token_amount, int128 i) external view returns (uint256) {
        (uint256 dy,) = _calc_withdraw_one_coin(_token_amount, _idx(i), _vp_rate_ro());
        return dy;
    }

    function admin_balances(uint256 i) external view returns (uint256) {
        return IDevCurveMetaCoin(coins[i]).balanceOf(address(this)) - balances[i];
    }

    // ---------------------------------------------------------------- trading and liquidity

    function add_liquidity(uint256[2] calldata amounts, uint256 min_mint_amount) external nonReentrant returns (uint256) {
        require(!isKilled); // dev: is killed
        uint256 token_supply = token.totalSupply();
        (uint256 mint_amount, uint256[2] memory fees, uint256 D1) = _deposit([amounts[0], amounts[1]], token_supply);
        require(mint_amount >= min_mint_amount, "Slippage screwed you");
        for (uint256 i = 0; i < N_COINS; i++) if (amounts[i] > 0) _safeTransferFrom(coins[i], msg.sender, amounts[i]);
        token.mint(msg.sender, mint_amount);
        emit AddLiquidity(msg.sender, amounts, fees, D1, token_supply + mint_amount);
        return mint_amount;
    }

    /// @dev add_liquidity's accounting: the LP to mint, the imbalance fees and the invariant after; stores the balances.
    function _deposit(uint256[2] memory amounts, uint256 token_supply) private returns (uint256 mint_amount, uint256[2] memory fees, uint256 D1) {
        uint256 amp = _A();
        uint256 vp_rate = _vp_rate();
        uint256 D0 = 0;
        uint256[2] memory old_balances = balances;
        if (token_supply > 0) D0 = _get_D_mem(vp_rate, old_balances, amp);
        uint256[2] memory new_balances = [old_balances[0], old_balances[1]];
        for (uint256 i = 0; i < N_COINS; i++) {
            if (token_supply == 0) require(amounts[i] > 0); // dev: initial deposit requires all coins
            new_balances[i] = old_balances[i] + amounts[i];
        }
        D1 = _get_D_mem(vp_rate, new_balances, amp);
        require(D1 > D0);
        uint256 D2 = D1;
        if (token_supply > 0) {
            fees = _chargeImbalanceFees(old_balances, new_balances, D0, D1);
            D2 = _get_D_mem(vp_rate, new_balances, amp);
        } else {
            balances = new_balances;
        }
        mint_amount = token_supply == 0 ? D1 : token_supply * (D2 - D0) / D0;
    }

    /// @dev The template's exchange arithmetic at `rates`: output in coin units after the fee, and the admin share.
    function _exchangeOut(uint256 ii, uint256 jj, uint256 x, uint256[2] memory xp, uint256[2] memory rates) private view returns (uint256 dy, uint256 dy_admin_fee) {
        uint256 y = _get_y(ii, jj, x, xp);
        dy = xp[jj] - y - 1; // -1 just in case there were some rounding errors
        uint256 dy_fee = dy * fee / FEE_DENOMINATOR;
        dy = (dy - dy_fee) * PRECISION / rates[jj];
        dy_admin_fee = dy_fee * admin_fee / FEE_DENOMINATOR;
        dy_admin_fee = dy_admin_fee * PRECISION / rates[jj];
    }

    function exchange(int128 i, int128 j, uint256 dx, uint256 min_dy) external nonReentrant returns (uint256) {
        require(!isKilled); // dev: is killed
        uint256 ii = _idx(i);
        uint256 jj = _idx(j);
        uint256[2] memory rates = _rates(_vp_rate());
        uint256[2] memory old_balances = balances;
        uint256[2] memory xp = _xp_mem(rates[MAX_COIN], old_balances);
        uint256 x = xp[ii] + dx * rates[ii] / PRECISION;
        (uint256 dy, uint256 dy_admin_fee) = _exchangeOut(ii, jj, x, xp, rates);
        require(dy >= min_dy, "Too few coins in result");
        balances[ii] = old_balances[ii] + dx;
        // When rounding errors happen, we undercharge admin fee in favor of LP
        balances[jj] = old_balances[jj] - dy - dy_admin_fee;
        _safeTransferFrom(coins[ii], msg.sender, dx);
        _safeTransfer(coins[jj], msg.sender, dy);
        emit TokenExchange(msg.sender, i, dx, j, dy);
        return dy;
    }

    function exchange_underlying(int128 i, int128 j, uint256 dx, uint256 min_dy) external nonReentrant returns (uint256) {
        require(!isKilled); // dev: is killed
        require(i >= 0 && j >= 0 && i <= 3 && j <= 3);
        uint256[2] memory rates = _rates(_vp_rate());
        bool baseIn = i >= int128(int256(MAX_COIN));
        bool baseOut = j >= int128(int256(MAX_COIN));
        address input_coin = baseIn ? base_coins[uint256(int256(i)) - MAX_COIN] : coins[uint256(int256(i))];
        address output_coin = baseOut ? base_coins[uint256(int256(j)) - MAX_COIN] : coins[uint256(int256(j))];

        uint256 dx_w_fee = dx;
        if (input_coin == FEE_ASSET) dx_w_fee = IDevCurveMetaCoin(FEE_ASSET).balanceOf(address(this));
        _safeTransferFrom(input_coin, msg.sender, dx);
        if (input_coin == FEE_ASSET) dx_w_fee = IDevCurveMetaCoin(FEE_ASSET).balanceOf(address(this)) - dx_w_fee;

        uint256 dy;
        if (!baseIn || !baseOut) {
            dy = _exchangeUnderlyingMeta(int256(i) - int256(MAX_COIN), int256(j) - int256(MAX_COIN), dx_w_fee, rates);
            if (baseOut) {
                // A base coin out: withdraw the 3Crv paid as that coin (measured).
                uint256 out_before = IDevCurveMetaCoin(output_coin).balanceOf(address(this));
                IDevCurveBasePool(base_pool).remove_liquidity_one_coin(dy, j - int128(int256(MAX_COIN)), 0);
                dy = IDevCurveMetaCoin(output_coin).balanceOf(address(this)) - out_before;
            }
            require(dy >= min_dy, "Too few coins in result");
        } else {
            // Both in the base pool.
            uint256 out_before = IDevCurveMetaCoin(output_coin).balanceOf(address(this));
            IDevCurveBasePool(base_pool).exchange(i - int128(int256(MAX_COIN)), j - int128(int256(MAX_COIN)), dx_w_fee, min_dy);
            dy = IDevCurveMetaCoin(output_coin).balanceOf(address(this)) - out_before;
        }
        _safeTransfer(output_coin, msg.sender, dy);
        emit TokenExchangeUnderlying(msg.sender, i, dx, j, dy);
        return dy;
    }

    /// @dev exchange_underlying's metapool leg (`base_i`/`base_j` negative for the meta coin): a base coin in is
    ///      first deposited in the base pool and the 3Crv minted (measured) traded; returns the metapool's output.
    function _exchangeUnderlyingMeta(int256 base_i, int256 base_j, uint256 dx_w_fee, uint256[2] memory rates) private returns (uint256 dy) {
        uint256 meta_i = base_i < 0 ? uint256(base_i + int256(MAX_COIN)) : MAX_COIN;
        uint256 meta_j = base_j < 0 ? uint256(base_j + int256(MAX_COIN)) : MAX_COIN;
        uint256[2] memory old_balances = balances;
        uint256[2] memory xp = _xp_mem(rates[MAX_COIN], old_balances);
        uint256 x;
        if (base_i < 0) {
            x = xp[meta_i] + dx_w_fee * rates[meta_i] / PRECISION;
        } else {
            uint256[3] memory base_inputs;
            base_inputs[uint256(base_i)] = dx_w_fee;
            address lp = coins[MAX_COIN];
            uint256 before = IDevCurveMetaCoin(lp).balanceOf(address(this));
            IDevCurveBasePool(base_pool).add_liquidity(base_inputs, 0);
            dx_w_fee = IDevCurveMetaCoin(lp).balanceOf(address(this)) - before;
            x = dx_w_fee * rates[MAX_COIN] / PRECISION + xp[MAX_COIN];
        }
        uint256 dy_admin_fee;
        (dy, dy_admin_fee) = _exchangeOut(meta_i, meta_j, x, xp, rates);
        balances[meta_i] = old_balances[meta_i] + dx_w_fee;
        // When rounding errors happen, we undercharge admin fee in favor of LP
        balances[meta_j] = old_balances[meta_j] - dy - dy_admin_fee;
    }

    function remove_liquidity(uint256 _amount, uint256[2] calldata min_amounts) external nonReentrant returns (uint256[2] memory amounts) {
        uint256 total_supply = token.totalSupply();
        uint256[2] memory fees; // unused, kept for the event
        for (uint256 i = 0; i < N_COINS; i++) {
            uint256 value = balances[i] * _amount / total_supply;
            require(value >= min_amounts[i], "Too few coins in result");
            balances[i] -= value;
            amounts[i] = value;
            _safeTransfer(coins[i], msg.sender, value);
        }
        token.burnFrom(msg.sender, _amount); // dev: insufficient funds
        emit RemoveLiquidity(msg.sender, amounts, fees, total_supply - _amount);
    }

    function remove_liquidity_imbalance(uint256[2] calldata amounts, uint256 max_burn_amount) external nonReentrant returns (uint256) {
        require(!isKilled); // dev: is killed
        uint256 token_supply = token.totalSupply();
        require(token_supply != 0); // dev: zero total supply
        (uint256 token_amount, uint256[2] memory fees, uint256 D1) = _withdrawImbalance([amounts[0], amounts[1]], token_supply);
        require(token_amount <= max_burn_amount, "Slippage screwed you");
        token.burnFrom(msg.sender, token_amount); // dev: insufficient funds
        for (uint256 i = 0; i < N_COINS; i++) if (amounts[i] != 0) _safeTransfer(coins[i], msg.sender, amounts[i]);
        emit RemoveLiquidityImbalance(msg.sender, amounts, fees, D1, token_supply - token_amount);
        return token_amount;
    }

    /// @dev remove_liquidity_imbalance's accounting: the LP to burn, the fees and the invariant after; stores the balances.
    function _withdrawImbalance(uint256[2] memory amounts, uint256 token_supply) private returns (uint256 token_amount, uint256[2] memory fees, uint256 D1) {
        uint256 amp = _A();
        uint256 vp_rate = _vp_rate();
        uint256[2] memory old_balances = balances;
        uint256[2] memory new_balances = [old_balances[0], old_balances[1]];
        uint256 D0 = _get_D_mem(vp_rate, old_balances, amp);
        for (uint256 i = 0; i < N_COINS; i++) new_balances[i] -= amounts[i];
        D1 = _get_D_mem(vp_rate, new_balances, amp);
        fees = _chargeImbalanceFees(old_balances, new_balances, D0, D1);
        uint256 D2 = _get_D_mem(vp_rate, new_balances, amp);
        token_amount = (D0 - D2) * token_supply / D0;
        require(token_amount != 0); // dev: zero tokens burned
        token_amount += 1; // In case of rounding errors - make it unfavorable for the "attacker"
    }

    function remove_liquidity_one_coin(uint256 _token_amount, int128 i, uint256 min_amount) external nonReentrant returns (uint256) {
        require(!isKilled); // dev: is killed
        uint256 ii = _idx(i);
        (uint256 dy, uint256 dy_fee) = _calc_withdraw_one_coin(_token_amount, ii, _vp_rate());
        require(dy >= min_amount, "Not enough coins removed");
        balances[ii] -= (dy + dy_fee * admin_fee / FEE_DENOMINATOR);
        token.burnFrom(msg.sender, _token_amount); // dev: insufficient funds
        _safeTransfer(coins[ii], msg.sender, dy);
        emit RemoveLiquidityOne(msg.sender, _token_amount, dy);
        return dy;
    }

    /// @dev Each coin pays `fee * N / (4 * (N - 1))` on its distance from the proportional balance; the admin
    ///      share leaves `balances`, and `new_balances` (memory, updated in place) loses the whole fee.
    function _chargeImbalanceFees(uint256[2] memory old_balances, uint256[2] memory new_balances, uint256 D0, uint256 D1) private returns (uint256[2] memory fees) {
        uint256 _fee = fee * N_COINS / (4 * (N_COINS - 1));
        uint256 admin = admin_fee;
        for (uint256 i = 0; i < N_COINS; i++) {
            uint256 ideal_balance = D1 * old_balances[i] / D0;
            uint256 difference = ideal_balance > new_balances[i] ? ideal_balance - new_balances[i] : new_balances[i] - ideal_balance;
            fees[i] = _fee * difference / FEE_DENOMINATOR;
            balances[i] = new_balances[i] - (fees[i] * admin / FEE_DENOMINATOR);
            new_balances[i] -= fees[i];
        }
    }

    // ---------------------------------------------------------------- admin

    function ramp_A(uint256 _future_A, uint256 _future_time) external onlyOwner {
        require(block.timestamp >= initial_A_time + MIN_RAMP_TIME);
        require(_future_time >= block.timestamp + MIN_RAMP_TIME); // dev: insufficient time
        uint256 _initial_A = _A();
        uint256 _future_A_p = _future_A * A_PRECISION;
        require(_future_A > 0 && _future_A < MAX_A);
        if (_future_A_p < _initial_A) require(_future_A_p * MAX_A_CHANGE >= _initial_A);
        else require(_future_A_p <= _initial_A * MAX_A_CHANGE);
        initial_A = _initial_A;
        future_A = _future_A_p;
        initial_A_time = block.timestamp;
        future_A_time = _future_time;
        emit RampA(_initial_A, _future_A_p, block.timestamp, _future_time);
    }

    function stop_ramp_A() external onlyOwner {
        uint256 current_A = _A();
        initial_A = current_A;
        future_A = current_A;
        initial_A_time = block.timestamp;
        future_A_time = block.timestamp;
        emit StopRampA(current_A, block.timestamp);
    }

    function commit_new_fee(uint256 new_fee, uint256 new_admin_fee) external onlyOwner {
        require(admin_actions_deadline == 0); // dev: active action
        require(new_fee <= MAX_FEE); // dev: fee exceeds maximum
        require(new_admin_fee <= MAX_ADMIN_FEE); // dev: admin fee exceeds maximum
        uint256 _deadline = block.timestamp + ADMIN_ACTIONS_DELAY;
        admin_actions_deadline = _deadline;
        future_fee = new_fee;
        future_admin_fee = new_admin_fee;
        emit CommitNewFee(_deadline, new_fee, new_admin_fee);
    }

    function apply_new_fee() external onlyOwner {
        require(block.timestamp >= admin_actions_deadline); // dev: insufficient time
        require(admin_actions_deadline != 0); // dev: no active action
        admin_actions_deadline = 0;
        fee = future_fee;
        admin_fee = future_admin_fee;
        emit NewFee(fee, admin_fee);
    }

    function revert_new_parameters() external onlyOwner {
        admin_actions_deadline = 0;
    }

    function commit_transfer_ownership(address _owner) external onlyOwner {
        require(transfer_ownership_deadline == 0); // dev: active transfer
        uint256 _deadline = block.timestamp + ADMIN_ACTIONS_DELAY;
        transfer_ownership_deadline = _deadline;
        future_owner = _owner;
        emit CommitNewAdmin(_deadline, _owner);
    }

    function apply_transfer_ownership() external onlyOwner {
        require(block.timestamp >= transfer_ownership_deadline); // dev: insufficient time
        require(transfer_ownership_deadline != 0); // dev: no active transfer
        transfer_ownership_deadline = 0;
        owner = future_owner;
        emit NewAdmin(owner);
    }

    function revert_transfer_ownership() external onlyOwner {
        transfer_ownership_deadline = 0;
    }

    function withdraw_admin_fees() external onlyOwner {
        for (uint256 i = 0; i < N_COINS; i++) {
            address c = coins[i];
            uint256 value = IDevCurveMetaCoin(c).balanceOf(address(this)) - balances[i];
            if (value > 0) _safeTransfer(c, msg.sender, value);
        }
    }

    function donate_admin_fees() external onlyOwner {
        for (uint256 i = 0; i < N_COINS; i++) balances[i] = IDevCurveMetaCoin(coins[i]).balanceOf(address(this));
    }

    function kill_me() external onlyOwner {
        require(killDeadline > block.timestamp); // dev: deadline has passed
        isKilled = true;
    }

    function unkill_me() external onlyOwner {
        isKilled = false;
    }

    // ---------------------------------------------------------------- transfers

    /// @dev Works for tokens that return a bool and for those that return nothing (USDT).
    function _safeTransferFrom(address coin, address from, uint256 value) private {
        (bool ok, bytes memory ret) = coin.call(abi.encodeWithSignature("transferFrom(address,address,uint256)", from, address(this), value));
        require(ok && (ret.length == 0 || abi.decode(ret, (bool)))); // dev: failed transfer
    }

    function _safeTransfer(address coin, address to, uint256 value) private {
        (bool ok, bytes memory ret) = coin.call(abi.encodeWithSignature("transfer(address,uint256)", to, value));
        require(ok && (ret.length == 0 || abi.decode(ret, (bool)))); // dev: failed transfer
    }

    function _safeApprove(address coin, address spender, uint256 value) private {
        (bool ok, bytes memory ret) = coin.call(abi.encodeWithSignature("approve(address,uint256)", spender, value));
        require(ok && (ret.length == 0 || abi.decode(ret, (bool))));
    }
}
