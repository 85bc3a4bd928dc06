// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {WeirollCommandBuilder} from "./WeirollCommandBuilder.sol";

/// @title WeirollVM
/// @notice A weiroll-compatible command interpreter. Each command is one bytes32, most significant first:
///         `selector(4) | flags(1) | inputs(6) | output(1) | target(20)`.
/// @dev Flags: `flags & 0x03` is the call type (0x01 CALL, 0x02 STATICCALL, 0x03 CALL with value whose first
///      input is the wei amount). 0x00 (DELEGATECALL) is rejected: user data must never reach delegatecall.
///      0x20: the first input slot holds the complete calldata. 0x40: extended command, the next bytes32 holds
///      32 input indices. 0x80: the raw return data is stored as a `bytes` value.
///      The output byte uses the index encoding of {WeirollCommandBuilder}; 0xff discards, 0xfe replaces the state.
abstract contract WeirollVM {
    using WeirollCommandBuilder for bytes[];

    uint256 internal constant FLAG_CT_DELEGATECALL = 0x00;
    uint256 internal constant FLAG_CT_CALL = 0x01;
    uint256 internal constant FLAG_CT_STATICCALL = 0x02;
    uint256 internal constant FLAG_CT_VALUECALL = 0x03;
    uint256 internal constant FLAG_CT_MASK = 0x03;
    uint256 internal constant FLAG_DATA = 0x20;
    uint256 internal constant FLAG_EXTENDED_COMMAND = 0x40;
    uint256 internal constant FLAG_TUPLE_RETURN = 0x80;
    uint256 internal constant SHORT_COMMAND_FILL = 0x000000000000ffffffffffffffffffffffffffffffffffffffffffffffffffff;

    /// @notice Command `command_index` (position of its first word) failed at `target`.
    /// @dev `message` is the revert reason of an `Error(string)`, "Unknown" for empty revert data,
    ///      otherwise the revert data as 0x-prefixed hex (custom errors stay decodable off-chain).
    error ExecutionFailed(uint256 command_index, address target, string message);

    /// @notice Runs `commands` over `state` and returns the final state.
    function _execute(bytes32[] calldata commands, bytes[] memory state) internal returns (bytes[] memory) {
        uint256 length = commands.length;
        for (uint256 i; i < length; ++i) {
            uint256 commandIndex = i;
            bytes32 command = commands[i];
            bytes32 indices;
            if (uint8(bytes1(command << 32)) & FLAG_EXTENDED_COMMAND != 0) {
                if (++i == length) {
                    revert ExecutionFailed(commandIndex, address(uint160(uint256(command))), "Missing extended indices");
                }
                indices = commands[i];
            } else {
                indices = bytes32(uint256(command << 40) | SHORT_COMMAND_FILL);
            }
            state = _runCommand(state, command, indices, commandIndex);
        }
        return state;
    }

    function _runCommand(bytes[] memory state, bytes32 command, bytes32 indices, uint256 commandIndex)
        private
        returns (bytes[] memory)
    {
        uint256 flags = uint8(bytes1(command << 32));
        address target = address(uint160(uint256(command)));
        uint256 callType = flags & FLAG_CT_MASK;
        uint256 value;
        if (callType == FLAG_CT_VALUECALL) {
            value = state.readUint(uint8(bytes1(indices)) & WeirollCommandBuilder.IDX_VALUE_MASK);
            indices = bytes32(uint256(indices << 8) | WeirollCommandBuilder.IDX_END_OF_ARGS);
        } else if (callType == FLAG_CT_DELEGATECALL) {
            revert ExecutionFailed(commandIndex, target, "Delegatecall not supported");
        }

        bytes memory input = flags & FLAG_DATA == 0
            ? state.buildInputs(bytes4(command), indices)
            : state.readRaw(uint8(bytes1(indices)) & WeirollCommandBuilder.IDX_VALUE_MASK);

        bool success;
        bytes memory output;
        if (callType == FLAG_CT_STATICCALL) {
            (success, output) = target.staticcall(input);
        } else {
            _beforeCall(target, input);
            (success, output) = target.call{value: value}(input);
        }
        if (!success) revert ExecutionFailed(commandIndex, target, _revertMessage(output));
        // A function call to an address without code "succeeds" silently; refuse it, as SafeERC20 does.
        if (output.length == 0 && input.length != 0 && target.code.length == 0) {
            revert ExecutionFailed(commandIndex, target, "Target has no code");
        }

        uint256 outIndex = uint8(bytes1(command << 88));
        if (flags & FLAG_TUPLE_RETURN != 0) {
            state.writeTuple(outIndex, output);
            return state;
        }
        return state.writeOutputs(outIndex, output);
    }

    /// @notice Called before every state-changing command (CALL, CALL with value) with its target and calldata.
    /// @dev A context that runs several users' plans overrides it ({SwitchyardAllowanceLedger}).
    function _beforeCall(address target, bytes memory input) internal virtual {}

    function _revertMessage(bytes memory data) private pure returns (string memory) {
        if (data.length == 0) return "Unknown";
        if (data.length >= 68 && bytes4(data) == 0x08c379a0) {
            bytes memory body = new bytes(data.length - 4);
            assembly ("memory-safe") {
                mcopy(add(body, 32), add(data, 36), sub(mload(data), 4))
            }
            return abi.decode(body, (string));
        }
        bytes16 digits = "0123456789abcdef";
        bytes memory hexed = new bytes(2 + data.length * 2);
        hexed[0] = "0";
        hexed[1] = "x";
        for (uint256 k; k < data.length; ++k) {
            hexed[2 + 2 * k] = digits[uint8(data[k]) >> 4];
            hexed[3 + 2 * k] = digits[uint8(data[k]) & 0x0f];
        }
        return string(hexed);
    }
}
