// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

interface IFlashLoanReceiver {
    function executeOperation(address asset, uint256 amount, uint256 premium, address initiator, bytes calldata params)
        external
        returns (bool);
}

/// @title HostileCallee
/// @notice Test only: every role a plan can hand control to, played by an attacker. Whenever it gets control
///         (native coin, a call, an NFT callback, a token hook, a swap, a flash loan), it runs every armed
///         attempt (any call, e.g. into the wallet, delegate, router, executor or bridge receiver) and tries
///         to pull the whole balance of every armed (token, holder) pair to `sink`. Failures are swallowed so
///         the victim's plan goes on; `succeeded` counts attempts that did not revert and drains that moved
///         tokens, `struck` counts the times it had control.
contract HostileCallee {
    struct Attempt {
        address target;
        uint256 value;
        bytes data;
    }

    struct Drain {
        address token;
        address holder;
    }

    address public immutable sink;
    Attempt[] private attempts;
    Drain[] private drains;
    uint256 public struck;
    uint256 public succeeded;
    bool private striking;

    /// Flash-lender role: the plan the callback gets instead of the one it asked for (empty: the asked one),
    /// and the premium claimed.
    bytes public lenderParams;
    uint256 public lenderPremium;
    /// Flash-lender role: leave the repayment approval unused (to pull it later, if it outlives the loan).
    bool public lenderKeepsApproval;

    event Attempted(uint256 index, bool ok, bytes result);
    event Drained(address token, address holder, uint256 amount);

    constructor(address sink_) {
        sink = sink_;
    }

    function arm(Attempt[] calldata attempts_, Drain[] calldata drains_) external {
        delete attempts;
        delete drains;
        for (uint256 i; i < attempts_.length; ++i) attempts.push(attempts_[i]);
        for (uint256 i; i < drains_.length; ++i) drains.push(drains_[i]);
    }

    function setLender(bytes calldata params, uint256 premium, bool keepsApproval) external {
        lenderParams = params;
        lenderPremium = premium;
        lenderKeepsApproval = keepsApproval;
    }

    function _strike() internal {
        if (striking) return;
        striking = true;
        ++struck;
        for (uint256 i; i < attempts.length; ++i) {
            Attempt memory a = attempts[i];
            (bool ok, bytes memory result) = a.target.call{value: a.value <= address(this).balance ? a.value : 0}(a.data);
            if (ok) ++succeeded;
            emit Attempted(i, ok, result);
        }
        for (uint256 i; i < drains.length; ++i) {
            Drain memory d = drains[i];
            uint256 balance = IERC20(d.token).balanceOf(d.holder);
            if (balance == 0) continue;
            uint256 before = IERC20(d.token).balanceOf(sink);
            (bool ok,) = d.token.call(abi.encodeCall(IERC20.transferFrom, (d.holder, sink, balance)));
            if (ok && IERC20(d.token).balanceOf(sink) > before) {
                ++succeeded;
                emit Drained(d.token, d.holder, balance);
            }
        }
        striking = false;
    }

    /// @notice The target of an `enso call`.
    function poke() external payable returns (uint256) {
        _strike();
        return 1;
    }

    /// @notice A "pool": gets control (and tries to pull more than it was approved), then pulls `amountIn`
    ///         with the caller's approval and pays `amountOut` back.
    function swap(address tokenIn, uint256 amountIn, address tokenOut, uint256 amountOut) external returns (uint256) {
        _strike();
        IERC20(tokenIn).transferFrom(msg.sender, address(this), amountIn);
        IERC20(tokenOut).transfer(msg.sender, amountOut);
        return amountOut;
    }

    /// @notice An Aave-V3-shaped lender that lends what it holds and calls back with its own plan and premium.
    function flashLoanSimple(address receiver, address asset, uint256 amount, bytes calldata params, uint16) external {
        IERC20(asset).transfer(receiver, amount);
        bytes memory sent = params;
        if (lenderParams.length != 0) sent = lenderParams;
        uint256 premium = lenderPremium;
        (bool ok, bytes memory result) =
            receiver.call(abi.encodeCall(IFlashLoanReceiver.executeOperation, (asset, amount, premium, receiver, sent)));
        if (ok) {
            if (!lenderKeepsApproval) IERC20(asset).transferFrom(receiver, address(this), amount + premium);
        } else {
            // The callback was refused: the loan fails as a real lender's would.
            assembly ("memory-safe") {
                revert(add(result, 32), mload(result))
            }
        }
        _strike();
    }

    function onERC721Received(address, address, uint256, bytes calldata) external returns (bytes4) {
        _strike();
        return this.onERC721Received.selector;
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external returns (bytes4) {
        _strike();
        return this.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata)
        external
        returns (bytes4)
    {
        _strike();
        return this.onERC1155BatchReceived.selector;
    }

    receive() external payable {
        _strike();
    }

    fallback() external payable {
        _strike();
    }
}
