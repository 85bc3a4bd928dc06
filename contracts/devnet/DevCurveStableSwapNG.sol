// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IDevCurveNGCoin {
    function balanceOf(address account) external view returns (uint256);
    function decimals() external view returns (uint8);
}

interface IDevCurveNGVault {
    function convertToAssets(uint256 shares) external view returns (uint256);
    function asset() external view returns (address);
}

/// @title DevCurveStableSwapNG
/// @notice OUR implementation, in Solidity, of the external interface and integer math of Curve's
///         stableswap-ng plain pool (`CurveStableSwapNG`, Vyper 0.3.10, "v7.0.0", deployed by the ng factory
///         0x6A8cbed756804B16E05E741eDaBd5cB544AE21bf on mainnet), for the devnet: neither npm nor apt ships a
///         Vyper compiler, so Curve's bytecode cannot be built here. It is not Curve's code. Kept identical, so
///         that a client written against it serves the real pools unchanged:
///         - the ABI: `coins(i)`, `N_COINS()`, `balances(i)`/`get_balances()` (stored balances less admin
///           balances), `stored_rates()` (rate multipliers times, per asset type, an oracle's answer (type 1:
///           `oracle.method()`) or an ERC-4626's `convertToAssets(10**decimals) * 10**(18 - assetDecimals)`
///           (type 3), read on every call), `A()`/`A_precise()` and the ramp, `fee()`, `offpeg_fee_multiplier()`,
///           `admin_fee()` (50%, a constant), `admin_balances(i)`; `exchange`/`exchange_received`/`add_liquidity`/
///           `remove_liquidity*` with dynamic arrays and an optional receiver, each returning what it paid,
///           minted or burned; the views `get_dy`, `get_dx`, `calc_token_amount`, `calc_withdraw_one_coin`,
///           `dynamic_fee`, `get_virtual_price`, `get_p`, `last_price`, `ema_price`, `price_oracle`,
///           `D_oracle`; the pool is its own LP token (ERC-20 `balanceOf`, `totalSupply`, `transfer`,
///           `transferFrom`, `approve`, 18 decimals); the same events;
///         - the math, operation by operation: A stored times 100, `get_D` with `D_P = D_P * D / x` over the
///           coins then `/ N**N`, `get_y`/`get_y_D` raising when they do not converge, the dynamic fee
///           `fee * m / ((m - 1e10) * 4 * xi * xj / (xi + xj)**2 + 1e10)` (`m` = offpeg_fee_multiplier),
///           swap fees on the averages before and after, deposit/imbalance fees on the sums, the admin half of
///           every fee to `admin_balances`, a single-coin withdrawal paying `dy - 1`;
///         - the views computed as Curve's views contract computes them (`get_dy`, `get_dx` and
///           `calc_token_amount` take `A() * 100`, A truncated, as that contract does); `calc_withdraw_one_coin`
///           is the pool's own (A precise);
///         - the price and D oracles (an EMA with the pool's `exp`), upkept after each trade.
///         Not kept: permit (EIP-2612), rebasing coins (asset type 2) and the factory: `admin` (the factory's
///         admin) runs `ramp_A`/`stop_ramp_A`/`set_new_fee`/`set_ma_exp_time`, and admin fees go to `fee_receiver`.
contract DevCurveStableSwapNG {
    event Transfer(address indexed sender, address indexed receiver, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event TokenExchange(address indexed buyer, int128 sold_id, uint256 tokens_sold, int128 bought_id, uint256 tokens_bought);
    event AddLiquidity(address indexed provider, uint256[] token_amounts, uint256[] fees, uint256 invariant, uint256 token_supply);
    event RemoveLiquidity(address indexed provider, uint256[] token_amounts, uint256[] fees, uint256 token_supply);
    event RemoveLiquidityOne(address indexed provider, int128 token_id, uint256 token_amount, uint256 coin_amount, uint256 token_supply);
    event RemoveLiquidityImbalance(address indexed provider, uint256[] token_amounts, uint256[] fees, uint256 invariant, uint256 token_supply);
    event RampA(uint256 old_A, uint256 new_A, uint256 initial_time, uint256 future_time);
    event StopRampA(uint256 A, uint256 t);
    event ApplyNewFee(uint256 fee, uint256 offpeg_fee_multiplier);
    event SetNewMATime(uint256 ma_exp_time, uint256 D_ma_time);

    uint256 private constant MAX_COINS = 8;
    uint256 private constant PRECISION = 10 ** 18;
    uint256 private constant FEE_DENOMINATOR = 10 ** 10;
    uint256 public constant admin_fee = 5_000_000_000;
    uint256 private constant MAX_FEE = 5 * 10 ** 9;
    uint256 private constant A_PRECISION = 100;
    uint256 private constant MAX_A = 10 ** 6;
    uint256 private constant MAX_A_CHANGE = 10;
    uint256 private constant MIN_RAMP_TIME = 86400;
    uint256 private constant ORACLE_BIT_MASK = (2 ** 32 - 1) * 256 ** 28;
    uint8 public constant decimals = 18;
    string public constant version = "v7.0.0";

    uint256 public immutable N_COINS;
    address public immutable admin;
    address public immutable fee_receiver;

    address[] private coinList;
    uint8[] private assetTypes;
    uint256[] private rateMultipliers;
    uint256[] private rateOracles;
    uint256[] private callAmount;
    uint256[] private scaleFactor;
    uint256[] private storedBalances;
    uint256[] public admin_balances;

    uint256 public fee;
    uint256 public offpeg_fee_multiplier;
    uint256 public initial_A;
    uint256 public future_A;
    uint256 public initial_A_time;
    uint256 public future_A_time;

    uint256[] private lastPricesPacked;
    uint256 private lastDPacked;
    uint256 public ma_exp_time;
    uint256 public D_ma_time;
    uint256 public ma_last_time;

    string public name;
    string public symbol;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 private totalSupply_;
    uint256 private locked = 1;

    modifier nonReentrant() {
        require(locked == 1, "locked");
        locked = 2;
        _;
        locked = 1;
    }

    /// The factory's `deploy_plain_pool` arguments, plus `admin` (the factory's admin on mainnet: runs the
    /// admin functions and receives the admin fees). One struct, as the factory's list is too long for a
    /// Solidity constructor's stack.
    struct Config {
        string name;
        string symbol;
        uint256 A;
        uint256 fee;
        uint256 offpegFeeMultiplier;
        uint256 maExpTime;
        address[] coins;
        uint256[] rateMultipliers;
        uint8[] assetTypes;
        bytes4[] methodIds;
        address[] oracles;
        address admin;
    }

    constructor(Config memory cfg) {
        string memory _name = cfg.name;
        string memory _symbol = cfg.symbol;
        uint256 _A = cfg.A;
        uint256 _fee = cfg.fee;
        uint256 _offpeg_fee_multiplier = cfg.offpegFeeMultiplier;
        uint256 _ma_exp_time = cfg.maExpTime;
        address[] memory _coins = cfg.coins;
        address _admin = cfg.admin;
        uint256 n = _coins.length;
        require(n >= 2 && n <= MAX_COINS, "coins");
        N_COINS = n;
        admin = _admin;
        fee_receiver = _admin;
        initial_A = _A * A_PRECISION;
        future_A = _A * A_PRECISION;
        fee = _fee;
        offpeg_fee_multiplier = _offpeg_fee_multiplier;
        require(_ma_exp_time != 0, "ma");
        ma_exp_time = _ma_exp_time;
        D_ma_time = 62324;
        ma_last_time = _pack2(block.timestamp, block.timestamp);
        for (uint256 i = 0; i < n; i++) {
            require(cfg.assetTypes[i] != 2, "rebasing coins are not implemented");
            if (i < n - 1) lastPricesPacked.push(_pack2(PRECISION, PRECISION));
            coinList.push(_coins[i]);
            assetTypes.push(cfg.assetTypes[i]);
            rateMultipliers.push(cfg.rateMultipliers[i]);
            rateOracles.push((uint256(uint32(cfg.methodIds[i])) << 224) | uint256(uint160(cfg.oracles[i])));
            storedBalances.push(0);
            admin_balances.push(0);
            if (cfg.assetTypes[i] == 3) {
                callAmount.push(10 ** IDevCurveNGCoin(_coins[i]).decimals());
                address underlying = IDevCurveNGVault(_coins[i]).asset();
                scaleFactor.push(10 ** (18 - IDevCurveNGCoin(underlying).decimals()));
            } else {
                callAmount.push(0);
                scaleFactor.push(0);
            }
        }
        name = _name;
        symbol = _symbol;
        emit Transfer(address(0), msg.sender, 0);
    }

    // ------------------------------------------------------------------ tokens in and out

    function _transferIn(uint256 i, uint256 dx, address sender, bool optimistic) private returns (uint256) {
        address coin = coinList[i];
        uint256 got = IDevCurveNGCoin(coin).balanceOf(address(this));
        if (optimistic) {
            got = got - storedBalances[i];
            require(got >= dx, "received");
        } else {
            require(dx > 0, "zero in");
            (bool ok, bytes memory ret) = coin.call(abi.encodeWithSignature("transferFrom(address,address,uint256)", sender, address(this), dx));
            require(ok && (ret.length == 0 || abi.decode(ret, (bool))), "transferFrom");
            got = IDevCurveNGCoin(coin).balanceOf(address(this)) - got;
        }
        storedBalances[i] += got;
        return got;
    }

    function _transferOut(uint256 i, uint256 amount, address receiver) private {
        require(receiver != address(0), "receiver");
        storedBalances[i] -= amount;
        (bool ok, bytes memory ret) = coinList[i].call(abi.encodeWithSignature("transfer(address,uint256)", receiver, amount));
        require(ok && (ret.length == 0 || abi.decode(ret, (bool))), "transfer");
    }

    // ------------------------------------------------------------------ rates and balances

    function _storedRates() private view returns (uint256[] memory rates) {
        uint256 n = N_COINS;
        rates = new uint256[](n);
        for (uint256 i = 0; i < n; i++) {
            rates[i] = rateMultipliers[i];
            uint256 oracle = rateOracles[i];
            if (assetTypes[i] == 1 && oracle != 0) {
                (bool ok, bytes memory ret) = address(uint160(oracle)).staticcall(abi.encode(oracle & ORACLE_BIT_MASK));
                require(ok && ret.length == 32, "oracle");
                rates[i] = rates[i] * abi.decode(ret, (uint256)) / PRECISION;
            } else if (assetTypes[i] == 3) {
                rates[i] = rates[i] * IDevCurveNGVault(coinList[i]).convertToAssets(callAmount[i]) * scaleFactor[i] / PRECISION;
            }
        }
    }

    function _balances() private view returns (uint256[] memory result) {
        uint256 n = N_COINS;
        result = new uint256[](n);
        for (uint256 i = 0; i < n; i++) result[i] = storedBalances[i] - admin_balances[i];
    }

    function _xpMem(uint256[] memory rates, uint256[] memory balances_) private view returns (uint256[] memory xp) {
        uint256 n = N_COINS;
        xp = new uint256[](n);
        for (uint256 i = 0; i < n; i++) xp[i] = rates[i] * balances_[i] / PRECISION;
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

    function _dynamicFee(uint256 xpi, uint256 xpj, uint256 baseFee) private view returns (uint256) {
        uint256 m = offpeg_fee_multiplier;
        if (m <= FEE_DENOMINATOR) return baseFee;
        uint256 xps2 = (xpi + xpj) ** 2;
        return (m * baseFee) / ((m - FEE_DENOMINATOR) * 4 * xpi * xpj / xps2 + FEE_DENOMINATOR);
    }

    function _imbalanceBaseFee() private view returns (uint256) {
        return fee * N_COINS / (4 * (N_COINS - 1));
    }

    // ------------------------------------------------------------------ the invariant

    function _getD(uint256[] memory xp, uint256 amp) private pure returns (uint256) {
        uint256 n = xp.length;
        uint256 S = 0;
        for (uint256 k = 0; k < n; k++) S += xp[k];
        if (S == 0) return 0;
        uint256 D = S;
        uint256 Ann = amp * n;
        uint256 nn = n ** n;
        for (uint256 it = 0; it < 255; it++) {
            uint256 DP = D;
            for (uint256 k = 0; k < n; k++) DP = DP * D / xp[k];
            DP /= nn;
            uint256 Dprev = D;
            D = (Ann * S / A_PRECISION + DP * n) * D / ((Ann - A_PRECISION) * D / A_PRECISION + (n + 1) * DP);
            if (D > Dprev ? D - Dprev <= 1 : Dprev - D <= 1) return D;
        }
        revert("get_D");
    }

    /// The quadratic of `get_y` and `get_y_D`: coin `j` at invariant `D`, coin `i` at `x` (`i` = n: none moved).
    function _solveY(uint256 i, uint256 j, uint256 x, uint256[] memory xp, uint256 amp, uint256 D) private pure returns (uint256) {
        uint256 n = xp.length;
        require(j < n && (i == n || (i != j && i < n)), "index");
        uint256 c = D;
        uint256 S = 0;
        uint256 Ann = amp * n;
        for (uint256 k = 0; k < n; k++) {
            uint256 v;
            if (k == i) v = x;
            else if (k != j) v = xp[k];
            else continue;
            S += v;
            c = c * D / (v * n);
        }
        c = c * D * A_PRECISION / (Ann * n);
        uint256 b = S + D * A_PRECISION / Ann;
        uint256 y = D;
        for (uint256 it = 0; it < 255; it++) {
            uint256 yPrev = y;
            y = (y * y + c) / (2 * y + b - D);
            if (y > yPrev ? y - yPrev <= 1 : yPrev - y <= 1) return y;
        }
        revert("get_y");
    }

    // ------------------------------------------------------------------ exchange

    function exchange(int128 i, int128 j, uint256 _dx, uint256 _min_dy) external nonReentrant returns (uint256) {
        return _exchange(i, j, _dx, _min_dy, msg.sender, false);
    }

    function exchange(int128 i, int128 j, uint256 _dx, uint256 _min_dy, address _receiver) external nonReentrant returns (uint256) {
        return _exchange(i, j, _dx, _min_dy, _receiver, false);
    }

    function exchange_received(int128 i, int128 j, uint256 _dx, uint256 _min_dy) external nonReentrant returns (uint256) {
        return _exchange(i, j, _dx, _min_dy, msg.sender, true);
    }

    function exchange_received(int128 i, int128 j, uint256 _dx, uint256 _min_dy, address _receiver) external nonReentrant returns (uint256) {
        return _exchange(i, j, _dx, _min_dy, _receiver, true);
    }

    function _exchange(int128 i128, int128 j128, uint256 _dx, uint256 _min_dy, address receiver, bool optimistic) private returns (uint256) {
        require(i128 != j128, "same coin");
        require(_dx > 0, "zero");
        require(i128 >= 0 && j128 >= 0 && uint128(i128) < N_COINS && uint128(j128) < N_COINS, "index");
        (uint256 dx, uint256 dy) = _priceAndTake(uint128(i128), uint128(j128), _dx, optimistic);
        require(dy >= _min_dy, "Exchange resulted in fewer coins than expected");
        _transferOut(uint128(j128), dy, receiver);
        emit TokenExchange(msg.sender, i128, dx, j128, dy);
        return dy;
    }

    /// Rates and balances before the input arrives, then the input taken and the output priced.
    function _priceAndTake(uint256 i, uint256 j, uint256 _dx, bool optimistic) private returns (uint256 dx, uint256 dy) {
        uint256[] memory rates = _storedRates();
        uint256[] memory xp = _xpMem(rates, _balances());
        dx = _transferIn(i, _dx, msg.sender, optimistic);
        uint256 x = xp[i] + dx * rates[i] / PRECISION;
        dy = _swapOut(x, xp, rates, i, j);
    }

    function _swapOut(uint256 x, uint256[] memory xp, uint256[] memory rates, uint256 i, uint256 j) private returns (uint256) {
        uint256 amp = _A();
        uint256 D = _getD(xp, amp);
        uint256 y = _solveY(i, j, x, xp, amp, D);
        uint256 dy = xp[j] - y - 1;
        uint256 dyFee = dy * _dynamicFee((xp[i] + x) / 2, (xp[j] + y) / 2, fee) / FEE_DENOMINATOR;
        dy = (dy - dyFee) * PRECISION / rates[j];
        admin_balances[j] += (dyFee * admin_fee / FEE_DENOMINATOR) * PRECISION / rates[j];
        xp[i] = x;
        xp[j] = y;
        _upkeepOracles(xp, amp, D);
        return dy;
    }

    // ------------------------------------------------------------------ liquidity

    function add_liquidity(uint256[] calldata _amounts, uint256 _min_mint_amount) external nonReentrant returns (uint256) {
        return _addLiquidity(_amounts, _min_mint_amount, msg.sender);
    }

    function add_liquidity(uint256[] calldata _amounts, uint256 _min_mint_amount, address _receiver) external nonReentrant returns (uint256) {
        return _addLiquidity(_amounts, _min_mint_amount, _receiver);
    }

    function _addLiquidity(uint256[] calldata amounts, uint256 minMint, address receiver) private returns (uint256) {
        require(receiver != address(0), "receiver");
        require(amounts.length == N_COINS, "amounts");
        uint256 amp = _A();
        uint256[] memory oldBalances = _balances();
        uint256[] memory rates = _storedRates();
        uint256 D0 = _getD(_xpMem(rates, oldBalances), amp);
        uint256 supply = totalSupply_;
        uint256[] memory newBalances = new uint256[](N_COINS);
        for (uint256 i = 0; i < N_COINS; i++) {
            newBalances[i] = oldBalances[i];
            if (amounts[i] > 0) newBalances[i] += _transferIn(i, amounts[i], msg.sender, false);
            else require(supply != 0, "initial deposit requires all coins");
        }
        uint256 D1 = _getD(_xpMem(rates, newBalances), amp);
        require(D1 > D0, "D1 <= D0");
        uint256[] memory fees = new uint256[](N_COINS);
        uint256 minted;
        if (supply > 0) {
            _chargeImbalance(rates, oldBalances, newBalances, fees, D0, D1);
            uint256[] memory xp = _xpMem(rates, newBalances);
            D1 = _getD(xp, amp);
            minted = supply * (D1 - D0) / D0;
            _upkeepOracles(xp, amp, D1);
        } else {
            minted = D1;
            lastDPacked = _pack2(D1, D1);
            uint256 t = ma_last_time;
            if ((t >> 128) < block.timestamp) ma_last_time = _pack2(t & type(uint128).max, block.timestamp);
        }
        require(minted >= minMint, "Slippage screwed you");
        supply += minted;
        balanceOf[receiver] += minted;
        totalSupply_ = supply;
        emit Transfer(address(0), receiver, minted);
        emit AddLiquidity(msg.sender, amounts, fees, D1, supply);
        return minted;
    }

    /// Each coin's fee on its distance from the proportional change (dynamic, on the sums of old and new),
    /// half of it to the admin; `newBalances` left less the fees.
    function _chargeImbalance(uint256[] memory rates, uint256[] memory oldBalances, uint256[] memory newBalances, uint256[] memory fees, uint256 D0, uint256 D1) private {
        uint256 ys = (D0 + D1) / N_COINS;
        uint256 baseFee = _imbalanceBaseFee();
        for (uint256 i = 0; i < N_COINS; i++) {
            uint256 ideal = D1 * oldBalances[i] / D0;
            uint256 nb = newBalances[i];
            uint256 difference = ideal > nb ? ideal - nb : nb - ideal;
            uint256 xs = rates[i] * (oldBalances[i] + nb) / PRECISION;
            fees[i] = _dynamicFee(xs, ys, baseFee) * difference / FEE_DENOMINATOR;
            admin_balances[i] += fees[i] * admin_fee / FEE_DENOMINATOR;
            newBalances[i] -= fees[i];
        }
    }

    function remove_liquidity_one_coin(uint256 _burn_amount, int128 i, uint256 _min_received) external nonReentrant returns (uint256) {
        return _removeOne(_burn_amount, i, _min_received, msg.sender);
    }

    function remove_liquidity_one_coin(uint256 _burn_amount, int128 i, uint256 _min_received, address _receiver) external nonReentrant returns (uint256) {
        return _removeOne(_burn_amount, i, _min_received, _receiver);
    }

    function _removeOne(uint256 burn, int128 i128, uint256 minReceived, address receiver) private returns (uint256) {
        require(burn > 0, "zero");
        (uint256 dy, uint256 dyFee, uint256[] memory xp, uint256 amp, uint256 D) = _calcWithdrawOneCoin(burn, i128);
        require(dy >= minReceived, "Not enough coins removed");
        uint256 i = uint128(i128);
        admin_balances[i] += dyFee * admin_fee / FEE_DENOMINATOR;
        _burnFrom(msg.sender, burn);
        _transferOut(i, dy, receiver);
        emit RemoveLiquidityOne(msg.sender, i128, burn, dy, totalSupply_);
        _upkeepOracles(xp, amp, D);
        return dy;
    }

    function remove_liquidity_imbalance(uint256[] calldata _amounts, uint256 _max_burn_amount) external nonReentrant returns (uint256) {
        return _removeImbalance(_amounts, _max_burn_amount, msg.sender);
    }

    function remove_liquidity_imbalance(uint256[] calldata _amounts, uint256 _max_burn_amount, address _receiver) external nonReentrant returns (uint256) {
        return _removeImbalance(_amounts, _max_burn_amount, _receiver);
    }

    function _removeImbalance(uint256[] calldata amounts, uint256 maxBurn, address receiver) private returns (uint256) {
        require(amounts.length == N_COINS, "amounts");
        (uint256[] memory fees, uint256 D1, uint256 burn, uint256 supply) = _payImbalance(amounts, receiver);
        require(burn > 1, "zero burned");
        require(burn <= maxBurn, "Slippage screwed you");
        _burnFrom(msg.sender, burn);
        emit RemoveLiquidityImbalance(msg.sender, amounts, fees, D1, supply - burn);
        return burn;
    }

    /// Pays `amounts`, charges the imbalance fees, upkeeps the oracles and names the LP to burn.
    function _payImbalance(uint256[] calldata amounts, address receiver) private returns (uint256[] memory fees, uint256 D1, uint256 burn, uint256 supply) {
        uint256 amp = _A();
        uint256[] memory rates = _storedRates();
        uint256[] memory oldBalances = _balances();
        uint256 D0 = _getD(_xpMem(rates, oldBalances), amp);
        uint256[] memory newBalances = new uint256[](N_COINS);
        for (uint256 i = 0; i < N_COINS; i++) {
            newBalances[i] = oldBalances[i];
            if (amounts[i] != 0) {
                newBalances[i] -= amounts[i];
                _transferOut(i, amounts[i], receiver);
            }
        }
        D1 = _getD(_xpMem(rates, newBalances), amp);
        fees = new uint256[](N_COINS);
        _chargeImbalance(rates, oldBalances, newBalances, fees, D0, D1);
        uint256[] memory xp = _xpMem(rates, newBalances);
        D1 = _getD(xp, amp);
        _upkeepOracles(xp, amp, D1);
        supply = totalSupply_;
        burn = (D0 - D1) * supply / D0 + 1;
    }

    function remove_liquidity(uint256 _burn_amount, uint256[] calldata _min_amounts) external nonReentrant returns (uint256[] memory) {
        return _removeLiquidity(_burn_amount, _min_amounts, msg.sender, true);
    }

    function remove_liquidity(uint256 _burn_amount, uint256[] calldata _min_amounts, address _receiver) external nonReentrant returns (uint256[] memory) {
        return _removeLiquidity(_burn_amount, _min_amounts, _receiver, true);
    }

    function remove_liquidity(uint256 _burn_amount, uint256[] calldata _min_amounts, address _receiver, bool _claim_admin_fees) external nonReentrant returns (uint256[] memory) {
        return _removeLiquidity(_burn_amount, _min_amounts, _receiver, _claim_admin_fees);
    }

    function _removeLiquidity(uint256 burn, uint256[] calldata mins, address receiver, bool claim) private returns (uint256[] memory amounts) {
        uint256 supply = totalSupply_;
        require(burn > 0, "zero");
        require(mins.length == N_COINS, "mins");
        uint256[] memory bal = _balances();
        amounts = new uint256[](N_COINS);
        for (uint256 i = 0; i < N_COINS; i++) {
            amounts[i] = bal[i] * burn / supply;
            require(amounts[i] >= mins[i], "Withdrawal resulted in fewer coins than expected");
            _transferOut(i, amounts[i], receiver);
        }
        _burnFrom(msg.sender, burn);
        uint256 t = ma_last_time;
        uint256 packed = lastDPacked;
        uint256 oldD = packed & type(uint128).max;
        lastDPacked = _pack2(oldD - oldD * burn / supply, _movingAverage(packed, D_ma_time, t >> 128));
        if ((t >> 128) < block.timestamp) ma_last_time = _pack2(t & type(uint128).max, block.timestamp);
        emit RemoveLiquidity(msg.sender, amounts, new uint256[](0), supply - burn);
        if (claim) _withdrawAdminFees();
    }

    function withdraw_admin_fees() external nonReentrant {
        _withdrawAdminFees();
    }

    function _withdrawAdminFees() private {
        for (uint256 i = 0; i < N_COINS; i++) {
            uint256 a = admin_balances[i];
            if (a > 0) {
                _transferOut(i, a, fee_receiver);
                admin_balances[i] = 0;
            }
        }
    }

    function _calcWithdrawOneCoin(uint256 burn, int128 i128)
        private view returns (uint256 dy, uint256 dyFee, uint256[] memory xp, uint256 amp, uint256 D1)
    {
        require(i128 >= 0 && uint128(i128) < N_COINS, "index");
        uint256 i = uint128(i128);
        amp = _A();
        uint256[] memory rates = _storedRates();
        xp = _xpMem(rates, _balances());
        uint256 D0 = _getD(xp, amp);
        D1 = D0 - burn * D0 / totalSupply_;
        uint256 newY = _solveY(N_COINS, i, 0, xp, amp, D1);
        uint256[] memory reduced = _reduceForWithdraw(xp, i, newY, D0, D1);
        dy = reduced[i] - _solveY(N_COINS, i, 0, reduced, amp, D1);
        uint256 dy0 = (xp[i] - newY) * PRECISION / rates[i];
        dy = (dy - 1) * PRECISION / rates[i];
        dyFee = dy0 - dy;
        xp[i] = newY;
    }

    function _reduceForWithdraw(uint256[] memory xp, uint256 i, uint256 newY, uint256 D0, uint256 D1) private view returns (uint256[] memory reduced) {
        uint256 baseFee = _imbalanceBaseFee();
        uint256 ys = (D0 + D1) / (2 * N_COINS);
        reduced = new uint256[](N_COINS);
        for (uint256 k = 0; k < N_COINS; k++) {
            uint256 x = xp[k];
            uint256 expected;
            uint256 xavg;
            if (k == i) {
                expected = x * D1 / D0 - newY;
                xavg = (x + newY) / 2;
            } else {
                expected = x - x * D1 / D0;
                xavg = x;
            }
            reduced[k] = x - _dynamicFee(xavg, ys, baseFee) * expected / FEE_DENOMINATOR;
        }
    }

    // ------------------------------------------------------------------ oracles

    function _pack2(uint256 a, uint256 b) private pure returns (uint256) {
        require(a < 2 ** 128 && b < 2 ** 128, "pack");
        return a | (b << 128);
    }

    function _getP(uint256[] memory xp, uint256 amp, uint256 D) private view returns (uint256[] memory p) {
        uint256 n = N_COINS;
        uint256 ANN = amp * n;
        uint256 Dr = D / (n ** n);
        for (uint256 k = 0; k < n; k++) Dr = Dr * D / xp[k];
        p = new uint256[](n - 1);
        uint256 xp0A = ANN * xp[0] / A_PRECISION;
        for (uint256 k = 1; k < n; k++) p[k - 1] = 10 ** 18 * (xp0A + Dr * xp[0] / xp[k]) / (xp0A + Dr);
    }

    function _upkeepOracles(uint256[] memory xp, uint256 amp, uint256 D) private {
        uint256 t = ma_last_time;
        uint256[] memory spot = _getP(xp, amp, D);
        for (uint256 k = 0; k < N_COINS - 1; k++) {
            if (spot[k] != 0) {
                uint256 cur = lastPricesPacked[k];
                lastPricesPacked[k] = _pack2(spot[k] < 2 * 10 ** 18 ? spot[k] : 2 * 10 ** 18, _movingAverage(cur, ma_exp_time, t & type(uint128).max));
            }
        }
        uint256 packed = lastDPacked;
        lastDPacked = _pack2(D, _movingAverage(packed, D_ma_time, t >> 128));
        uint256 t0 = t & type(uint128).max;
        uint256 t1 = t >> 128;
        if (t0 < block.timestamp) t0 = block.timestamp;
        if (t1 < block.timestamp) t1 = block.timestamp;
        ma_last_time = _pack2(t0, t1);
    }

    function _movingAverage(uint256 packed, uint256 window, uint256 lastTime) private view returns (uint256) {
        uint256 spot = packed & type(uint128).max;
        uint256 ema = packed >> 128;
        if (lastTime < block.timestamp) {
            uint256 alpha = _exp(-int256((block.timestamp - lastTime) * 10 ** 18 / window));
            return (spot * (10 ** 18 - alpha) + ema * alpha) / 10 ** 18;
        }
        return ema;
    }

    /// e^(x / 1e18) * 1e18 (the pool's `exp`, after Remco Bloemen's and snekmate's).
    function _exp(int256 x) private pure returns (uint256) {
        if (x <= -41446531673892822313) return 0;
        require(x < 135305999368893231589, "wad_exp overflow");
        unchecked {
            int256 value = (x << 78) / int256(5 ** 18);
            int256 k = ((value << 96) / 54916777467707473351141471128 + 2 ** 95) >> 96;
            value = value - k * 54916777467707473351141471128;
            int256 y = (((value + 1346386616545796478920950773328) * value) >> 96) + 57155421227552351082224309758442;
            int256 p = ((((y + value - 94201549194550492254356042504812) * y) >> 96) + 28719021644029726153956944680412240) * value
                + (4385272521454847904659076985693276 << 96);
            int256 q = (((value - 2855989394907223263936484059900) * value) >> 96) + 50020603652535783019961831881945;
            q = ((q * value) >> 96) - 533845033583426703283633433725380;
            q = ((q * value) >> 96) + 3604857256930695427073651918091429;
            q = ((q * value) >> 96) - 14423608567350463180887372962807573;
            q = ((q * value) >> 96) + 26449188498355588339934803723976023;
            int256 r = p / q;
            return (uint256(r) * 3822833074963236453042738258902158003155416615667) >> uint256(195 - k);
        }
    }

    function last_price(uint256 i) external view returns (uint256) {
        return lastPricesPacked[i] & type(uint128).max;
    }

    function ema_price(uint256 i) external view returns (uint256) {
        return lastPricesPacked[i] >> 128;
    }

    function get_p(uint256 i) external view returns (uint256) {
        uint256 amp = _A();
        uint256[] memory xp = _xpMem(_storedRates(), _balances());
        return _getP(xp, amp, _getD(xp, amp))[i];
    }

    function price_oracle(uint256 i) external view returns (uint256) {
        return _movingAverage(lastPricesPacked[i], ma_exp_time, ma_last_time & type(uint128).max);
    }

    function D_oracle() external view returns (uint256) {
        return _movingAverage(lastDPacked, D_ma_time, ma_last_time >> 128);
    }

    // ------------------------------------------------------------------ views (as Curve's views contract)

    /// `A() * A_PRECISION`: the views contract reads A truncated.
    function _viewAmp() private view returns (uint256) {
        return _A() / A_PRECISION * A_PRECISION;
    }

    function get_dy(int128 i, int128 j, uint256 dx) external view returns (uint256) {
        uint256[] memory rates = _storedRates();
        uint256[] memory xp = _xpMem(rates, _balances());
        require(i >= 0 && j >= 0, "index");
        uint256 ii = uint128(i);
        uint256 jj = uint128(j);
        uint256 amp = _viewAmp();
        uint256 D = _getD(xp, amp);
        uint256 x = xp[ii] + dx * rates[ii] / PRECISION;
        require(ii != jj, "same coin");
        uint256 y = _solveY(ii, jj, x, xp, amp, D);
        uint256 dy = xp[jj] - y - 1;
        uint256 f = _dynamicFee((xp[ii] + x) / 2, (xp[jj] + y) / 2, fee) * dy / FEE_DENOMINATOR;
        return (dy - f) * PRECISION / rates[jj];
    }

    function get_dx(int128 i, int128 j, uint256 dy) external view returns (uint256) {
        uint256[] memory rates = _storedRates();
        uint256[] memory xp = _xpMem(rates, _balances());
        require(i >= 0 && j >= 0, "index");
        uint256 ii = uint128(i);
        uint256 jj = uint128(j);
        uint256 amp = _viewAmp();
        uint256 D = _getD(xp, amp);
        uint256 dyWithFee = dy * rates[jj] / PRECISION + 1;
        uint256 f = _dynamicFee(xp[ii], xp[jj], fee);
        uint256 y = xp[jj] - dyWithFee * FEE_DENOMINATOR / (FEE_DENOMINATOR - f);
        require(ii != jj, "same coin");
        uint256 x = _solveY(jj, ii, y, xp, amp, D);
        return (x - xp[ii]) * PRECISION / rates[ii];
    }

    function calc_token_amount(uint256[] calldata _amounts, bool _is_deposit) external view returns (uint256) {
        uint256 amp = _viewAmp();
        uint256[] memory rates = _storedRates();
        uint256[] memory oldBalances = _balances();
        uint256 D0 = _getD(_xpMem(rates, oldBalances), amp);
        uint256 supply = totalSupply_;
        uint256[] memory newBalances = new uint256[](N_COINS);
        for (uint256 i = 0; i < N_COINS; i++) newBalances[i] = _is_deposit ? oldBalances[i] + _amounts[i] : oldBalances[i] - _amounts[i];
        uint256 D1 = _getD(_xpMem(rates, newBalances), amp);
        if (supply == 0) return D1;
        uint256 ys = (D0 + D1) / N_COINS;
        uint256 baseFee = _imbalanceBaseFee();
        for (uint256 i = 0; i < N_COINS; i++) {
            uint256 ideal = D1 * oldBalances[i] / D0;
            uint256 nb = newBalances[i];
            uint256 difference = ideal > nb ? ideal - nb : nb - ideal;
            uint256 xs = rates[i] * (oldBalances[i] + nb) / PRECISION;
            newBalances[i] -= _dynamicFee(xs, ys, baseFee) * difference / FEE_DENOMINATOR;
        }
        uint256 D2 = _getD(_xpMem(rates, newBalances), amp);
        uint256 diff = _is_deposit ? D2 - D0 : D0 - D2;
        return diff * supply / D0;
    }

    function calc_withdraw_one_coin(uint256 _burn_amount, int128 i) external view returns (uint256) {
        (uint256 dy,,,,) = _calcWithdrawOneCoin(_burn_amount, i);
        return dy;
    }

    function dynamic_fee(int128 i, int128 j) external view returns (uint256) {
        uint256[] memory xp = _xpMem(_storedRates(), _balances());
        return _dynamicFee(xp[uint128(i)], xp[uint128(j)], fee);
    }

    function get_virtual_price() external view returns (uint256) {
        uint256 amp = _A();
        uint256 D = _getD(_xpMem(_storedRates(), _balances()), amp);
        return D * PRECISION / totalSupply_;
    }

    function A() external view returns (uint256) {
        return _A() / A_PRECISION;
    }

    function A_precise() external view returns (uint256) {
        return _A();
    }

    function coins(uint256 i) external view returns (address) {
        return coinList[i];
    }

    function balances(uint256 i) external view returns (uint256) {
        return _balances()[i];
    }

    function get_balances() external view returns (uint256[] memory) {
        return _balances();
    }

    function stored_rates() external view returns (uint256[] memory) {
        return _storedRates();
    }

    function totalSupply() external view returns (uint256) {
        return totalSupply_;
    }

    // ------------------------------------------------------------------ admin

    function ramp_A(uint256 _future_A, uint256 _future_time) external {
        require(msg.sender == admin, "only owner");
        require(block.timestamp >= initial_A_time + MIN_RAMP_TIME, "ramp");
        require(_future_time >= block.timestamp + MIN_RAMP_TIME, "insufficient time");
        uint256 initial = _A();
        uint256 futureP = _future_A * A_PRECISION;
        require(_future_A > 0 && _future_A < MAX_A, "A");
        if (futureP < initial) require(futureP * MAX_A_CHANGE >= initial, "A change");
        else require(futureP <= initial * MAX_A_CHANGE, "A change");
        initial_A = initial;
        future_A = futureP;
        initial_A_time = block.timestamp;
        future_A_time = _future_time;
        emit RampA(initial, futureP, block.timestamp, _future_time);
    }

    function stop_ramp_A() external {
        require(msg.sender == admin, "only owner");
        uint256 current = _A();
        initial_A = current;
        future_A = current;
        initial_A_time = block.timestamp;
        future_A_time = block.timestamp;
        emit StopRampA(current, block.timestamp);
    }

    function set_new_fee(uint256 _new_fee, uint256 _new_offpeg_fee_multiplier) external {
        require(msg.sender == admin, "only owner");
        require(_new_fee <= MAX_FEE, "fee");
        fee = _new_fee;
        require(_new_offpeg_fee_multiplier * _new_fee <= MAX_FEE * FEE_DENOMINATOR, "offpeg multiplier exceeds maximum");
        offpeg_fee_multiplier = _new_offpeg_fee_multiplier;
        emit ApplyNewFee(_new_fee, _new_offpeg_fee_multiplier);
    }

    function set_ma_exp_time(uint256 _ma_exp_time, uint256 _D_ma_time) external {
        require(msg.sender == admin, "only owner");
        require(_ma_exp_time * _D_ma_time > 0, "0 in input values");
        ma_exp_time = _ma_exp_time;
        D_ma_time = _D_ma_time;
        emit SetNewMATime(_ma_exp_time, _D_ma_time);
    }

    // ------------------------------------------------------------------ ERC-20 (the LP token)

    function _burnFrom(address from, uint256 amount) private {
        totalSupply_ -= amount;
        balanceOf[from] -= amount;
        emit Transfer(from, address(0), amount);
    }

    function _transfer(address from, address to, uint256 value) private {
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function transfer(address _to, uint256 _value) external returns (bool) {
        _transfer(msg.sender, _to, _value);
        return true;
    }

    function transferFrom(address _from, address _to, uint256 _value) external returns (bool) {
        uint256 allowed = allowance[_from][msg.sender];
        if (allowed != type(uint256).max) {
            allowance[_from][msg.sender] = allowed - _value;
            emit Approval(_from, msg.sender, allowed - _value);
        }
        _transfer(_from, _to, _value);
        return true;
    }

    function approve(address _spender, uint256 _value) external returns (bool) {
        allowance[msg.sender][_spender] = _value;
        emit Approval(msg.sender, _spender, _value);
        return true;
    }
}
