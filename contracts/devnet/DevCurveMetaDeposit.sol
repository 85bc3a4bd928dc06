// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IDevCurveMetaZapPool {
    function add_liquidity(uint256[2] calldata amounts, uint256 min_mint_amount) external returns (uint256);
    function remove_liquidity(uint256 _amount, uint256[2] calldata min_amounts) external returns (uint256[2] memory);
    function remove_liquidity_one_coin(uint256 _token_amount, int128 i, uint256 min_amount) external returns (uint256);
    function calc_withdraw_one_coin(uint256 _token_amount, int128 i) external view returns (uint256);
    function calc_token_amount(uint256[2] calldata amounts, bool deposit) external view returns (uint256);
    function base_pool() external view returns (address);
    function coins(uint256 i) external view returns (address);
}

interface IDevCurveMetaZapBase {
    function add_liquidity(uint256[3] calldata amounts, uint256 min_mint_amount) external;
    function remove_liquidity(uint256 _amount, uint256[3] calldata min_amounts) external;
    function remove_liquidity_one_coin(uint256 _token_amount, int128 i, uint256 min_amount) external;
    function calc_withdraw_one_coin(uint256 _token_amount, int128 i) external view returns (uint256);
    function calc_token_amount(uint256[3] calldata amounts, bool deposit) external view returns (uint256);
    function coins(uint256 i) external view returns (address);
}

interface IDevCurveMetaZapCoin {
    function balanceOf(address account) external view returns (uint256);
}

