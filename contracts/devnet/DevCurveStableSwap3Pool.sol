// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IDevCurveToken {
    function totalSupply() external view returns (uint256);
    function mint(address to, uint256 value) external returns (bool);
    function burnFrom(address to, uint256 value) external returns (bool);
}

interface IDevCurveCoin {
    function balanceOf(address account) external view returns (uint256);
    function decimals() external view returns (uint8);
}

/// @title DevCurveStableSwap3Pool
/// @notice OUR implementation, in Solidity, of the external interface and integer math of Curve's
///         StableSwap 3pool (Vyper 0.2.4, DAI/USDC/USDT, mainnet 0xbEbc44782C7dB0a1A60Cb6fe97d0b483032FF1C7),
///         for the devnet: neither npm nor apt ships a Vyper compiler, so Curve's own bytecode cannot be
///         built here. It is not Curve's code. What is kept identical, so that a client written against it
///         serves the real pool unchanged:
///         - the ABI (same names, argument types and return types: `exchange`, `add_liquidity` and the
///           removals return nothing; `coins`, `balances` are indexed getters) and the events;
///         - the math, operation by operation and in the same order (every rounding matters):
///           `get_D` and `get_y`/`get_y_D` Newton iterations with `Ann = A * N`, rate multipliers
///           `10**(36 - decimals)` per coin, the swap fee taken from the output in 1e18 units, the
///           imbalance fee `fee * N / (4 * (N - 1))` on deposits and single-coin withdrawals, the admin
///           share of each fee left out of `balances`, A ramping between `initial_A` and `future_A`;
///         - the third coin's input measured as a balance change (the 3pool's FEE_INDEX, for USDT);
///         - admin functions with the 3pool's delays and bounds (ramp_A, stop_ramp_A, fees, ownership,
///           kill).
///         The rates are computed from the coins' `decimals()` at construction (the 3pool hard-codes them).
contract DevCurveStableSwap3Pool {
    event TokenExchange(address indexed buyer, int128 sold_id, uint256 tokens_sold, int128 bought_id, uint256 tokens_bought);
    event AddLiquidity(address indexed provider, uint256[3] token_amounts, uint256[3] fees, uint256 invariant, uint256 token_supply);
    event RemoveLiquidity(address indexed provider, uint256[3] token_amounts, uint256[3] fees, uint256 token_supply);
    event RemoveLiquidityOne(address indexed provider, uint256 token_amount, uint256 coin_amount);
    event RemoveLiquidityImbalance(address indexed provider, uint256[3] token_amounts, uint256[3] fees, uint256 invariant, uint256 token_supply);
    event CommitNewAdmin(uint256 indexed deadline, address indexed admin);
    event NewAdmin(address indexed admin);
    event CommitNewFee(uint256 indexed deadline, uint256 fee, uint256 admin_fee);
    event NewFee(uint256 fee, uint256 admin_fee);
    event RampA(uint256 old_A, uint256 new_A, uint256 initial_time, uint256 future_time);
    event StopRampA(uint256 A, uint256 t);

    uint256 private constant N_COINS = 3;
    uint256 private constant FEE_DENOMINATOR = 10 ** 10;
    uint256 private constant PRECISION = 10 ** 18;
    uint256 private constant FEE_INDEX = 2;
    uint256 private constant MAX_ADMIN_FEE = 10 * 10 ** 9;
    uint256 private constant MAX_FEE = 5 * 10 ** 9;
    uint256 private constant MAX_A = 10 ** 6;
    uint256 private constant MAX_A_CHANGE = 10;
    uint256 private constant ADMIN_ACTIONS_DELAY = 3 * 86400;
    uint256 private constant MIN_RAMP_TIME = 86400;
    uint256 private constant KILL_DEADLINE_DT = 2 * 30 * 86400;

    address[3] public coins;
    uint256[3] public balances;
    uint256 public fee;
    uint256 public admin_fee;
    address public owner;
    IDevCurveToken private token;

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

    uint256 private immutable rate0;
    uint256 private immutable rate1;
    uint256 private immutable rate2;

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

    constructor(address _owner, address[3] memory _coins, address _pool_token, uint256 _A, uint256 _fee, uint256 _admin_fee) {
        for (uint256 i = 0; i < N_COINS; i++) require(_coins[i] != address(0));
        coins = _coins;
        initial_A = _A;
        future_A = _A;
        fee = _fee;
        admin_fee = _admin_fee;
        owner = _owner;
        killDeadline = block.timestamp + KILL_DEADLINE_DT;
        token = IDevCurveToken(_pool_token);
        rate0 = 10 ** (36 - uint256(IDevCurveCoin(_coins[0]).decimals()));
        rate1 = 10 ** (36 - uint256(IDevCurveCoin(_coins[1]).decimals()));
        rate2 = 10 ** (36 - uint256(IDevCurveCoin(_coins[2]).decimals()));
    }

    // ---------------------------------------------------------------- math

    function _rates() private view returns (uint256[3] memory) {
        return [rate0, rate1, rate2];
    }

    /// @dev Vyper copies arrays on assignment; Solidity's memory assignment aliases them.
    function _copy(uint256[3] memory a) private pure returns (uint256[3] memory b) {
        b = [a[0], a[1], a[2]];
    }

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
        return _A();
    }

    function _xp_mem(uint256[3] memory _balances) private view returns (uint256[3] memory result) {
        result = _rates();
        for (uint256 i = 0; i < N_COINS; i++) result[i] = result[i] * _balances[i] / PRECISION;
    }

    function _xp() private view returns (uint256[3] memory) {
        return _xp_mem(balances);
    }

    function _get_D(uint256[3] memory xp, uint256 amp) private pure returns (uint256) {
        uint256 S = 0;
        for (uint256 k = 0; k < N_COINS; k++) S += xp[k];
        if (S == 0) return 0;
        uint256 Dprev = 0;
        uint256 D = S;
        uint256 Ann = amp * N_COINS;
        for (uint256 it = 0; it < 255; it++) {
            uint256 D_P = D;
            for (uint256 k = 0; k < N_COINS; k++) D_P = D_P * D / (xp[k] * N_COINS);
            Dprev = D;
            D = (Ann * S + D_P * N_COINS) * D / ((Ann - 1) * D + (N_COINS + 1) * D_P);
            if (D > Dprev) {
                if (D - Dprev <= 1) break;
            } else if (Dprev - D <= 1) break;
        }
        return D;
    }

    function _get_D_mem(uint256[3] memory _balances, uint256 amp) private view returns (uint256) {
        return _get_D(_xp_mem(_balances), amp);
    }

    /// @dev Newton iteration for coin `j`'s balance at invariant `D`, the other coins at `xs` (3pool's get_y loop).
    function _solveY(uint256 D, uint256 amp, uint256 j, uint256[3] memory xs) private pure returns (uint256) {
        uint256 c = D;
        uint256 S_ = 0;
        uint256 Ann = amp * N_COINS;
        for (uint256 k = 0; k < N_COINS; k++) {
            if (k == j) continue;
            S_ += xs[k];
            c = c * D / (xs[k] * N_COINS);
        }
        c = c * D / (Ann * N_COINS);
        uint256 b = S_ + D / Ann;
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

    function _get_y(uint256 i, uint256 j, uint256 x, uint256[3] memory xp_) private view returns (uint256) {
        require(i != j); // dev: same coin
        uint256 amp = _A();
        uint256 D = _get_D(xp_, amp);
        uint256[3] memory xs = _copy(xp_);
        xs[i] = x;
        return _solveY(D, amp, j, xs);
    }

    function _get_y_D(uint256 amp, uint256 i, uint256[3] memory xp, uint256 D) private pure returns (uint256) {
        return _solveY(D, amp, i, xp);
    }

    // ---------------------------------------------------------------- views

    function get_virtual_price() external view returns (uint256) {
        uint256 D = _get_D(_xp(), _A());
        return D * PRECISION / token.totalSupply();
    }

    function calc_token_amount(uint256[3] calldata amounts, bool deposit) external view returns (uint256) {
        uint256[3] memory _balances = balances;
        uint256 amp = _A();
        uint256 D0 = _get_D_mem(_balances, amp);
        for (uint256 i = 0; i < N_COINS; i++) {
            if (deposit) _balances[i] += amounts[i];
            else _balances[i] -= amounts[i];
        }
        uint256 D1 = _get_D_mem(_balances, amp);
        uint256 token_amount = token.totalSupply();
        uint256 diff = deposit ? D1 - D0 : D0 - D1;
        return diff * token_amount / D0;
    }

    function get_dy(int128 i, int128 j, uint256 dx) external view returns (uint256) {
        uint256 ii = _idx(i);
        uint256 jj = _idx(j);
        uint256[3] memory rates = _rates();
        uint256[3] memory xp = _xp();
        uint256 x = xp[ii] + (dx * rates[ii] / PRECISION);
        uint256 y = _get_y(ii, jj, x, xp);
        uint256 dy = (xp[jj] - y - 1) * PRECISION / rates[jj];
        uint256 _fee = fee * dy / FEE_DENOMINATOR;
        return dy - _fee;
    }

    function get_dy_underlying(int128 i, int128 j, uint256 dx) external view returns (uint256) {
        uint256 ii = _idx(i);
        uint256 jj = _idx(j);
        uint256[3] memory rates = _rates();
        uint256[3] memory xp = _xp();
        uint256 x = xp[ii] + dx * (rates[ii] / PRECISION);
        uint256 y = _get_y(ii, jj, x, xp);
        uint256 dy = (xp[jj] - y - 1) / (rates[jj] / PRECISION);
        uint256 _fee = fee * dy / FEE_DENOMINATOR;
        return dy - _fee;
    }

    function _calc_withdraw_one_coin(uint256 _token_amount, uint256 i) private view returns (uint256, uint256) {
        uint256 amp = _A();
        uint256 _fee = fee * N_COINS / (4 * (N_COINS - 1));
        uint256 precision_i = _rates()[i] / PRECISION;
        uint256 total_supply = token.totalSupply();
        uint256[3] memory xp = _xp();
        uint256 D0 = _get_D(xp, amp);
        uint256 D1 = D0 - _token_amount * D0 / total_supply;
        uint256 new_y = _get_y_D(amp, i, xp, D1);
        uint256 dy_0 = (xp[i] - new_y) / precision_i;
        uint256[3] memory xp_reduced = _copy(xp);
        for (uint256 j = 0; j < N_COINS; j++) {
            uint256 dx_expected = j == i ? xp[j] * D1 / D0 - new_y : xp[j] - xp[j] * D1 / D0;
            xp_reduced[j] -= _fee * dx_expected / FEE_DENOMINATOR;
        }
        uint256 dy = xp_reduced[i] - _get_y_D(amp, i, xp_reduced, D1);
        dy = (dy - 1) / precision_i;
        return (dy, dy_0 - dy);
    }

    function calc_withdraw_one_coin(uint256 _token_amount, int128 i) external view returns (uint256) {
        (uint256 dy,) = _calc_withdraw_one_coin(_token_amount, _idx(i));
        return dy;
    }

    function admin_balances(uint256 i) external view returns (uint256) {
        return IDevCurveCoin(coins[i]).balanceOf(address(this)) - balances[i];
    }

    // ---------------------------------------------------------------- trading and liquidity

    function add_liquidity(uint256[3] calldata amounts, uint256 min_mint_amount) external nonReentrant {
        require(!isKilled); // dev: is killed
        uint256[3] memory fees;
        uint256 amp = _A();
        uint256 token_supply = token.totalSupply();
        uint256 D0 = 0;
        uint256[3] memory old_balances = balances;
        if (token_supply > 0) D0 = _get_D_mem(old_balances, amp);
        uint256[3] memory new_balances = _copy(old_balances);
        for (uint256 i = 0; i < N_COINS; i++) {
            uint256 in_amount = amounts[i];
            if (token_supply == 0) require(in_amount > 0); // dev: initial deposit requires all coins
            if (in_amount > 0) {
                address in_coin = coins[i];
                if (i == FEE_INDEX) in_amount = IDevCurveCoin(in_coin).balanceOf(address(this));
                _safeTransferFrom(in_coin, msg.sender, amounts[i]);
                if (i == FEE_INDEX) in_amount = IDevCurveCoin(in_coin).balanceOf(address(this)) - in_amount;
            }
            new_balances[i] = old_balances[i] + in_amount;
        }
        uint256 D1 = _get_D_mem(new_balances, amp);
        require(D1 > D0);
        uint256 D2 = D1;
        if (token_supply > 0) {
            fees = _chargeImbalanceFees(old_balances, new_balances, D0, D1);
            D2 = _get_D_mem(new_balances, amp);
        } else {
            balances = new_balances;
        }
        uint256 mint_amount = token_supply == 0 ? D1 : token_supply * (D2 - D0) / D0;
        require(mint_amount >= min_mint_amount, "Slippage screwed you");
        token.mint(msg.sender, mint_amount);
        emit AddLiquidity(msg.sender, amounts, fees, D1, token_supply + mint_amount);
    }

    function exchange(int128 i, int128 j, uint256 dx, uint256 min_dy) external nonReentrant {
        require(!isKilled); // dev: is killed
        uint256 ii = _idx(i);
        uint256 jj = _idx(j);
        uint256[3] memory old_balances = balances;
        uint256 dx_w_fee = dx;
        address input_coin = coins[ii];
        if (ii == FEE_INDEX) dx_w_fee = IDevCurveCoin(input_coin).balanceOf(address(this));
        _safeTransferFrom(input_coin, msg.sender, dx);
        if (ii == FEE_INDEX) dx_w_fee = IDevCurveCoin(input_coin).balanceOf(address(this)) - dx_w_fee;
        (uint256 dy, uint256 dy_admin_fee) = _exchangeOut(ii, jj, dx_w_fee, old_balances);
        require(dy >= min_dy, "Exchange resulted in fewer coins than expected");
        balances[ii] = old_balances[ii] + dx_w_fee;
        // When rounding errors happen, we undercharge admin fee in favor of LP
        balances[jj] = old_balances[jj] - dy - dy_admin_fee;
        _safeTransfer(coins[jj], msg.sender, dy);
        emit TokenExchange(msg.sender, i, dx, j, dy);
    }

    /// @dev The 3pool's exchange arithmetic: output in coin units after the fee, and the admin share of the fee.
    function _exchangeOut(uint256 ii, uint256 jj, uint256 dx_w_fee, uint256[3] memory old_balances) private view returns (uint256 dy, uint256 dy_admin_fee) {
        uint256[3] memory rates = _rates();
        uint256[3] memory xp = _xp_mem(old_balances);
        uint256 x = xp[ii] + dx_w_fee * rates[ii] / PRECISION;
        uint256 y = _get_y(ii, jj, x, xp);
        dy = xp[jj] - y - 1; // -1 just in case there were some rounding errors
        uint256 dy_fee = dy * fee / FEE_DENOMINATOR;
        dy = (dy - dy_fee) * PRECISION / rates[jj];
        dy_admin_fee = dy_fee * admin_fee / FEE_DENOMINATOR;
        dy_admin_fee = dy_admin_fee * PRECISION / rates[jj];
    }

    function remove_liquidity(uint256 _amount, uint256[3] calldata min_amounts) external nonReentrant {
        uint256 total_supply = token.totalSupply();
        uint256[3] memory amounts;
        uint256[3] memory fees;
        for (uint256 i = 0; i < N_COINS; i++) {
            uint256 value = balances[i] * _amount / total_supply;
            require(value >= min_amounts[i], "Withdrawal resulted in fewer coins than expected");
            balances[i] -= value;
            amounts[i] = value;
            _safeTransfer(coins[i], msg.sender, value);
        }
        token.burnFrom(msg.sender, _amount); // dev: insufficient funds
        emit RemoveLiquidity(msg.sender, amounts, fees, total_supply - _amount);
    }

    function remove_liquidity_imbalance(uint256[3] calldata amounts, uint256 max_burn_amount) external nonReentrant {
        require(!isKilled); // dev: is killed
        uint256 token_supply = token.totalSupply();
        require(token_supply != 0); // dev: zero total supply
        uint256 amp = _A();
        uint256[3] memory old_balances = balances;
        uint256[3] memory new_balances = _copy(old_balances);
        uint256 D0 = _get_D_mem(old_balances, amp);
        for (uint256 i = 0; i < N_COINS; i++) new_balances[i] -= amounts[i];
        uint256 D1 = _get_D_mem(new_balances, amp);
        uint256[3] memory fees = _chargeImbalanceFees(old_balances, new_balances, D0, D1);
        uint256 D2 = _get_D_mem(new_balances, amp);
        uint256 token_amount = (D0 - D2) * token_supply / D0;
        require(token_amount != 0); // dev: zero tokens burned
        token_amount += 1; // In case of rounding errors - make it unfavorable for the "attacker"
        require(token_amount <= max_burn_amount, "Slippage screwed you");
        token.burnFrom(msg.sender, token_amount); // dev: insufficient funds
        for (uint256 i = 0; i < N_COINS; i++) if (amounts[i] != 0) _safeTransfer(coins[i], msg.sender, amounts[i]);
        emit RemoveLiquidityImbalance(msg.sender, amounts, fees, D1, token_supply - token_amount);
    }

    function remove_liquidity_one_coin(uint256 _token_amount, int128 i, uint256 min_amount) external nonReentrant {
        require(!isKilled); // dev: is killed
        uint256 ii = _idx(i);
        (uint256 dy, uint256 dy_fee) = _calc_withdraw_one_coin(_token_amount, ii);
        require(dy >= min_amount, "Not enough coins removed");
        balances[ii] -= (dy + dy_fee * admin_fee / FEE_DENOMINATOR);
        token.burnFrom(msg.sender, _token_amount); // dev: insufficient funds
        _safeTransfer(coins[ii], msg.sender, dy);
        emit RemoveLiquidityOne(msg.sender, _token_amount, dy);
    }

    /// @dev The imbalance fee of a deposit or an imbalanced withdrawal, as the 3pool charges it: each coin pays
    ///      `fee * N / (4 * (N - 1))` on its distance from the ideal (proportional) balance; the admin share
    ///      leaves `balances`, and `new_balances` (memory, updated in place) loses the whole fee.
    function _chargeImbalanceFees(uint256[3] memory old_balances, uint256[3] memory new_balances, uint256 D0, uint256 D1) private returns (uint256[3] memory fees) {
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
        require(_future_A > 0 && _future_A < MAX_A);
        require(
            (_future_A >= _initial_A && _future_A <= _initial_A * MAX_A_CHANGE)
                || (_future_A < _initial_A && _future_A * MAX_A_CHANGE >= _initial_A)
        );
        initial_A = _initial_A;
        future_A = _future_A;
        initial_A_time = block.timestamp;
        future_A_time = _future_time;
        emit RampA(_initial_A, _future_A, block.timestamp, _future_time);
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
            uint256 value = IDevCurveCoin(c).balanceOf(address(this)) - balances[i];
            if (value > 0) _safeTransfer(c, msg.sender, value);
        }
    }

    function donate_admin_fees() external onlyOwner {
        for (uint256 i = 0; i < N_COINS; i++) balances[i] = IDevCurveCoin(coins[i]).balanceOf(address(this));
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
}
