// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import { ILayerZeroEndpointV2, MessagingFee, MessagingParams, MessagingReceipt, Origin } from "@layerzerolabs/lz-evm-protocol-v2/contracts/interfaces/ILayerZeroEndpointV2.sol";
import { ILayerZeroReceiver } from "@layerzerolabs/lz-evm-protocol-v2/contracts/interfaces/ILayerZeroReceiver.sol";

/// @title LayerZeroTestApp
/// @notice Test-only OApp: sends a message through EndpointV2 and, as an ILayerZeroReceiver, records what it receives
/// from its peer. A stand-in for the OApp base of the oapp-evm package (whose peer dependencies we do not install).
contract LayerZeroTestApp is ILayerZeroReceiver {
    ILayerZeroEndpointV2 public immutable endpoint;
    address public immutable owner;
    /// @notice The trusted sender on each remote eid (OApp `peers`).
    mapping(uint32 eid => bytes32 peer) public peers;
    bytes public lastMessage;
    bytes32 public lastGuid;
    uint256 public received;

    error OnlyEndpoint(address caller);
    error OnlyPeer(uint32 eid, bytes32 sender);
    error OnlyOwner();

    constructor(address endpoint_) {
        endpoint = ILayerZeroEndpointV2(endpoint_);
        owner = msg.sender;
    }

    function setPeer(uint32 eid, bytes32 peer) external {
        if (msg.sender != owner) revert OnlyOwner();
        peers[eid] = peer;
    }

    function quote(uint32 dstEid, bytes calldata message) external view returns (MessagingFee memory) {
        return endpoint.quote(MessagingParams(dstEid, peers[dstEid], message, "", false), address(this));
    }

    /// @notice Sends `message` to the peer on `dstEid`; `msg.value` pays the native fee, the rest is refunded to the caller.
    function send(uint32 dstEid, bytes calldata message) external payable returns (MessagingReceipt memory) {
        return endpoint.send{ value: msg.value }(MessagingParams(dstEid, peers[dstEid], message, "", false), msg.sender);
    }

    function allowInitializePath(Origin calldata origin) external view returns (bool) {
        return peers[origin.srcEid] == origin.sender;
    }

    function nextNonce(uint32, bytes32) external pure returns (uint64) {
        return 0;
    }

    function lzReceive(Origin calldata origin, bytes32 guid, bytes calldata message, address, bytes calldata) external payable {
        if (msg.sender != address(endpoint)) revert OnlyEndpoint(msg.sender);
        if (peers[origin.srcEid] != origin.sender) revert OnlyPeer(origin.srcEid, origin.sender);
        lastMessage = message;
        lastGuid = guid;
        received += 1;
    }
}
