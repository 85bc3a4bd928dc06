// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IDevCurveGaugeErc20 {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// @title DevCurveLiquidityGauge
/// @notice OUR implementation, in Solidity, of the public interface of a Curve liquidity gauge (the
///         LiquidityGaugeV2/V3/V4 family; on mainnet the steCRV gauge 0x182B723a58739a9c974cFDB385ceaDb237453c28),
///         for the devnet: no Vyper compiler is available here, so Curve's own bytecode cannot be built. It is
///         not Curve's code. Kept from Curve's interface: `deposit(_value[, _addr[, _claim_rewards]])` (the LP
///         token pulled from the caller, the gauge token credited to `_addr`), `withdraw(_value[, _claim_rewards])`,
///         a transferable gauge token (ERC-20, 18 decimals, transfers checkpoint both sides), `lp_token`,
///         `minter`, `crv_token`, `integrate_fraction(addr)` and `user_checkpoint(addr)` read by the Minter,
///         `claimable_tokens(addr)`, extra rewards as in LiquidityGaugeV4 (`reward_count`, `reward_tokens(i)`,
///         `reward_data(token)`, `add_reward`, `set_reward_distributor`, `deposit_reward_token` spreading an
///         amount over a week, `claimable_reward(addr, token)`, `claimed_reward`, `claim_rewards([_addr[,
///         _receiver]])`, `rewards_receiver` and `set_rewards_receiver`).
///         Simplified, and said so: CRV accrues at a flat `inflation_rate` per second set by the admin (Curve
///         derives it from CRV's emission and the GaugeController's weights) and without the veCRV boost (the
///         working balance is the balance); `claimable_tokens` is a view (Curve's checkpoints first, same
///         result); CRV itself is paid by the Minter (DevCurveMinter), as in Curve.
contract DevCurveLiquidityGauge {
    event Deposit(address indexed provider, uint256 value);
    event Withdraw(address indexed provider, uint256 value);
    event Transfer(address indexed _from, address indexed _to, uint256 _value);
    event Approval(address indexed _owner, address indexed _spender, uint256 _value);

    struct Reward {
        address distributor;
        uint256 period_finish;
        uint256 rate;
        uint256 last_update;
        uint256 integral;
    }

    uint256 private constant MAX_REWARDS = 8;
    uint256 private constant WEEK = 604800;

    string public name;
    string public symbol;
    uint256 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    address public immutable lp_token;
    address public immutable minter;
    address public immutable crv_token;
    address public admin;

    /// CRV per second to the whole gauge (flat; see the contract's notice).
    uint256 public inflation_rate;
    uint256 public period_timestamp;
    /// CRV per gauge token accrued so far, times 1e18.
    uint256 public integrate_inv_supply;
    mapping(address => uint256) public integrate_inv_supply_of;
    /// CRV accrued to each account since it first deposited (the Minter pays the part not yet minted).
    mapping(address => uint256) public integrate_fraction;

    uint256 public reward_count;
    address[MAX_REWARDS] public reward_tokens;
    mapping(address => Reward) public reward_data;
    mapping(address => address) public rewards_receiver;
    /// reward token => account => integral at its last checkpoint
    mapping(address => mapping(address => uint256)) public reward_integral_for;
    /// account => reward token => claimable (stored) and claimed so far
    mapping(address => mapping(address => uint256)) private claimData;
    mapping(address => mapping(address => uint256)) public claimed_reward;

    bool private locked;

    modifier nonReentrant() {
        require(!locked);
        locked = true;
        _;
        locked = false;
    }

    constructor(address _lp_token, address _minter, address _crv_token, address _admin, string memory _name, string memory _symbol) {
        lp_token = _lp_token;
        minter = _minter;
        crv_token = _crv_token;
        admin = _admin;
        name = _name;
        symbol = _symbol;
        period_timestamp = block.timestamp;
    }

    // ---------------------------------------------------------------- accrual

    function _crvIntegral() private view returns (uint256) {
        uint256 supply = totalSupply;
        if (supply == 0 || block.timestamp <= period_timestamp) return integrate_inv_supply;
        return integrate_inv_supply + inflation_rate * (block.timestamp - period_timestamp) * 1e18 / supply;
    }

    function _rewardIntegral(address token) private view returns (uint256) {
        Reward storage r = reward_data[token];
        uint256 last = block.timestamp < r.period_finish ? block.timestamp : r.period_finish;
        uint256 supply = totalSupply;
        if (supply == 0 || last <= r.last_update) return r.integral;
        return r.integral + (last - r.last_update) * r.rate * 1e18 / supply;
    }

    /// @dev Brings CRV and every reward integral to now and credits `addr` (when not zero) what it earned.
    function _checkpoint(address addr) private {
        uint256 crvIntegral = _crvIntegral();
        integrate_inv_supply = crvIntegral;
        period_timestamp = block.timestamp;
        for (uint256 k = 0; k < reward_count; k++) {
            address token = reward_tokens[k];
            Reward storage r = reward_data[token];
            r.integral = _rewardIntegral(token);
            r.last_update = block.timestamp < r.period_finish ? block.timestamp : r.period_finish;
        }
        if (addr == address(0)) return;
        uint256 balance = balanceOf[addr];
        integrate_fraction[addr] += balance * (crvIntegral - integrate_inv_supply_of[addr]) / 1e18;
        integrate_inv_supply_of[addr] = crvIntegral;
        for (uint256 k = 0; k < reward_count; k++) {
            address token = reward_tokens[k];
            uint256 integral = reward_data[token].integral;
            claimData[addr][token] += balance * (integral - reward_integral_for[token][addr]) / 1e18;
            reward_integral_for[token][addr] = integral;
        }
    }

    /// @dev Pays `addr`'s accrued extra rewards to `receiver` (checkpointed first).
    function _claim(address addr, address receiver) private {
        for (uint256 k = 0; k < reward_count; k++) {
            address token = reward_tokens[k];
            uint256 amount = claimData[addr][token];
            if (amount == 0) continue;
            claimData[addr][token] = 0;
            claimed_reward[addr][token] += amount;
            require(IDevCurveGaugeErc20(token).transfer(receiver, amount));
        }
    }

    function _receiverOf(address addr) private view returns (address) {
        address r = rewards_receiver[addr];
        return r == address(0) ? addr : r;
    }

    // ---------------------------------------------------------------- views

    /// @notice CRV the Minter would pay `addr` now.
    function claimable_tokens(address addr) external view returns (uint256) {
        uint256 accrued = integrate_fraction[addr] + balanceOf[addr] * (_crvIntegral() - integrate_inv_supply_of[addr]) / 1e18;
        return accrued - DevCurveMinterView(minter).minted(addr, address(this));
    }

    /// @notice Extra reward `token` that `claim_rewards` would pay `addr` now.
    function claimable_reward(address addr, address token) external view returns (uint256) {
        return claimData[addr][token] + balanceOf[addr] * (_rewardIntegral(token) - reward_integral_for[token][addr]) / 1e18;
    }

    // ---------------------------------------------------------------- LP in and out

    function deposit(uint256 _value) external {
        _deposit(_value, msg.sender, false);
    }

    function deposit(uint256 _value, address _addr) external {
        _deposit(_value, _addr, false);
    }

    function deposit(uint256 _value, address _addr, bool _claim_rewards) external {
        _deposit(_value, _addr, _claim_rewards);
    }

    function _deposit(uint256 _value, address _addr, bool _claim_rewards) private nonReentrant {
        _checkpoint(_addr);
        if (_claim_rewards) _claim(_addr, _receiverOf(_addr));
        if (_value != 0) {
            totalSupply += _value;
            balanceOf[_addr] += _value;
            require(IDevCurveGaugeErc20(lp_token).transferFrom(msg.sender, address(this), _value));
        }
        emit Deposit(_addr, _value);
        emit Transfer(address(0), _addr, _value);
    }

    function withdraw(uint256 _value) external {
        _withdraw(_value, false);
    }

    function withdraw(uint256 _value, bool _claim_rewards) external {
        _withdraw(_value, _claim_rewards);
    }

    function _withdraw(uint256 _value, bool _claim_rewards) private nonReentrant {
        _checkpoint(msg.sender);
        if (_claim_rewards) _claim(msg.sender, _receiverOf(msg.sender));
        if (_value != 0) {
            balanceOf[msg.sender] -= _value;
            totalSupply -= _value;
            require(IDevCurveGaugeErc20(lp_token).transfer(msg.sender, _value));
        }
        emit Withdraw(msg.sender, _value);
        emit Transfer(msg.sender, address(0), _value);
    }

    // ---------------------------------------------------------------- rewards

    function claim_rewards() external nonReentrant {
        _checkpoint(msg.sender);
        _claim(msg.sender, _receiverOf(msg.sender));
    }

    /// @notice Anyone may claim for `_addr` to its own rewards receiver.
    function claim_rewards(address _addr) external nonReentrant {
        _checkpoint(_addr);
        _claim(_addr, _receiverOf(_addr));
    }

    /// @notice Claim to another receiver only for oneself.
    function claim_rewards(address _addr, address _receiver) external nonReentrant {
        if (_receiver != address(0)) require(_addr == msg.sender); // dev: cannot redirect when claiming for another user
        _checkpoint(_addr);
        _claim(_addr, _receiver == address(0) ? _receiverOf(_addr) : _receiver);
    }

    /// @notice Where `claim_rewards` pays the caller's rewards from now on (zero: the caller).
    function set_rewards_receiver(address _receiver) external {
        rewards_receiver[msg.sender] = _receiver;
    }

    /// @notice Called by the Minter (or the account itself) before it reads `integrate_fraction`.
    function user_checkpoint(address addr) external returns (bool) {
        require(msg.sender == addr || msg.sender == minter); // dev: unauthorized
        _checkpoint(addr);
        return true;
    }

    function add_reward(address _reward_token, address _distributor) external {
        require(msg.sender == admin);
        uint256 count = reward_count;
        require(count < MAX_REWARDS);
        require(reward_data[_reward_token].distributor == address(0));
        reward_data[_reward_token].distributor = _distributor;
        reward_tokens[count] = _reward_token;
        reward_count = count + 1;
    }

    function set_reward_distributor(address _reward_token, address _distributor) external {
        address current = reward_data[_reward_token].distributor;
        require(msg.sender == current || msg.sender == admin);
        require(current != address(0));
        require(_distributor != address(0));
        reward_data[_reward_token].distributor = _distributor;
    }

    /// @notice Spreads `_amount` (plus what the running period has left) over the next week.
    function deposit_reward_token(address _reward_token, uint256 _amount) external nonReentrant {
        require(msg.sender == reward_data[_reward_token].distributor);
        _checkpoint(address(0));
        require(IDevCurveGaugeErc20(_reward_token).transferFrom(msg.sender, address(this), _amount));
        Reward storage r = reward_data[_reward_token];
        if (block.timestamp >= r.period_finish) {
            r.rate = _amount / WEEK;
        } else {
            uint256 leftover = (r.period_finish - block.timestamp) * r.rate;
            r.rate = (_amount + leftover) / WEEK;
        }
        r.last_update = block.timestamp;
        r.period_finish = block.timestamp + WEEK;
    }

    /// @notice Sets the flat CRV rate (admin): accrual up to now keeps the old rate.
    function set_inflation_rate(uint256 _rate) external {
        require(msg.sender == admin);
        _checkpoint(address(0));
        inflation_rate = _rate;
    }

    // ---------------------------------------------------------------- gauge token

    function transfer(address _to, uint256 _value) external nonReentrant returns (bool) {
        _transfer(msg.sender, _to, _value);
        return true;
    }

    function transferFrom(address _from, address _to, uint256 _value) external nonReentrant returns (bool) {
        uint256 allowed = allowance[_from][msg.sender];
        if (allowed != type(uint256).max) allowance[_from][msg.sender] = allowed - _value;
        _transfer(_from, _to, _value);
        return true;
    }

    function approve(address _spender, uint256 _value) external returns (bool) {
        allowance[msg.sender][_spender] = _value;
        emit Approval(msg.sender, _spender, _value);
        return true;
    }

    function _transfer(address _from, address _to, uint256 _value) private {
        _checkpoint(_from);
        _checkpoint(_to);
        if (_value != 0) {
            balanceOf[_from] -= _value;
            balanceOf[_to] += _value;
        }
        emit Transfer(_from, _to, _value);
    }
}

interface DevCurveMinterView {
    function minted(address user, address gauge) external view returns (uint256);
}
