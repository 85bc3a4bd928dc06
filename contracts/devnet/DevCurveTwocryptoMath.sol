// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title DevCurveTwocryptoMath
/// @notice OUR Solidity implementation of the integer math of Curve's twocrypto-ng pools (the Vyper
///         `CurveCryptoMathOptimized2`, 2-coin CryptoSwap): `newton_D`, the analytic `get_y` with its
///         `newton_y` fallback, `get_p`, `wad_exp`, `cbrt` and the base-2 log it starts from. Each function
///         keeps Curve's operations in Curve's order (every rounding matters), with Vyper's checked
///         arithmetic where Curve checks and unchecked arithmetic where Curve writes `unsafe_*`. It is not
///         Curve's code; it is an internal library of `DevCurveTwocryptoNG`, which inlines it (the real
///         pool calls a separate math contract; the devnet pool has no `MATH()` getter).
library DevCurveTwocryptoMath {
    uint256 internal constant N_COINS = 2;
    uint256 internal constant A_MULTIPLIER = 10000;
    uint256 internal constant MIN_GAMMA = 10 ** 10;
    uint256 internal constant MAX_GAMMA_SMALL = 2 * 10 ** 16;
    uint256 internal constant MAX_GAMMA = 199 * 10 ** 15;
    uint256 internal constant MIN_A = (N_COINS ** N_COINS * A_MULTIPLIER) / 10;
    uint256 internal constant MAX_A = N_COINS ** N_COINS * A_MULTIPLIER * 1000;

    function _max(uint256 a, uint256 b) private pure returns (uint256) {
        return a > b ? a : b;
    }

    function _abs(int256 a) private pure returns (int256) {
        return a < 0 ? -a : a;
    }

    function log2(uint256 x) internal pure returns (uint256 result) {
        uint256 value = x;
        if (x >> 128 != 0) { value = x >> 128; result = 128; }
        if (value >> 64 != 0) { value >>= 64; result += 64; }
        if (value >> 32 != 0) { value >>= 32; result += 32; }
        if (value >> 16 != 0) { value >>= 16; result += 16; }
        if (value >> 8 != 0) { value >>= 8; result += 8; }
        if (value >> 4 != 0) { value >>= 4; result += 4; }
        if (value >> 2 != 0) { value >>= 2; result += 2; }
        if (value >> 1 != 0) { result += 1; }
    }

    function cbrt(uint256 x) internal pure returns (uint256 a) {
        uint256 big = 115792089237316195423570985008687907853269;
        uint256 xx;
        unchecked {
            if (x >= big * 10 ** 18) xx = x;
            else if (x >= big) xx = x * 10 ** 18;
            else xx = x * 10 ** 36;
            uint256 l = log2(xx);
            uint256 rem = l % 3;
            a = ((2 ** (l / 3)) * (1260 ** rem)) / (1000 ** rem);
            for (uint256 k = 0; k < 7; k++) a = (2 * a + xx / (a * a)) / 3;
            if (x >= big * 10 ** 18) a = a * 10 ** 12;
            else if (x >= big) a = a * 10 ** 6;
        }
    }

    function isqrt(uint256 x) internal pure returns (uint256) {
        // Vyper's isqrt: the integer square root rounded down (Babylonian from 2^ceil(log2(x)/2)).
        if (x == 0) return 0;
        uint256 z = x / 2 + (x & 1);
        uint256 y = x;
        while (z < y) { y = z; z = (x / z + z) / 2; }
        return y;
    }

    /// @dev One Newton step of `newton_y` (halving y where the step would go negative).
    function _newtonYStep(uint256 ANN, uint256 gamma, uint256 xj, uint256 D, uint256 K0i, uint256 y) private pure returns (uint256, bool) {
        uint256 K0 = K0i * y * N_COINS / D;
        uint256 S = xj + y;
        (uint256 mul1, uint256 mul2) = _yMuls(ANN, gamma, D, K0);
        uint256 yfprime = 10 ** 18 * y + S * mul2 + mul1;
        uint256 dyfprime = D * mul2;
        if (yfprime < dyfprime) return (y / 2, true);
        yfprime -= dyfprime;
        uint256 fprime = yfprime / y;
        uint256 yMinus = mul1 / fprime;
        uint256 yPlus = (yfprime + 10 ** 18 * D) / fprime + yMinus * 10 ** 18 / K0;
        yMinus += 10 ** 18 * S / fprime;
        if (yPlus < yMinus) return (y / 2, false);
        return (yPlus - yMinus, false);
    }

    function _yMuls(uint256 ANN, uint256 gamma, uint256 D, uint256 K0) private pure returns (uint256 mul1, uint256 mul2) {
        uint256 g1k0 = gamma + 10 ** 18;
        if (g1k0 > K0) g1k0 = g1k0 - K0 + 1;
        else g1k0 = K0 - g1k0 + 1;
        mul1 = 10 ** 18 * D / gamma * g1k0 / gamma * g1k0 * A_MULTIPLIER / ANN;
        mul2 = 10 ** 18 + (2 * 10 ** 18) * K0 / g1k0;
    }

    function newtonY(uint256 ANN, uint256 gamma, uint256[2] memory x, uint256 D, uint256 i, uint256 limMul) internal pure returns (uint256) {
        uint256 xj = x[1 - i];
        uint256 y = D ** 2 / (xj * N_COINS ** 2);
        uint256 K0i = (10 ** 18 * N_COINS) * xj / D;
        require(K0i >= 10 ** 36 / limMul && K0i <= limMul, "unsafe values x[i]");
        uint256 convergenceLimit = _max(_max(xj / 10 ** 14, D / 10 ** 14), 100);
        for (uint256 k = 0; k < 255; k++) {
            uint256 yPrev = y;
            bool halved;
            (y, halved) = _newtonYStep(ANN, gamma, xj, D, K0i, y);
            if (halved) continue;
            uint256 diff = y > yPrev ? y - yPrev : yPrev - y;
            if (diff < _max(convergenceLimit, y / 10 ** 14)) return y;
        }
        revert("Did not converge");
    }

    function _limMul(uint256 gamma) private pure returns (uint256 limMul) {
        limMul = 100 * 10 ** 18;
        if (gamma > MAX_GAMMA_SMALL) limMul = (limMul * MAX_GAMMA_SMALL) / gamma;
    }

    function _checkAGammaD(uint256 ANN, uint256 gamma, uint256 D) private pure {
        require(ANN > MIN_A - 1 && ANN < MAX_A + 1, "unsafe values A");
        require(gamma > MIN_GAMMA - 1 && gamma < MAX_GAMMA + 1, "unsafe values gamma");
        require(D > 10 ** 17 - 1 && D < 10 ** 15 * 10 ** 18 + 1, "unsafe values D");
    }

    function _divider(int256 threshold) private pure returns (int256) {
        if (threshold > 10 ** 48) return 10 ** 30;
        if (threshold > 10 ** 46) return 10 ** 28;
        if (threshold > 10 ** 44) return 10 ** 26;
        if (threshold > 10 ** 42) return 10 ** 24;
        if (threshold > 10 ** 40) return 10 ** 22;
        if (threshold > 10 ** 38) return 10 ** 20;
        if (threshold > 10 ** 36) return 10 ** 18;
        if (threshold > 10 ** 34) return 10 ** 16;
        if (threshold > 10 ** 32) return 10 ** 14;
        if (threshold > 10 ** 30) return 10 ** 12;
        if (threshold > 10 ** 28) return 10 ** 10;
        if (threshold > 10 ** 26) return 10 ** 8;
        if (threshold > 10 ** 24) return 10 ** 6;
        if (threshold > 10 ** 20) return 10 ** 2;
        return 1;
    }

    /// @dev The cubic's coefficients before scaling.
    function _coefficients(int256 ANN, int256 gamma, int256 D, int256 xj) private pure returns (int256 b, int256 c, int256 d) {
        int256 gamma2;
        unchecked { gamma2 = gamma * gamma; }
        int256 annGamma2 = ANN * gamma2;
        b = D * annGamma2 / 400000000 / xj - int256(10 ** 32 * 3) - (2 * gamma) * 10 ** 14;
        int256 cPart;
        unchecked {
            c = int256(10 ** 32) * 3 + 4 * gamma * 10 ** 14 + gamma2 / 10 ** 4 + (4 * annGamma2) / 400000000 * xj / D;
            cPart = (4 * annGamma2) / 400000000;
        }
        c = c - cPart;
        unchecked { d = -(((10 ** 18 + gamma) ** 2) / 10 ** 4); }
    }

    /// @dev The cubic's coefficients, scaled down by the divider Curve picks from their size, and its deltas.
    function _cubic(int256 ANN, int256 gamma, int256 D, int256 xj) private pure returns (int256 a, int256 b, int256 delta0, int256 delta1) {
        (int256 b0, int256 c0, int256 d0) = _coefficients(ANN, gamma, D, xj);
        a = 10 ** 32;
        delta0 = 3 * a * c0 / b0 - b0;
        delta1 = 3 * delta0 + b0 - 27 * a ** 2 / b0 * d0 / b0;
        int256 t0 = _abs(delta0);
        int256 t1 = _abs(delta1);
        int256 threshold = t0 < t1 ? t0 : t1;
        if (a < threshold) threshold = a;
        int256 divider = _divider(threshold);
        unchecked {
            a = a / divider;
            b = b0 / divider;
            c0 = c0 / divider;
            d0 = d0 / divider;
            delta0 = (3 * a * c0) / b - b;
        }
        int256 tail;
        unchecked { tail = ((27 * a ** 2) / b * d0) / b; }
        delta1 = 3 * delta0 + b - tail;
    }

    /// @dev The cubic's root by Cardano's formula, as Curve computes it; false where its discriminant is not positive.
    function _root(int256 ANN, int256 gamma, int256 D, int256 xj) private pure returns (bool, int256) {
        (int256 a, int256 b, int256 delta0, int256 delta1) = _cubic(ANN, gamma, D, xj);
        int256 sqrtArg = delta1 ** 2 + _mulUnchecked((4 * delta0 ** 2) / b, delta0);
        if (sqrtArg <= 0) return (false, 0);
        int256 sqrtVal = int256(isqrt(uint256(sqrtArg)));
        int256 bCbrt = b > 0 ? int256(cbrt(uint256(b))) : -int256(cbrt(uint256(-b)));
        int256 secondCbrt;
        if (delta1 > 0) {
            int256 s;
            unchecked { s = delta1 + sqrtVal; }
            secondCbrt = int256(cbrt(uint256(s) / 2));
        } else {
            int256 s;
            unchecked { s = sqrtVal - delta1; }
            secondCbrt = -int256(cbrt(uint256(s) / 2));
        }
        int256 C1;
        unchecked { C1 = ((bCbrt ** 2 / 10 ** 18) * secondCbrt) / 10 ** 18; }
        int256 p1; int256 p2; int256 den;
        unchecked { p1 = 10 ** 18 * C1; p2 = 10 ** 18 * b; den = 3 * a; }
        int256 p3 = p2 / C1 * delta0;
        return (true, (p1 - p2 - p3) / den);
    }

    function getY(uint256 _ANN, uint256 _gamma, uint256[2] memory _x, uint256 _D, uint256 i) internal pure returns (uint256[2] memory out) {
        _checkAGammaD(_ANN, _gamma, _D);
        uint256 limMul = _limMul(_gamma);
        int256 D = int256(_D);
        int256 xj = int256(_x[1 - i]);
        int256 K0i;
        unchecked { K0i = (10 ** 18 * 2 * xj) / D; }
        require(K0i >= 10 ** 36 / int256(limMul) && K0i <= int256(limMul), "unsafe values x[i]");
        (bool solved, int256 root) = _root(int256(_ANN), int256(_gamma), D, xj);
        if (!solved) return [newtonY(_ANN, _gamma, _x, _D, i, limMul), uint256(0)];
        uint256 y0;
        unchecked { y0 = uint256((((D ** 2 / xj) * root) / 4) / 10 ** 18); }
        out = [y0, uint256(root)];
        uint256 frac;
        frac = y0 * 10 ** 18 / _D;
        require(frac >= (10 ** 36 / N_COINS) / limMul && frac <= limMul / N_COINS, "unsafe value for y");
    }

    function _mulUnchecked(int256 a, int256 b) private pure returns (int256 r) {
        unchecked { r = a * b; }
    }

    function newtonD(uint256 ANN, uint256 gamma, uint256[2] memory xUnsorted, uint256 K0prev) internal pure returns (uint256) {
        require(ANN > MIN_A - 1 && ANN < MAX_A + 1, "unsafe values A");
        require(gamma > MIN_GAMMA - 1 && gamma < MAX_GAMMA + 1, "unsafe values gamma");
        uint256[2] memory x = xUnsorted;
        if (x[0] < x[1]) x = [xUnsorted[1], xUnsorted[0]];
        require(x[0] > 10 ** 9 - 1 && x[0] < 10 ** 15 * 10 ** 18 + 1, "unsafe values x[0]");
        require((x[1] * 10 ** 18) / x[0] > 10 ** 14 - 1, "unsafe values x[i] (input)");
        uint256 S;
        uint256 D;
        unchecked { S = x[0] + x[1]; }
        if (K0prev == 0) {
            unchecked { D = N_COINS * isqrt(x[0] * x[1]); }
        } else {
            unchecked { D = isqrt(((4 * x[0] * x[1]) / K0prev) * 10 ** 18); }
            if (S < D) D = S;
        }
        for (uint256 k = 0; k < 255; k++) {
            uint256 Dprev = D;
            require(D > 0);
            D = _newtonDStep(ANN, gamma, x, D, S);
            uint256 diff;
            unchecked { diff = D > Dprev ? D - Dprev : Dprev - D; }
            if (diff * 10 ** 14 < _max(10 ** 16, D)) {
                for (uint256 m = 0; m < 2; m++) {
                    uint256 frac = x[m] * 10 ** 18 / D;
                    require(frac > 10 ** 16 / N_COINS - 1 && frac < 10 ** 20 / N_COINS + 1, "unsafe values x[i]");
                }
                return D;
            }
        }
        revert("Did not converge");
    }

    /// @dev One Newton step of `newton_D`.
    function _newtonDStep(uint256 ANN, uint256 gamma, uint256[2] memory x, uint256 D, uint256 S) private pure returns (uint256) {
        uint256 K0 = _k0(x, D);
        uint256 g1k0 = gamma + 10 ** 18;
        unchecked { g1k0 = g1k0 > K0 ? g1k0 - K0 + 1 : K0 - g1k0 + 1; }
        uint256 mul1 = _mul1(ANN, gamma, D, g1k0);
        uint256 mul2;
        uint256 m2 = ((2 * 10 ** 18) * N_COINS) * K0;
        unchecked { mul2 = m2 / g1k0; }
        uint256 negFprime = (S + (S * mul2) / 10 ** 18) + mul1 * N_COINS / K0 - (mul2 * D) / 10 ** 18;
        uint256 Dplus = D * (negFprime + S) / negFprime;
        uint256 Dminus;
        unchecked { Dminus = (D * D) / negFprime; }
        Dminus = _dMinus(D, Dminus, mul1, negFprime, K0);
        unchecked {
            if (Dplus > Dminus) return Dplus - Dminus;
            return (Dminus - Dplus) / 2;
        }
    }

    function _mul1(uint256 ANN, uint256 gamma, uint256 D, uint256 g1k0) private pure returns (uint256 mul1) {
        uint256 t = 10 ** 18 * D;
        unchecked { t = t / gamma; }
        t = t * g1k0;
        unchecked { t = t / gamma; }
        t = t * g1k0 * A_MULTIPLIER;
        unchecked { mul1 = t / ANN; }
    }

    function _k0(uint256[2] memory x, uint256 D) private pure returns (uint256 K0) {
        uint256 t = (10 ** 18 * N_COINS ** 2) * x[0];
        unchecked { t = t / D; }
        t = t * x[1];
        unchecked { K0 = t / D; }
    }

    function _dMinus(uint256 D, uint256 Dminus, uint256 mul1, uint256 negFprime, uint256 K0) private pure returns (uint256) {
        uint256 q;
        unchecked { q = mul1 / negFprime; }
        uint256 dq = D * q;
        unchecked { dq = dq / 10 ** 18; }
        if (10 ** 18 > K0) {
            uint256 r = dq * (10 ** 18 - K0);
            unchecked { r = r / K0; }
            return Dminus + r;
        }
        uint256 r2 = dq * (K0 - 10 ** 18);
        unchecked { r2 = r2 / K0; }
        return Dminus - r2;
    }

    function getP(uint256[2] memory xp, uint256 D, uint256[2] memory Agamma) internal pure returns (uint256) {
        require(D > 10 ** 17 - 1 && D < 10 ** 15 * 10 ** 18 + 1, "unsafe D values");
        uint256 K0;
        uint256 t = 4 * xp[0] * xp[1];
        unchecked { t = t / D; }
        t = t * 10 ** 36;
        unchecked { K0 = t / D; }
        uint256 GK0;
        {
            uint256 a1 = 2 * K0 * K0;
            unchecked { a1 = a1 / 10 ** 36; }
            a1 = a1 * K0;
            unchecked { a1 = a1 / 10 ** 36; }
            uint256 g1;
            uint256 k2;
            uint256 g2;
            unchecked {
                g1 = (Agamma[1] + 10 ** 18) ** 2;
                k2 = (K0 ** 2) / 10 ** 36;
            }
            g2 = 2 * Agamma[1] + 3 * 10 ** 18;
            uint256 sub = k2 * g2;
            unchecked { sub = sub / 10 ** 18; }
            GK0 = a1 + g1 - sub;
        }
        uint256 NNAG2;
        unchecked { NNAG2 = (Agamma[0] * Agamma[1] ** 2) / A_MULTIPLIER; }
        uint256 den;
        {
            uint256 u = NNAG2 * xp[0];
            unchecked { u = u / D; }
            u = u * K0;
            unchecked { u = u / 10 ** 36; }
            den = GK0 + u;
        }
        uint256 v = NNAG2 * xp[1];
        unchecked { v = v / D; }
        v = v * K0;
        unchecked { v = v / 10 ** 36; }
        uint256 num = xp[0] * (GK0 + v) / xp[1] * 10 ** 18;
        unchecked { return num / den; }
    }

    function wadExp(int256 x) internal pure returns (int256) {
        if (x <= -42139678854452767551) return 0;
        require(x < 135305999368893231589, "Math: wad_exp overflow");
        unchecked {
            int256 value = (x << 78) / 5 ** 18;
            int256 k = ((value << 96) / 54916777467707473351141471128 + 2 ** 95) >> 96;
            value = value - k * 54916777467707473351141471128;
            int256 y = (((value + 1346386616545796478920950773328) * value) >> 96) + 57155421227552351082224309758442;
            int256 p = (((((y + value) - 94201549194550492254356042504812) * y) >> 96) + 28719021644029726153956944680412240) * value + (4385272521454847904659076985693276 << 96);
            int256 q = (((value - 2855989394907223263936484059900) * value) >> 96) + 50020603652535783019961831881945;
            q = ((q * value) >> 96) - 533845033583426703283633433725380;
            q = ((q * value) >> 96) + 3604857256930695427073651918091429;
            q = ((q * value) >> 96) - 14423608567350463180887372962807573;
            q = ((q * value) >> 96) + 26449188498355588339934803723976023;
            int256 r = p / q;
            return int256((uint256(r) * 3822833074963236453042738258902158003155416615667) >> uint256(195 - k));
        }
    }
}
