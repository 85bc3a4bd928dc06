// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IDevCurveStEthToken {
    function totalSupply() external view returns (uint256);
    function mint(address to, uint256 value) external returns (bool);
    function burnFrom(address to, uint256 value) external returns (bool);
}

interface IDevCurveStEthCoin {
    function balanceOf(address account) external view returns (uint256);
}

/// @title DevCurveStableSwapSTETH
/// @notice OUR implementation, in Solidity, of the external interface and integer math of Curve's ETH/stETH
///         StableSwap pool (Vyper 0.2.8, mainnet 0xDC24316b9AE028F1497c275EB9192a3Ea0f67022, LP token steCRV),
///         for the devnet: neither npm nor apt ships a Vyper compiler, so Curve's own bytecode cannot be built
///         here. It is not Curve's code. What is kept identical, so that a client written against it serves the
///         real pool unchanged:
///         - the ABI: coin 0 is the native coin (`coins(0)` = 0xEeee…EEeE), coin 1 stETH; `exchange` and
///           `add_liquidity` are payable (`msg.value` must equal the ETH amount) and, like the removals, return
///           what they paid or minted; `balances(i)` is a view, `A()` and `A_precise()`, `admin_balances(i)`,
///           `lp_token()`; the same events;
///         - the accounting: the pool stores no balances, it reads them (`self.balance`, less `msg.value`
///           inside a payable call, and stETH's `balanceOf(this)`) less the admin balances; so when stETH
///           delivers 1–2 wei less than a transfer names (share rounding), the pool's next state sees what
///           actually arrived, while the trade itself is priced on the amount named, as Curve's pool does;
///         - the math, operation by operation: `A` stored times `A_PRECISION` (100), `get_D` with
///           `D_P * D / (x * N + 1)`, `get_y`/`get_y_D` with `c = c * D * A_PRECISION / (Ann * N)` and
///           `b = S + D * A_PRECISION / Ann`, the fee taken from the output, the admin share of swap and
///           deposit fees added to `admin_balances`, a single-coin withdrawal paying `dy - 1` and charging no
///           admin fee;
///         - ETH paid out by a raw call to the caller (`msg.sender`), stETH by `transfer`;
///         - admin functions with the pool's delays and bounds (ramp_A, fees, ownership, kill).
contract DevCurveStableSwapSTETH {
    event TokenExchange(address indexed buyer, int128 sold_id, uint256 tokens_sold, int128 bought_id, uint256 tokens_bought);
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

    address private constant ETH = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    uint256 private constant N_COINS = 2;
    uint256 private constant FEE_DENOMINATOR = 10 ** 10;
    uint256 private constant PRECISION = 10 ** 18;
    uint256 private constant MAX_ADMIN_FEE = 10 * 10 ** 9;
    uint256 private constant MAX_FEE = 5 * 10 ** 9;
    uint256 private constant MAX_A = 10 ** 6;
    uint256 private constant MAX_A_CHANGE = 10;
    uint256 private constant A_PRECISION = 100;
    uint256 private constant ADMIN_ACTIONS_DELAY = 3 * 86400;
    uint256 private constant MIN_RAMP_TIME = 86400;
    uint256 private constant KILL_DEADLINE_DT = 2 * 30 * 86400;

    address[2] public coins;
    uint256[2] public admin_balances;
    uint256 public fee;
    uint256 public admin_fee;
    address public owner;
    address public lp_token;

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

    /// @param _coins [0xEeee…EEeE, stETH]
    /// @param _A amplification without its precision (stored times 100)
    constructor(address _owner, address[2] memory _coins, address _pool_token, uint256 _A, uint256 _fee, uint256 _admin_fee) {
        for (uint256 i = 0; i < N_COINS; i++) require(_coins[i] != address(0));
        coins = _coins;
        initial_A = _A * A_PRECISION;
        future_A = _A * A_PRECISION;
        fee = _fee;
        admin_fee = _admin_fee;
        owner = _owner;
        killDeadline = block.timestamp + KILL_DEADLINE_DT;
        lp_token = _pool_token;
    }

    // ---------------------------------------------------------------- math

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

    /// @dev What the pool holds less the admin balances; `_value` (the call's msg.value) is not counted yet.
    function _balances(uint256 _value) private view returns (uint256[2] memory) {
        return [address(this).balance - admin_balances[0] - _value, IDevCurveStEthCoin(coins[1]).balanceOf(address(this)) - admin_balances[1]];
    }

    function balances(uint256 i) external view returns (uint256) {
        return _balances(0)[i];
    }

    function _get_D(uint256[2] memory xp, uint256 amp) private pure returns (uint256) {
        uint256 S = xp[0] + xp[1];
        if (S == 0) return 0;
        uint256 D = S;
        uint256 Ann = amp * N_COINS;
        for (uint256 it = 0; it < 255; it++) {
            uint256 D_P = D;
            for (uint256 k = 0; k < N_COINS; k++) D_P = D_P * D / (xp[k] * N_COINS + 1); // +1 is to prevent /0
            uint256 Dprev = D;
            D = (Ann * S / A_PRECISION + D_P * N_COINS) * D / ((Ann - A_PRECISION) * D / A_PRECISION + (N_COINS + 1) * D_P);
            if (D > Dprev) {
                if (D - Dprev <= 1) return D;
            } else if (Dprev - D <= 1) return D;
        }
        revert();
    }

    /// @dev Coin `j`'s balance at invariant `D` with the other coin at `x` (the pool's get_y / get_y_D loop).
    function _solveY(uint256 D, uint256 amp, uint256 x) private pure returns (uint256) {
        uint256 Ann = amp * N_COINS;
        uint256 c = D * D / (x * N_COINS);
        c = c * D * A_PRECISION / (Ann * N_COINS);
        uint256 b = x + D * A_PRECISION / Ann;
        uint256 y = D;
        for (uint256 it = 0; it < 255; it++) {
            uint256 y_prev = y;
            y = (y * y + c) / (2 * y + b - D);
            if (y > y_prev) {
                if (y - y_prev <= 1) return y;
            } else if (y_prev - y <= 1) return y;
        }
        revert();
    }

    function _get_y(uint256 i, uint256 j, uint256 x, uint256[2] memory xp) private view returns (uint256) {
        require(i != j); // dev: same coin
        uint256 amp = _A();
        uint256 D = _get_D(xp, amp);
        return _solveY(D, amp, x);
    }

    function _idx(int128 i) private pure returns (uint256) {
        require(i >= 0 && i < int128(int256(N_COINS)));
        return uint256(int256(i));
    }

    // ---------------------------------------------------------------- views

    function get_virtual_price() external view returns (uint256) {
        uint256 D = _get_D(_balances(0), _A());
        return D * PRECISION / IDevCurveStEthToken(lp_token).totalSupply();
    }

    function calc_token_amount(uint256[2] calldata amounts, bool is_deposit) external view returns (uint256) {
        uint256 amp = _A();
        uint256[2] memory bal = _balances(0);
        uint256 D0 = _get_D(bal, amp);
        for (uint256 i = 0; i < N_COINS; i++) {
            if (is_deposit) bal[i] += amounts[i];
            else bal[i] -= amounts[i];
        }
        uint256 D1 = _get_D(bal, amp);
        uint256 token_amount = IDevCurveStEthToken(lp_token).totalSupply();
        uint256 diff = is_deposit ? D1 - D0 : D0 - D1;
        return diff * token_amount / D0;
    }

    function get_dy(int128 i, int128 j, uint256 dx) external view returns (uint256) {
        uint256 ii = _idx(i);
        uint256 jj = _idx(j);
        uint256[2] memory xp = _balances(0);
        uint256 x = xp[ii] + dx;
        uint256 y = _get_y(ii, jj, x, xp);
        uint256 dy = xp[jj] - y - 1;
        uint256 _fee = fee * dy / FEE_DENOMINATOR;
        return dy - _fee;
    }

    function _calc_withdraw_one_coin(uint256 _token_amount, uint256 i) private view returns (uint256) {
        uint256 amp = _A();
        uint256[2] memory xp = _balances(0);
        uint256 D0 = _get_D(xp, amp);
        uint256 total_supply = IDevCurveStEthToken(lp_token).totalSupply();
        uint256 D1 = D0 - _token_amount * D0 / total_supply;
        uint256 other = 1 - i;
        uint256 new_y = _solveY(D1, amp, xp[other]);
        uint256 _fee = fee * N_COINS / (4 * (N_COINS - 1));
        uint256[2] memory xp_reduced = [xp[0], xp[1]];
        for (uint256 j = 0; j < N_COINS; j++) {
            uint256 dx_expected = j == i ? xp[j] * D1 / D0 - new_y : xp[j] - xp[j] * D1 / D0;
            xp_reduced[j] -= _fee * dx_expected / FEE_DENOMINATOR;
        }
        uint256 dy = xp_reduced[i] - _solveY(D1, amp, xp_reduced[other]);
        return dy - 1;
    }

    function calc_withdraw_one_coin(uint256 _token_amount, int128 i) external view returns (uint256) {
        return _calc_withdraw_one_coin(_token_amount, _idx(i));
    }

    // ---------------------------------------------------------------- trading and liquidity

    function add_liquidity(uint256[2] calldata amounts, uint256 min_mint_amount) external payable nonReentrant returns (uint256) {
        require(!isKilled); // dev: is killed
        uint256 amp = _A();
        uint256[2] memory old_balances = _balances(msg.value);
        uint256 D0 = _get_D(old_balances, amp);
        address lp = lp_token;
        uint256 token_supply = IDevCurveStEthToken(lp).totalSupply();
        uint256[2] memory new_balances;
        for (uint256 i = 0; i < N_COINS; i++) {
            if (token_supply == 0) require(amounts[i] > 0); // dev: initial deposit requires all coins
            new_balances[i] = old_balances[i] + amounts[i];
        }
        uint256 D1 = _get_D(new_balances, amp);
        require(D1 > D0);
        uint256[2] memory fees;
        uint256 mint_amount;
        if (token_supply > 0) {
            fees = _chargeImbalanceFees(old_balances, new_balances, D0, D1);
            mint_amount = token_supply * (_get_D(new_balances, amp) - D0) / D0;
        } else {
            mint_amount = D1; // Take the dust if there was any
        }
        require(mint_amount >= min_mint_amount, "Slippage screwed you");
        require(msg.value == amounts[0]);
        if (amounts[1] > 0) _safeTransferFrom(coins[1], msg.sender, amounts[1]);
        IDevCurveStEthToken(lp).mint(msg.sender, mint_amount);
        emit AddLiquidity(msg.sender, amounts, fees, D1, token_supply + mint_amount);
        return mint_amount;
    }

    function exchange(int128 i, int128 j, uint256 dx, uint256 min_dy) external payable nonReentrant returns (uint256) {
        require(!isKilled); // dev: is killed
        uint256 ii = _idx(i);
        uint256 jj = _idx(j);
        uint256[2] memory xp = _balances(msg.value);
        uint256 x = xp[ii] + dx;
        uint256 y = _get_y(ii, jj, x, xp);
        uint256 dy = xp[jj] - y - 1; // -1 just in case there were some rounding errors
        uint256 dy_fee = dy * fee / FEE_DENOMINATOR;
        dy = dy - dy_fee;
        require(dy >= min_dy, "Exchange resulted in fewer coins than expected");
        uint256 _admin_fee = admin_fee;
        if (_admin_fee != 0) {
            uint256 dy_admin_fee = dy_fee * _admin_fee / FEE_DENOMINATOR;
            if (dy_admin_fee != 0) admin_balances[jj] += dy_admin_fee;
        }
        if (ii == 0) {
            require(msg.value == dx);
        } else {
            require(msg.value == 0);
            _safeTransferFrom(coins[ii], msg.sender, dx);
        }
        _pay(jj, msg.sender, dy);
        emit TokenExchange(msg.sender, i, dx, j, dy);
        return dy;
    }

    function remove_liquidity(uint256 _amount, uint256[2] calldata _min_amounts) external nonReentrant returns (uint256[2] memory amounts) {
        amounts = _balances(0);
        address lp = lp_token;
        uint256 total_supply = IDevCurveStEthToken(lp).totalSupply();
        IDevCurveStEthToken(lp).burnFrom(msg.sender, _amount); // dev: insufficient funds
        for (uint256 i = 0; i < N_COINS; i++) {
            uint256 value = amounts[i] * _amount / total_supply;
            require(value >= _min_amounts[i], "Withdrawal resulted in fewer coins than expected");
            amounts[i] = value;
            _pay(i, msg.sender, value);
        }
        uint256[2] memory noFees;
        emit RemoveLiquidity(msg.sender, amounts, noFees, total_supply - _amount);
    }

    function remove_liquidity_imbalance(uint256[2] calldata _amounts, uint256 _max_burn_amount) external nonReentrant returns (uint256) {
        require(!isKilled); // dev: is killed
        uint256 amp = _A();
        uint256[2] memory old_balances = _balances(0);
        uint256 D0 = _get_D(old_balances, amp);
        uint256[2] memory new_balances = [old_balances[0] - _amounts[0], old_balances[1] - _amounts[1]];
        uint256 D1 = _get_D(new_balances, amp);
        address lp = lp_token;
        uint256 token_supply = IDevCurveStEthToken(lp).totalSupply();
        require(token_supply != 0); // dev: zero total supply
        uint256[2] memory fees = _chargeImbalanceFees(old_balances, new_balances, D0, D1);
        uint256 token_amount = (D0 - _get_D(new_balances, amp)) * token_supply / D0;
        require(token_amount != 0); // dev: zero tokens burned
        require(token_amount <= _max_burn_amount, "Slippage screwed you");
        IDevCurveStEthToken(lp).burnFrom(msg.sender, token_amount); // dev: insufficient funds
        for (uint256 i = 0; i < N_COINS; i++) if (_amounts[i] != 0) _pay(i, msg.sender, _amounts[i]);
        emit RemoveLiquidityImbalance(msg.sender, _amounts, fees, D1, token_supply - token_amount);
        return token_amount;
    }

    /// @dev Each coin pays `fee * N / (4 * (N - 1))` on its distance from the proportional balance; the admin
    ///      share joins `admin_balances`, and `new_balances` (memory, updated in place) loses the whole fee.
    function _chargeImbalanceFees(uint256[2] memory old_balances, uint256[2] memory new_balances, uint256 D0, uint256 D1) private returns (uint256[2] memory fees) {
        uint256 _fee = fee * N_COINS / (4 * (N_COINS - 1));
        uint256 _admin_fee = admin_fee;
        for (uint256 i = 0; i < N_COINS; i++) {
            uint256 ideal_balance = D1 * old_balances[i] / D0;
            uint256 difference = ideal_balance > new_balances[i] ? ideal_balance - new_balances[i] : new_balances[i] - ideal_balance;
            fees[i] = _fee * difference / FEE_DENOMINATOR;
            if (_admin_fee != 0) admin_balances[i] += fees[i] * _admin_fee / FEE_DENOMINATOR;
            new_balances[i] -= fees[i];
        }
    }

    function remove_liquidity_one_coin(uint256 _token_amount, int128 i, uint256 _min_amount) external nonReentrant returns (uint256) {
        require(!isKilled); // dev: is killed
        uint256 ii = _idx(i);
        uint256 dy = _calc_withdraw_one_coin(_token_amount, ii);
        require(dy >= _min_amount, "Not enough coins removed");
        IDevCurveStEthToken(lp_token).burnFrom(msg.sender, _token_amount); // dev: insufficient funds
        _pay(ii, msg.sender, dy);
        emit RemoveLiquidityOne(msg.sender, _token_amount, dy);
        return dy;
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

    function apply_new_fee() external onlyOwner nonReentrant {
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

    function apply_transfer_ownership() external onlyOwner nonReentrant {
        require(block.timestamp >= transfer_ownership_deadline); // dev: insufficient time
        require(transfer_ownership_deadline != 0); // dev: no active transfer
        transfer_ownership_deadline = 0;
        owner = future_owner;
        emit NewAdmin(owner);
    }

    function revert_transfer_ownership() external onlyOwner {
        transfer_ownership_deadline = 0;
    }

    function withdraw_admin_fees() external onlyOwner nonReentrant {
        for (uint256 i = 0; i < N_COINS; i++) {
            uint256 value = admin_balances[i];
            if (value != 0) {
                admin_balances[i] = 0;
                _pay(i, msg.sender, value);
            }
        }
    }

    function donate_admin_fees() external onlyOwner {
        admin_balances = [uint256(0), uint256(0)];
    }

    function kill_me() external onlyOwner {
        require(killDeadline > block.timestamp); // dev: deadline has passed
        isKilled = true;
    }

    function unkill_me() external onlyOwner {
        isKilled = false;
    }

    // ---------------------------------------------------------------- transfers

    /// @dev Coin `i` to `to`: the native coin by a raw call (the receiver runs code), stETH by `transfer`.
    function _pay(uint256 i, address to, uint256 value) private {
        if (coins[i] == ETH) {
            (bool ok,) = to.call{value: value}("");
            require(ok);
        } else {
            _safeTransfer(coins[i], to, value);
        }
    }

    function _safeTransferFrom(address coin, address from, uint256 value) private {
        (bool ok, bytes memory ret) = coin.call(abi.encodeWithSignature("transferFrom(address,address,uint256)", from, address(this), value));
        require(ok && (ret.length == 0 || abi.decode(ret, (bool)))); // dev: failed transfer
    }

    function _safeTransfer(address coin, address to, uint256 value) private {
        (bool ok, bytes memory ret) = coin.call(abi.encodeWithSignature("transfer(address,uint256)", to, value));
        require(ok && (ret.length == 0 || abi.decode(ret, (bool)))); // dev: failed transfer
    }
}
