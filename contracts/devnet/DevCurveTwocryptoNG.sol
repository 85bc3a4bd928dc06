// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {DevCurveTwocryptoMath as M} from "./DevCurveTwocryptoMath.sol";

interface IDevTwocryptoCoin {
    function balanceOf(address account) external view returns (uint256);
}

/// @title DevCurveTwocryptoNG
/// @notice OUR implementation, in Solidity, of the external interface, events and integer math of Curve's
///         twocrypto-ng pools (`CurveTwocryptoOptimized`, Vyper, 2-coin CryptoSwap; the pool is its own LP
///         token), for the devnet: neither npm nor apt ships a Vyper compiler. It is not Curve's code. Kept
///         identical, so that a client written against it serves the real pools unchanged:
///         - the ABI of the pool and of the views it forwards to (`get_dy`, `get_dx`, `calc_token_amount`),
///           uint256 coin indices, writes returning what they moved, `exchange_received`;
///         - the math in Curve's order: `newton_D`, the analytic `get_y` (Newton fallback), `get_p`,
///           `wad_exp` (`DevCurveTwocryptoMath`), the dynamic fee from `mid_fee`/`out_fee`/`fee_gamma`,
///           `tweak_price` with the EMA price oracle, `xcp_profit`, `virtual_price` and the price_scale
///           adjustment, the deposit/withdrawal fees and `_calc_withdraw_one_coin`;
///         - the packed parameter getters (`packed_fee_params`, `packed_rebalancing_params`).
///         Simplified: no A/gamma ramping (`future_A_gamma_time` stays 0, `ramp_A_gamma` is absent), no
///         admin-fee claim (`remove_liquidity_one_coin` never pays the fee receiver; `xcp_profit_a` stays
///         at 1e18), no permit, no `MATH()`/`factory()` getters.
contract DevCurveTwocryptoNG {
    event Transfer(address indexed sender, address indexed receiver, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event TokenExchange(address indexed buyer, uint256 sold_id, uint256 tokens_sold, uint256 bought_id, uint256 tokens_bought, uint256 fee, uint256 packed_price_scale);
    event AddLiquidity(address indexed provider, uint256[2] token_amounts, uint256 fee, uint256 token_supply, uint256 packed_price_scale);
    event RemoveLiquidity(address indexed provider, uint256[2] token_amounts, uint256 token_supply);
    event RemoveLiquidityOne(address indexed provider, uint256 token_amount, uint256 coin_index, uint256 coin_amount, uint256 approx_fee, uint256 packed_price_scale);

    uint256 private constant N = 2;
    uint256 private constant PRECISION = 10 ** 18;
    uint256 public constant ADMIN_FEE = 5 * 10 ** 9;
    uint256 private constant NOISE_FEE = 10 ** 5;
    uint8 public constant decimals = 18;
    /// @dev The twocrypto-ng release whose math this follows (Curve's pools expose `version()`; the YieldBasis
    ///      Twocrypto pools, which run a StableSwap math, report other versions).
    string public constant version = "v2.1.0";

    address private immutable coin0;
    address private immutable coin1;
    uint256 private immutable precision0;
    uint256 private immutable precision1;

    string public name;
    string public symbol;

    uint256 private cachedPriceScale;
    uint256 private cachedPriceOracle;
    uint256 public last_prices;
    uint256 public last_timestamp;
    uint256 public initial_A_gamma;
    uint256 public initial_A_gamma_time;
    uint256 public future_A_gamma;
    uint256 public future_A_gamma_time;
    uint256[2] private balancesStore;
    uint256 public D;
    uint256 public xcp_profit;
    uint256 public xcp_profit_a;
    uint256 public virtual_price;
    uint256 public packed_rebalancing_params;
    uint256 public packed_fee_params;
    uint256 private adminLpVirtualBalance;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;

    uint256 private locked = 1;

    modifier nonreentrant() {
        require(locked == 1, "locked");
        locked = 2;
        _;
        locked = 1;
    }

    /// @param packedGammaA `gamma | A << 128`, as Curve's factory packs it.
    /// @param packedFeeParams `mid_fee << 128 | out_fee << 64 | fee_gamma`.
    /// @param packedRebalancingParams `allowed_extra_profit << 128 | adjustment_step << 64 | ma_time`.
    constructor(string memory _name, string memory _symbol, address[2] memory _coins, uint256[2] memory _precisions, uint256 packedGammaA, uint256 packedFeeParams, uint256 packedRebalancingParams, uint256 initialPrice) {
        name = _name;
        symbol = _symbol;
        coin0 = _coins[0];
        coin1 = _coins[1];
        precision0 = _precisions[0];
        precision1 = _precisions[1];
        uint256 g = packedGammaA & (2 ** 128 - 1);
        uint256 a = packedGammaA >> 128;
        require(g > M.MIN_GAMMA - 1 && g < M.MAX_GAMMA + 1 && a > M.MIN_A - 1 && a < M.MAX_A + 1, "A, gamma");
        // Curve stores A in the high half: `initial_A_gamma = A << 128 | gamma`.
        initial_A_gamma = (a << 128) | g;
        future_A_gamma = initial_A_gamma;
        packed_fee_params = packedFeeParams;
        packed_rebalancing_params = packedRebalancingParams;
        cachedPriceScale = initialPrice;
        cachedPriceOracle = initialPrice;
        last_prices = initialPrice;
        last_timestamp = block.timestamp;
        xcp_profit_a = 10 ** 18;
        emit Transfer(address(0), address(this), 0);
    }

    // ---------------------------------------------------------------- getters

    function coins(uint256 i) external view returns (address) {
        require(i < N);
        return i == 0 ? coin0 : coin1;
    }

    function balances(uint256 i) external view returns (uint256) {
        return balancesStore[i];
    }

    function precisions() external view returns (uint256[2] memory) {
        return [precision0, precision1];
    }

    function price_scale() external view returns (uint256) {
        return cachedPriceScale;
    }

    function price_oracle() external view returns (uint256) {
        return _internalPriceOracle();
    }

    function A() external view returns (uint256) {
        return future_A_gamma >> 128;
    }

    function gamma() external view returns (uint256) {
        return future_A_gamma & (2 ** 128 - 1);
    }

    function mid_fee() external view returns (uint256) {
        return _unpack3(packed_fee_params)[0];
    }

    function out_fee() external view returns (uint256) {
        return _unpack3(packed_fee_params)[1];
    }

    function fee_gamma() external view returns (uint256) {
        return _unpack3(packed_fee_params)[2];
    }

    function allowed_extra_profit() external view returns (uint256) {
        return _unpack3(packed_rebalancing_params)[0];
    }

    function adjustment_step() external view returns (uint256) {
        return _unpack3(packed_rebalancing_params)[1];
    }

    function ma_time() external view returns (uint256) {
        return _unpack3(packed_rebalancing_params)[2] * 694 / 1000;
    }

    function fee() external view returns (uint256) {
        return _fee(_xp(balancesStore, cachedPriceScale));
    }

    function fee_calc(uint256[2] memory xp) external view returns (uint256) {
        return _fee(xp);
    }

    function calc_token_fee(uint256[2] memory amounts, uint256[2] memory xp) external view returns (uint256) {
        return _calcTokenFee(amounts, xp);
    }

    function get_virtual_price() external view returns (uint256) {
        return 10 ** 18 * _getXcp(D, cachedPriceScale) / totalSupply;
    }

    function lp_price() external view returns (uint256) {
        return 2 * virtual_price * M.isqrt(_internalPriceOracle() * 10 ** 18) / 10 ** 18;
    }

    // ---------------------------------------------------------------- views (Curve's views contract)

    function get_dy(uint256 i, uint256 j, uint256 dx) external view returns (uint256) {
        (uint256 dy, uint256[2] memory xp) = _getDyNofee(i, j, dx);
        return dy - _fee(xp) * dy / 10 ** 10;
    }

    function get_dx(uint256 i, uint256 j, uint256 dy) external view returns (uint256 dx) {
        uint256 _dy = dy;
        for (uint256 k = 0; k < 5; k++) {
            uint256[2] memory xp;
            (dx, xp) = _getDxFee(i, j, _dy);
            uint256 feeDy = _fee(xp) * _dy / 10 ** 10;
            _dy = dy + feeDy + 1;
        }
    }

    function calc_token_amount(uint256[2] memory amounts, bool deposit) external view returns (uint256) {
        uint256[2] memory xp = balancesStore;
        uint256 ps = cachedPriceScale;
        uint256 supply = totalSupply;
        uint256 D0 = D;
        for (uint256 k = 0; k < N; k++) xp[k] = deposit ? xp[k] + amounts[k] : xp[k] - amounts[k];
        xp = [xp[0] * precision0, xp[1] * ps * precision1 / PRECISION];
        uint256[2] memory amountsp = [amounts[0] * precision0, amounts[1] * ps * precision1 / PRECISION];
        (uint256 A_, uint256 g_) = _aGamma();
        uint256 D1 = M.newtonD(A_, g_, xp, 0);
        uint256 dToken = supply * D1 / D0;
        dToken = deposit ? dToken - supply : supply - dToken;
        return dToken - (_calcTokenFee(amountsp, xp) * dToken / 10 ** 10 + 1);
    }

    function calc_withdraw_one_coin(uint256 token_amount, uint256 i) external view returns (uint256 dy) {
        (dy, , , ) = _calcWithdrawOneCoin(token_amount, i);
    }

    function _getDyNofee(uint256 i, uint256 j, uint256 dx) private view returns (uint256 dy, uint256[2] memory xp) {
        require(i != j && i < N && j < N, "coin index out of range");
        require(dx > 0, "do not exchange 0 coins");
        uint256 ps = cachedPriceScale;
        xp = balancesStore;
        xp[i] += dx;
        xp = [xp[0] * precision0, xp[1] * ps * precision1 / PRECISION];
        (uint256 A_, uint256 g_) = _aGamma();
        uint256[2] memory yOut = M.getY(A_, g_, xp, D, j);
        dy = xp[j] - yOut[0] - 1;
        xp[j] = yOut[0];
        if (j > 0) dy = dy * PRECISION / ps;
        dy /= j == 0 ? precision0 : precision1;
    }

    function _getDxFee(uint256 i, uint256 j, uint256 dy) private view returns (uint256 dx, uint256[2] memory xp) {
        require(i != j && i < N && j < N, "coin index out of range");
        require(dy > 0, "do not exchange out 0 coins");
        uint256 ps = cachedPriceScale;
        xp = balancesStore;
        xp[j] -= dy;
        xp = [xp[0] * precision0, xp[1] * ps * precision1 / PRECISION];
        (uint256 A_, uint256 g_) = _aGamma();
        uint256[2] memory xOut = M.getY(A_, g_, xp, D, i);
        dx = xOut[0] - xp[i];
        xp[i] = xOut[0];
        if (i > 0) dx = dx * PRECISION / ps;
        dx /= i == 0 ? precision0 : precision1;
    }

    // ---------------------------------------------------------------- exchange

    function exchange(uint256 i, uint256 j, uint256 dx, uint256 min_dy) external returns (uint256) {
        return _exchangeExternal(i, j, dx, min_dy, msg.sender, false);
    }

    function exchange(uint256 i, uint256 j, uint256 dx, uint256 min_dy, address receiver) external returns (uint256) {
        return _exchangeExternal(i, j, dx, min_dy, receiver, false);
    }

    function exchange_received(uint256 i, uint256 j, uint256 dx, uint256 min_dy) external returns (uint256) {
        return _exchangeExternal(i, j, dx, min_dy, msg.sender, true);
    }

    function exchange_received(uint256 i, uint256 j, uint256 dx, uint256 min_dy, address receiver) external returns (uint256) {
        return _exchangeExternal(i, j, dx, min_dy, receiver, true);
    }

    function _exchangeExternal(uint256 i, uint256 j, uint256 dx, uint256 minDy, address receiver, bool optimistic) private nonreentrant returns (uint256) {
        uint256 dxReceived = _transferIn(i, dx, msg.sender, optimistic);
        (uint256 dy, uint256 fee_, uint256 ps) = _exchange(i, j, dxReceived, minDy);
        _transferOut(j, dy, receiver);
        emit TokenExchange(msg.sender, i, dxReceived, j, dy, fee_, ps);
        return dy;
    }

    function _exchange(uint256 i, uint256 j, uint256 dxReceived, uint256 minDy) private returns (uint256 dy, uint256 fee_, uint256 ps) {
        require(i != j, "coin index out of range");
        require(dxReceived > 0, "do not exchange 0 coins");
        (uint256 A_, uint256 g_) = _aGamma();
        uint256[2] memory xp = balancesStore;
        uint256 y = xp[j];
        ps = cachedPriceScale;
        xp = [xp[0] * precision0, xp[1] * ps * precision1 / PRECISION];
        uint256[2] memory yOut = M.getY(A_, g_, xp, D, j);
        dy = xp[j] - yOut[0];
        xp[j] -= dy;
        dy -= 1;
        if (j > 0) dy = dy * PRECISION / ps;
        dy /= j == 0 ? precision0 : precision1;
        fee_ = _fee(xp) * dy / 10 ** 10;
        dy -= fee_;
        require(dy >= minDy, "Slippage");
        y -= dy;
        y *= j == 0 ? precision0 : precision1;
        if (j > 0) y = y * ps / PRECISION;
        xp[j] = y;
        ps = _tweakPrice(A_, g_, xp, 0, yOut[1]);
    }

    // ---------------------------------------------------------------- liquidity

    function add_liquidity(uint256[2] memory amounts, uint256 min_mint_amount) external returns (uint256) {
        return _addLiquidity(amounts, min_mint_amount, msg.sender);
    }

    function add_liquidity(uint256[2] memory amounts, uint256 min_mint_amount, address receiver) external returns (uint256) {
        return _addLiquidity(amounts, min_mint_amount, receiver);
    }

    function _addLiquidity(uint256[2] memory amounts, uint256 minMint, address receiver) private nonreentrant returns (uint256 dToken) {
        (uint256 A_, uint256 g_) = _aGamma();
        uint256[2] memory xp = balancesStore;
        uint256[2] memory amountsp;
        uint256 dTokenFee;
        require(amounts[0] + amounts[1] > 0, "no coins to add");
        uint256 ps = cachedPriceScale;
        uint256[2] memory xpOld = [xp[0], xp[1]];
        uint256[2] memory received;
        for (uint256 k = 0; k < N; k++) {
            if (amounts[k] > 0) {
                received[k] = _transferIn(k, amounts[k], msg.sender, false);
                xp[k] = xp[k] + received[k];
            }
        }
        xp = [xp[0] * precision0, xp[1] * ps * precision1 / PRECISION];
        xpOld = [xpOld[0] * precision0, xpOld[1] * ps * precision1 / PRECISION];
        for (uint256 k = 0; k < N; k++) if (received[k] > 0) amountsp[k] = xp[k] - xpOld[k];
        uint256 oldD = D;
        uint256 newD = M.newtonD(A_, g_, xp, 0);
        uint256 supply = totalSupply;
        if (oldD > 0) dToken = supply * newD / oldD - supply;
        else dToken = _getXcp(newD, ps);
        require(dToken > 0, "nothing minted");
        if (oldD > 0) {
            dTokenFee = _calcTokenFee(amountsp, xp) * dToken / 10 ** 10 + 1;
            dToken -= dTokenFee;
            supply += dToken;
            _mint(receiver, dToken);
            adminLpVirtualBalance += ADMIN_FEE * dTokenFee / 10 ** 10;
            ps = _tweakPrice(A_, g_, xp, newD, 0);
        } else {
            D = newD;
            virtual_price = 10 ** 18;
            xcp_profit = 10 ** 18;
            xcp_profit_a = 10 ** 18;
            _mint(receiver, dToken);
        }
        require(dToken >= minMint, "Slippage");
        emit AddLiquidity(receiver, received, dTokenFee, supply, ps);
    }

    function remove_liquidity(uint256 _amount, uint256[2] memory min_amounts) external returns (uint256[2] memory) {
        return _removeLiquidity(_amount, min_amounts, msg.sender);
    }

    function remove_liquidity(uint256 _amount, uint256[2] memory min_amounts, address receiver) external returns (uint256[2] memory) {
        return _removeLiquidity(_amount, min_amounts, receiver);
    }

    function _removeLiquidity(uint256 _amount, uint256[2] memory minAmounts, address receiver) private nonreentrant returns (uint256[2] memory out) {
        uint256 amount = _amount;
        uint256[2] memory bal = balancesStore;
        uint256 supply = totalSupply;
        _burn(msg.sender, _amount);
        if (amount == supply) {
            out = bal;
        } else {
            amount -= 1;
            for (uint256 k = 0; k < N; k++) {
                out[k] = bal[k] * amount / supply;
                require(out[k] >= minAmounts[k], "Slippage");
            }
        }
        uint256 d0 = D;
        D = d0 - d0 * amount / supply;
        for (uint256 k = 0; k < N; k++) _transferOut(k, out[k], receiver);
        emit RemoveLiquidity(msg.sender, out, supply - _amount);
    }

    function remove_liquidity_one_coin(uint256 token_amount, uint256 i, uint256 min_amount) external returns (uint256) {
        return _removeOne(token_amount, i, min_amount, msg.sender);
    }

    function remove_liquidity_one_coin(uint256 token_amount, uint256 i, uint256 min_amount, address receiver) external returns (uint256) {
        return _removeOne(token_amount, i, min_amount, receiver);
    }

    function _removeOne(uint256 tokenAmount, uint256 i, uint256 minAmount, address receiver) private nonreentrant returns (uint256 dy) {
        (uint256 A_, uint256 g_) = _aGamma();
        uint256 newD;
        uint256[2] memory xp;
        uint256 approxFee;
        (dy, newD, xp, approxFee) = _calcWithdrawOneCoin(tokenAmount, i);
        require(dy >= minAmount, "Slippage");
        _burn(msg.sender, tokenAmount);
        uint256 ps = _tweakPrice(A_, g_, xp, newD, 0);
        _transferOut(i, dy, receiver);
        emit RemoveLiquidityOne(msg.sender, tokenAmount, i, dy, approxFee, ps);
    }

    function _calcWithdrawOneCoin(uint256 tokenAmount, uint256 i) private view returns (uint256 dy, uint256 newD, uint256[2] memory xp, uint256 approxFee) {
        uint256 supply = totalSupply;
        require(tokenAmount <= supply, "token amount more than supply");
        require(i < N, "coin out of range");
        uint256[2] memory xx = balancesStore;
        uint256 psI = cachedPriceScale * precision1;
        xp = [xx[0] * precision0, xx[1] * psI / PRECISION];
        if (i == 0) psI = PRECISION * precision0;
        newD = D;
        uint256 dFee;
        {
            uint256 f = _withdrawFee(xp, i, tokenAmount, supply);
            uint256 dD = tokenAmount * newD / supply;
            dFee = f * dD / (2 * 10 ** 10) + 1;
            approxFee = N * dFee * xx[i] / newD;
            newD -= (dD - dFee);
        }
        dy = _withdrawDy(xp, newD, i, psI);
    }

    /// @dev The coin's amount out of `xp` at the reduced D; leaves the new balance in `xp[i]`.
    function _withdrawDy(uint256[2] memory xp, uint256 newD, uint256 i, uint256 psI) private view returns (uint256 dy) {
        (uint256 A_, uint256 g_) = _aGamma();
        uint256 y = M.getY(A_, g_, xp, newD, i)[0];
        dy = (xp[i] - y) * PRECISION / psI;
        xp[i] = y;
    }

    /// @dev The fee `_calc_withdraw_one_coin` charges: `out_fee`, or the dynamic fee at the balances less the coin's share.
    function _withdrawFee(uint256[2] memory xp, uint256 i, uint256 tokenAmount, uint256 supply) private view returns (uint256 f) {
        uint256[2] memory xpImprecise = [xp[0], xp[1]];
        uint256 xpCorrection = xp[i] * N * tokenAmount / supply;
        f = _unpack3(packed_fee_params)[1];
        if (xpCorrection < xpImprecise[i]) {
            xpImprecise[i] -= xpCorrection;
            f = _fee(xpImprecise);
        }
    }

    // ---------------------------------------------------------------- tweak_price

    function _tweakPrice(uint256 A_, uint256 g_, uint256[2] memory _xp_, uint256 newD, uint256 K0prev) private returns (uint256) {
        uint256 ps = cachedPriceScale;
        uint256 priceOracle = _updatePriceOracle(ps);
        uint256 dUnadjusted = newD;
        if (newD == 0) dUnadjusted = M.newtonD(A_, g_, _xp_, K0prev);
        last_prices = M.getP(_xp_, dUnadjusted, [A_, g_]) * ps / 10 ** 18;
        (uint256 vp, uint256 xcpProfit) = _virtualPriceAndProfit(dUnadjusted, ps);
        xcp_profit = xcpProfit;
        if (vp * 2 - 10 ** 18 > xcpProfit + 2 * _unpack3(packed_rebalancing_params)[0]) {
            uint256 pNew = _rebalance(A_, g_, _xp_, ps, priceOracle, xcpProfit);
            if (pNew != 0) return pNew;
        }
        D = dUnadjusted;
        virtual_price = vp;
        return ps;
    }

    /// @dev The EMA step of `tweak_price`: moves the cached oracle towards `last_prices` (capped at twice the scale) once per block.
    function _updatePriceOracle(uint256 ps) private returns (uint256 priceOracle) {
        priceOracle = cachedPriceOracle;
        if (last_timestamp < block.timestamp) {
            uint256 maTime = _unpack3(packed_rebalancing_params)[2];
            uint256 alpha = uint256(M.wadExp(-int256((block.timestamp - last_timestamp) * 10 ** 18 / maTime)));
            uint256 lastPrices = last_prices;
            uint256 capped = lastPrices < 2 * ps ? lastPrices : 2 * ps;
            priceOracle = (capped * (10 ** 18 - alpha) + priceOracle * alpha) / 10 ** 18;
            cachedPriceOracle = priceOracle;
            last_timestamp = block.timestamp;
        }
    }

    function _virtualPriceAndProfit(uint256 dUnadjusted, uint256 ps) private view returns (uint256 vp, uint256 xcpProfit) {
        uint256 oldVirtualPrice = virtual_price;
        xcpProfit = 10 ** 18;
        vp = 10 ** 18;
        if (oldVirtualPrice > 0) {
            uint256 xcp = M.isqrt((dUnadjusted / N) * (dUnadjusted * PRECISION / (N * ps)));
            vp = 10 ** 18 * xcp / totalSupply;
            xcpProfit = xcp_profit * vp / oldVirtualPrice;
            if (future_A_gamma_time < block.timestamp) require(vp > oldVirtualPrice, "virtual price decreased");
        }
    }

    /// @dev The price_scale move of `tweak_price`; returns the new scale, or 0 where the pool keeps its scale.
    /// @dev The scale `tweak_price` moves to: a step of `max(adjustment_step, norm / 5)` towards the oracle; 0 where the step would overshoot.
    function _proposedScale(uint256 ps, uint256 priceOracle) private view returns (uint256) {
        uint256 norm = priceOracle * 10 ** 18 / ps;
        norm = norm > 10 ** 18 ? norm - 10 ** 18 : 10 ** 18 - norm;
        uint256 rp1 = _unpack3(packed_rebalancing_params)[1];
        uint256 step = rp1 > norm / 5 ? rp1 : norm / 5;
        if (norm <= step) return 0;
        return (ps * (norm - step) + step * priceOracle) / norm;
    }

    function _rebalance(uint256 A_, uint256 g_, uint256[2] memory _xp_, uint256 ps, uint256 priceOracle, uint256 xcpProfit) private returns (uint256) {
        uint256 pNew = _proposedScale(ps, priceOracle);
        if (pNew == 0) return 0;
        uint256 d2 = M.newtonD(A_, g_, [_xp_[0], _xp_[1] * pNew / ps], 0);
        uint256 vp2 = 10 ** 18 * M.isqrt((d2 / N) * (d2 * PRECISION / (N * pNew))) / totalSupply;
        if (vp2 > 10 ** 18 && 2 * vp2 - 10 ** 18 > xcpProfit) {
            D = d2;
            virtual_price = vp2;
            cachedPriceScale = pNew;
            return pNew;
        }
        return 0;
    }

    // ---------------------------------------------------------------- internals

    function _internalPriceOracle() private view returns (uint256) {
        uint256 po = cachedPriceOracle;
        uint256 ps = cachedPriceScale;
        if (last_timestamp < block.timestamp) {
            uint256 lp = last_prices;
            uint256 maTime = _unpack3(packed_rebalancing_params)[2];
            uint256 alpha = uint256(M.wadExp(-int256((block.timestamp - last_timestamp) * 10 ** 18 / maTime)));
            uint256 capped = lp < 2 * ps ? lp : 2 * ps;
            return (capped * (10 ** 18 - alpha) + po * alpha) / 10 ** 18;
        }
        return po;
    }

    function _aGamma() private view returns (uint256, uint256) {
        uint256 ag = future_A_gamma;
        return (ag >> 128, ag & (2 ** 128 - 1));
    }

    function _unpack3(uint256 p) private pure returns (uint256[3] memory) {
        return [(p >> 128) & 18446744073709551615, (p >> 64) & 18446744073709551615, p & 18446744073709551615];
    }

    function _xp(uint256[2] memory bal, uint256 ps) private view returns (uint256[2] memory) {
        return [bal[0] * precision0, bal[1] * precision1 * ps / PRECISION];
    }

    function _fee(uint256[2] memory xp) private view returns (uint256) {
        uint256[3] memory fp = _unpack3(packed_fee_params);
        uint256 f = xp[0] + xp[1];
        f = fp[2] * 10 ** 18 / (fp[2] + 10 ** 18 - (10 ** 18 * N ** N) * xp[0] / f * xp[1] / f);
        return (fp[0] * f + fp[1] * (10 ** 18 - f)) / 10 ** 18;
    }

    function _getXcp(uint256 d, uint256 ps) private pure returns (uint256) {
        return M.isqrt((d / N) * (d * PRECISION / (ps * N)));
    }

    function _calcTokenFee(uint256[2] memory amounts, uint256[2] memory xp) private view returns (uint256) {
        uint256 f = _fee(xp) * N / (4 * (N - 1));
        uint256 S = amounts[0] + amounts[1];
        uint256 avg = S / N;
        uint256 sdiff = 0;
        for (uint256 k = 0; k < N; k++) sdiff += amounts[k] > avg ? amounts[k] - avg : avg - amounts[k];
        return f * sdiff / S + NOISE_FEE;
    }

    function _transferIn(uint256 k, uint256 dx, address sender, bool optimistic) private returns (uint256) {
        address c = k == 0 ? coin0 : coin1;
        uint256 coinBalance = IDevTwocryptoCoin(c).balanceOf(address(this));
        if (optimistic) {
            uint256 got = coinBalance - balancesStore[k];
            require(got >= dx, "user didn't give us coins");
            balancesStore[k] += got;
            return got;
        }
        _call(c, abi.encodeWithSelector(0x23b872dd, sender, address(this), dx));
        uint256 received = IDevTwocryptoCoin(c).balanceOf(address(this)) - coinBalance;
        balancesStore[k] += received;
        return received;
    }

    function _transferOut(uint256 k, uint256 amount, address receiver) private {
        balancesStore[k] -= amount;
        _call(k == 0 ? coin0 : coin1, abi.encodeWithSelector(0xa9059cbb, receiver, amount));
    }

    /// @dev A token call that may return nothing (USDT) or true; anything else reverts.
    function _call(address token, bytes memory data) private {
        (bool ok, bytes memory ret) = token.call(data);
        require(ok && (ret.length == 0 || abi.decode(ret, (bool))), "transfer failed");
    }

    // ---------------------------------------------------------------- LP token

    function _mint(address to, uint256 value) private {
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _burn(address from, uint256 value) private {
        totalSupply -= value;
        balanceOf[from] -= value;
        emit Transfer(from, address(0), value);
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(this) && to != address(0));
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 a = allowance[from][msg.sender];
        if (a != type(uint256).max) {
            allowance[from][msg.sender] = a - value;
            emit Approval(from, msg.sender, a - value);
        }
        _transfer(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }
}
