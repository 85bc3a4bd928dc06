// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IFlashLoanSimpleReceiver {
    function executeOperation(address asset, uint256 amount, uint256 premium, address initiator, bytes calldata params)
        external
        returns (bool);
}

/// @title FlashRelay
/// @notice Test only: makes the flash-loan callback come from an address other than the lender.
contract FlashRelay {
    function relay(address receiver, address asset, uint256 amount, bytes calldata params) external {
        IFlashLoanSimpleReceiver(receiver).executeOperation(asset, amount, 0, receiver, params);
    }
}

/// @title MaliciousFlashLender
/// @notice Test only: a "lender" a plan names that calls back the way an attacker would — through
///         another contract, naming another initiator, or twice.
contract MaliciousFlashLender {
    /// 0: callback through a relay; 1: wrong initiator; 2: two callbacks.
    uint256 public mode;
    FlashRelay public immutable relayer = new FlashRelay();

    function setMode(uint256 mode_) external {
        mode = mode_;
    }

    function flashLoanSimple(address receiver, address asset, uint256 amount, bytes calldata params, uint16) external {
        if (mode == 0) {
            relayer.relay(receiver, asset, amount, params);
        } else if (mode == 1) {
            IFlashLoanSimpleReceiver(receiver).executeOperation(asset, amount, 0, address(this), params);
        } else {
            IFlashLoanSimpleReceiver(receiver).executeOperation(asset, amount, 0, receiver, params);
            IFlashLoanSimpleReceiver(receiver).executeOperation(asset, amount, 0, receiver, params);
        }
    }
}
