// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title StargateComposeProbe
/// @notice Test-only LayerZero composer (ILayerZeroComposer): records every `lzCompose` EndpointV2 delivers to it,
/// e.g. the compose message a Stargate pool queues after a taxi transfer with `composeMsg`.
contract StargateComposeProbe {
    address public immutable endpoint;
    uint256 public calls;
    address public lastFrom;
    bytes32 public lastGuid;
    bytes public lastMessage;
    address public lastExecutor;
    bytes public lastExtraData;
    uint256 public lastValue;

    error OnlyEndpoint(address caller);

    constructor(address endpoint_) {
        endpoint = endpoint_;
    }

    function lzCompose(address from, bytes32 guid, bytes calldata message, address executor, bytes calldata extraData) external payable {
        if (msg.sender != endpoint) revert OnlyEndpoint(msg.sender);
        calls += 1;
        lastFrom = from;
        lastGuid = guid;
        lastMessage = message;
        lastExecutor = executor;
        lastExtraData = extraData;
        lastValue = msg.value;
    }

    /// @notice Accepts a native pool's payout (sent with a 2300-gas stipend).
    receive() external payable {}
}