/// @title DevCurveMetaDeposit
/// @notice OUR implementation, in Solidity, of the external interface of Curve's "zap" Deposit contract for a
///         metapool over the 3pool (the 2020 metapool template's DepositTemplateMeta, Vyper 0.2.5; e.g. the
///         GUSD metapool's Deposit, mainnet 0x0aE274c98c0415C0651AF8cF52b010136E4a0082), for the devnet. It is
///         not Curve's code. Kept identical: the ABI (underlying indices 0 the meta coin, 1..3 the base
///         pool's coins; `pool`, `token`, `base_pool`, `coins`, `base_coins` getters) and the composition:
///         `add_liquidity` deposits the base coins in the base pool and the whole 3Crv it then holds with
///         the meta coin in the metapool, and pays out its whole LP balance; `remove_liquidity_one_coin`
///         of a base coin withdraws 3Crv from the metapool (no minimum) and that coin from the base pool with
///         the minimum, and pays out its whole balance of the coin; the views compose the pools' views.
///         `remove_liquidity_imbalance` is not implemented.
contract DevCurveMetaDeposit {
    uint256 private constant N_COINS = 2;
    uint256 private constant MAX_COIN = 1;
    uint256 private constant BASE_N_COINS = 3;
    uint256 private constant N_ALL_COINS = 4;
    address private constant FEE_ASSET = 0xdAC17F958D2ee523a2206206994597C13D831ec7;

    address public pool;
    address public token;
    address public base_pool;
    address[2] public coins;
    address[3] public base_coins;

    constructor(address _pool, address _token) {
        pool = _pool;
        token = _token;
        address _base_pool = IDevCurveMetaZapPool(_pool).base_pool();
        base_pool = _base_pool;
        for (uint256 i = 0; i < N_COINS; i++) {
            address c = IDevCurveMetaZapPool(_pool).coins(i);
            coins[i] = c;
            _safeApprove(c, _pool);
        }
        for (uint256 i = 0; i < BASE_N_COINS; i++) {
            address c = IDevCurveMetaZapBase(_base_pool).coins(i);
            base_coins[i] = c;
            _safeApprove(c, _base_pool);
        }
    }

    function add_liquidity(uint256[4] calldata amounts, uint256 min_mint_amount) external returns (uint256) {
        uint256[2] memory meta_amounts;
        uint256[3] memory base_amounts;
        bool deposit_base = false;
        for (uint256 i = 0; i < N_ALL_COINS; i++) {
            uint256 amount = amounts[i];
            if (amount == 0) continue;
            address coin;
            if (i < MAX_COIN) {
                coin = coins[i];
                meta_amounts[i] = amount;
            } else {
                coin = base_coins[i - MAX_COIN];
                base_amounts[i - MAX_COIN] = amount;
                deposit_base = true;
            }
            _safeTransferFrom(coin, msg.sender, amount);
            // Handle potential Tether fees
            if (coin == FEE_ASSET) {
                amount = IDevCurveMetaZapCoin(FEE_ASSET).balanceOf(address(this));
                if (i < MAX_COIN) meta_amounts[i] = amount;
                else base_amounts[i - MAX_COIN] = amount;
            }
        }
        if (deposit_base) {
            IDevCurveMetaZapBase(base_pool).add_liquidity(base_amounts, 0);
            meta_amounts[MAX_COIN] = IDevCurveMetaZapCoin(coins[MAX_COIN]).balanceOf(address(this));
        }
        IDevCurveMetaZapPool(pool).add_liquidity(meta_amounts, min_mint_amount);
        address _lp_token = token;
        uint256 _lp_amount = IDevCurveMetaZapCoin(_lp_token).balanceOf(address(this));
        _safeTransfer(_lp_token, msg.sender, _lp_amount);
        return _lp_amount;
    }

    function remove_liquidity(uint256 _amount, uint256[4] calldata min_amounts) external returns (uint256[4] memory amounts) {
        _safeTransferFrom(token, msg.sender, _amount);
        uint256[2] memory min_amounts_meta;
        uint256[3] memory min_amounts_base;
        for (uint256 i = 0; i < MAX_COIN; i++) min_amounts_meta[i] = min_amounts[i];
        IDevCurveMetaZapPool(pool).remove_liquidity(_amount, min_amounts_meta);
        uint256 _base_amount = IDevCurveMetaZapCoin(coins[MAX_COIN]).balanceOf(address(this));
        for (uint256 i = 0; i < BASE_N_COINS; i++) min_amounts_base[i] = min_amounts[MAX_COIN + i];
        IDevCurveMetaZapBase(base_pool).remove_liquidity(_base_amount, min_amounts_base);
        for (uint256 i = 0; i < N_ALL_COINS; i++) {
            address coin = i < MAX_COIN ? coins[i] : base_coins[i - MAX_COIN];
            amounts[i] = IDevCurveMetaZapCoin(coin).balanceOf(address(this));
            _safeTransfer(coin, msg.sender, amounts[i]);
        }
    }

    function remove_liquidity_one_coin(uint256 _token_amount, int128 i, uint256 _min_amount) external returns (uint256) {
        require(i >= 0 && i < int128(int256(N_ALL_COINS)));
        _safeTransferFrom(token, msg.sender, _token_amount);
        uint256 ii = uint256(int256(i));
        address coin;
        if (ii < MAX_COIN) {
            coin = coins[ii];
            IDevCurveMetaZapPool(pool).remove_liquidity_one_coin(_token_amount, i, _min_amount);
        } else {
            coin = base_coins[ii - MAX_COIN];
            IDevCurveMetaZapPool(pool).remove_liquidity_one_coin(_token_amount, int128(int256(MAX_COIN)), 0);
            IDevCurveMetaZapBase(base_pool).remove_liquidity_one_coin(
                IDevCurveMetaZapCoin(coins[MAX_COIN]).balanceOf(address(this)), i - int128(int256(MAX_COIN)), _min_amount
            );
        }
        uint256 coin_amount = IDevCurveMetaZapCoin(coin).balanceOf(address(this));
        _safeTransfer(coin, msg.sender, coin_amount);
        return coin_amount;
    }

    function calc_withdraw_one_coin(uint256 _token_amount, int128 i) external view returns (uint256) {
        if (i < int128(int256(MAX_COIN))) return IDevCurveMetaZapPool(pool).calc_withdraw_one_coin(_token_amount, i);
        uint256 _base_tokens = IDevCurveMetaZapPool(pool).calc_withdraw_one_coin(_token_amount, int128(int256(MAX_COIN)));
        return IDevCurveMetaZapBase(base_pool).calc_withdraw_one_coin(_base_tokens, i - int128(int256(MAX_COIN)));
    }

    function calc_token_amount(uint256[4] calldata amounts, bool is_deposit) external view returns (uint256) {
        uint256[2] memory meta_amounts;
        uint256[3] memory base_amounts;
        for (uint256 i = 0; i < MAX_COIN; i++) meta_amounts[i] = amounts[i];
        for (uint256 i = 0; i < BASE_N_COINS; i++) base_amounts[i] = amounts[i + MAX_COIN];
        meta_amounts[MAX_COIN] = IDevCurveMetaZapBase(base_pool).calc_token_amount(base_amounts, is_deposit);
        return IDevCurveMetaZapPool(pool).calc_token_amount(meta_amounts, is_deposit);
    }

    // ---------------------------------------------------------------- transfers

    function _safeTransferFrom(address coin, address from, uint256 value) private {
        (bool ok, bytes memory ret) = coin.call(abi.encodeWithSignature("transferFrom(address,address,uint256)", from, address(this), value));
        require(ok && (ret.length == 0 || abi.decode(ret, (bool)))); // dev: failed transfer
    }

    function _safeTransfer(address coin, address to, uint256 value) private {
        (bool ok, bytes memory ret) = coin.call(abi.encodeWithSignature("transfer(address,uint256)", to, value));
        require(ok && (ret.length == 0 || abi.decode(ret, (bool)))); // dev: failed transfer
    }

    function _safeApprove(address coin, address spender) private {
        (bool ok, bytes memory ret) = coin.call(abi.encodeWithSignature("approve(address,uint256)", spender, type(uint256).max));
        require(ok && (ret.length == 0 || abi.decode(ret, (bool))));
    }
}
