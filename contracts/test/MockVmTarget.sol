// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title MockVmTarget
/// @notice Test-only call target exercising the weiroll argument encodings (arrays, tuples, bytes, state).
contract MockVmTarget {
    struct Pair {
        uint256 a;
        uint256 b;
    }

    struct Labeled {
        uint256 amount;
        bytes label;
    }

    error CustomFailure(uint256 code);

    function sum(uint256[] calldata values) external pure returns (uint256 total) {
        for (uint256 i; i < values.length; ++i) total += values[i];
    }

    function pairSum(Pair calldata pair) external pure returns (uint256) {
        return pair.a + pair.b;
    }

    function fixedSum(uint256[3] calldata values) external pure returns (uint256) {
        return values[0] + values[1] + values[2];
    }

    function concat(bytes calldata a, bytes calldata b) external pure returns (bytes memory) {
        return bytes.concat(a, b);
    }

    function joinLabels(Labeled[] calldata items) external pure returns (uint256 total, bytes memory joined) {
        for (uint256 i; i < items.length; ++i) {
            total += items[i].amount;
            joined = bytes.concat(joined, items[i].label);
        }
    }

    function totalLength(bytes[] calldata items) external pure returns (uint256 total) {
        for (uint256 i; i < items.length; ++i) total += items[i].length;
    }

    function sum8(uint256 a, uint256 b, uint256 c, uint256 d, uint256 e, uint256 f, uint256 g, uint256 h)
        external
        pure
        returns (uint256)
    {
        return a + b + c + d + e + f + g + h;
    }

    function pay() external payable returns (uint256) {
        return msg.value;
    }

    function fail(string calldata reason) external pure {
        revert(reason);
    }

    function failCustom(uint256 code) external pure {
        revert CustomFailure(code);
    }
}
