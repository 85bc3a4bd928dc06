// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title TokenHookAttacker
/// @notice Test-only ERC-777-style hook (registered with a `HookToken` for its own address) that, whenever a
///         transfer to or from it hands it control, tries every armed call (re-enter the router, run the
///         executor, pull the executor's tokens...) and records whether each succeeded. It never reverts, so
///         the transfer, and the plan around it, go on: the test then checks that no attempt succeeded.
contract TokenHookAttacker {
    struct Attack {
        address target;
        bytes data;
    }

    Attack[] private _attacks;
    bool private _inHook;
    uint256 public attempts;
    uint256 public successes;

    event AttackResult(uint256 indexed index, bool success, bytes result);

    /// @notice Registers this contract as its own hook with `token` (`setHook(address)`).
    function register(address token) external {
        (bool ok,) = token.call(abi.encodeWithSignature("setHook(address)", address(this)));
        require(ok, "setHook");
    }

    /// @notice Replaces the calls tried on every hook.
    function arm(Attack[] calldata attacks) external {
        delete _attacks;
        for (uint256 i; i < attacks.length; ++i) _attacks.push(attacks[i]);
    }

    function tokensToSend(address, address, address, uint256) external {
        _attack();
    }

    function tokensReceived(address, address, address, uint256) external {
        _attack();
    }

    /// @notice Lets a test (impersonating this contract) approve a spender.
    function approve(address token, address spender, uint256 amount) external {
        (bool ok,) = token.call(abi.encodeWithSignature("approve(address,uint256)", spender, amount));
        require(ok, "approve");
    }

    function _attack() private {
        if (_inHook) return;
        _inHook = true;
        for (uint256 i; i < _attacks.length; ++i) {
            (bool ok, bytes memory result) = _attacks[i].target.call(_attacks[i].data);
            attempts += 1;
            if (ok) successes += 1;
            emit AttackResult(i, ok, result);
        }
        _inHook = false;
    }

    receive() external payable {}
}
