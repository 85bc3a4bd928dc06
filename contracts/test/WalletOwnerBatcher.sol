// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title WalletOwnerBatcher
/// @notice Test only: a contract that owns a smart wallet and calls it several times in one transaction (each
///         call's success and return data recorded), to prove the wallet's and the delegate's transient guards
///         are restored between calls.
contract WalletOwnerBatcher {
    struct Call {
        address target;
        bytes data;
    }

    bool[] public oks;
    bytes[] public results;

    function run(Call[] calldata calls) external payable {
        delete oks;
        delete results;
        for (uint256 i; i < calls.length; ++i) {
            (bool ok, bytes memory result) = calls[i].target.call(calls[i].data);
            oks.push(ok);
            results.push(result);
        }
    }
}
