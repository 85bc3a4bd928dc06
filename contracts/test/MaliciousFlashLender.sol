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

interface IERC20Pull {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// @title MaliciousFlashLender
/// @notice Test only: a "lender" a plan names that calls back the way an attacker would — through
///         another contract, naming another initiator, twice, not at all until later ({callBackLate}),
///         pulling one wei less than it was approved, or naming another asset than the loan's.
contract MaliciousFlashLender {
    /// 0: callback through a relay; 1: wrong initiator; 2: two callbacks; 3: no callback during the loan, the
    /// loan kept for {callBackLate}; 4: one callback, then pulls `amount - 1` of the `amount` approved; 5: the
    /// callback names `otherAsset` (same amount).
    uint256 public mode;
    address public otherAsset;
    FlashRelay public immutable relayer = new FlashRelay();
    address private lateReceiver;
    address private lateAsset;
    uint256 private lateAmount;
    bytes private lateParams;

    function setMode(uint256 mode_) external {
        mode = mode_;
    }

    function setOtherAsset(address asset) external {
        otherAsset = asset;
    }

    function flashLoanSimple(address receiver, address asset, uint256 amount, bytes calldata params, uint16) external {
        if (mode == 0) {
            relayer.relay(receiver, asset, amount, params);
        } else if (mode == 1) {
            IFlashLoanSimpleReceiver(receiver).executeOperation(asset, amount, 0, address(this), params);
        } else if (mode == 2) {
            IFlashLoanSimpleReceiver(receiver).executeOperation(asset, amount, 0, receiver, params);
            IFlashLoanSimpleReceiver(receiver).executeOperation(asset, amount, 0, receiver, params);
        } else if (mode == 3) {
            (lateReceiver, lateAsset, lateAmount, lateParams) = (receiver, asset, amount, params);
        } else if (mode == 4) {
            IFlashLoanSimpleReceiver(receiver).executeOperation(asset, amount, 0, receiver, params);
            IERC20Pull(asset).transferFrom(receiver, address(this), amount - 1);
        } else {
            IFlashLoanSimpleReceiver(receiver).executeOperation(otherAsset, amount, 0, receiver, params);
        }
    }

    /// @notice Mode 3: the callback of the loan asked for earlier, after that loan returned.
    function callBackLate() external {
        IFlashLoanSimpleReceiver(lateReceiver).executeOperation(lateAsset, lateAmount, 0, lateReceiver, lateParams);
    }
}
