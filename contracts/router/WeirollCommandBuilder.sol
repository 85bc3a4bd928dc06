// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title WeirollCommandBuilder
/// @notice Builds ABI calldata from weiroll state slots and writes call results back into the state.
/// @dev Index byte semantics (one byte per argument, read left to right):
///      - `0x00..0x7f`: static value; the slot must hold exactly 32 bytes, copied into the head.
///      - `0x80 | slot`: variable-length value; the slot holds the ABI tail (e.g. length word + data of a
///        `bytes`), a pointer goes into the head and the slot is copied into the tail. The slot's length
///        must be a multiple of 32.
///      - `0xfe`: the whole state, encoded as `bytes[]` (variable-length).
///      - `0xfd ... 0xfb`: a dynamic array `T[]` whose elements are the indices up to the matching `0xfb`.
///      - `0xfc ... 0xfb`: a tuple (or fixed-size array) whose components are the indices up to the matching
///        `0xfb`; inlined into the head when every component is static, else behind a pointer.
///      - `0xff`: end of arguments.
///      Because `0xfb..0xff` are markers, variable-length values live in slots 0..122 only.
library WeirollCommandBuilder {
    uint256 internal constant IDX_VARIABLE_LENGTH = 0x80;
    uint256 internal constant IDX_VALUE_MASK = 0x7f;
    uint256 internal constant IDX_END_OF_ARGS = 0xff;
    uint256 internal constant IDX_USE_STATE = 0xfe;
    uint256 internal constant IDX_ARRAY_START = 0xfd;
    uint256 internal constant IDX_TUPLE_START = 0xfc;
    uint256 internal constant IDX_DYNAMIC_END = 0xfb;

    /// @notice A static slot does not hold exactly 32 bytes.
    error StaticStateNot32Bytes(uint256 slot, uint256 length);
    /// @notice A variable-length slot is not a whole number of words.
    error DynamicStateNotWordAligned(uint256 slot, uint256 length);
    /// @notice An array or tuple marker has no matching `0xfb`, or `0xfb` appears outside one.
    error UnbalancedIndexMarkers();
    /// @notice A slot index points past the end of the state.
    error StateIndexOutOfBounds(uint256 slot, uint256 stateLength);
    /// @notice A single-value output does not have the ABI shape of one value.
    error InvalidOutputShape(uint256 slot, uint256 length);

    /// @notice ABI-encodes `selector` followed by the arguments described by `indices`.
    function buildInputs(bytes[] memory state, bytes4 selector, bytes32 indices) internal view returns (bytes memory) {
        (bytes memory args,,,) = _encodeList(state, indices, 0, false);
        return bytes.concat(selector, args);
    }

    /// @notice Writes a call's return data into the state as one value (static or variable-length),
    ///         or replaces the whole state (`0xfe`), or discards it (`0xff`).
    function writeOutputs(bytes[] memory state, uint256 index, bytes memory output) internal pure returns (bytes[] memory) {
        if (index == IDX_END_OF_ARGS) return state;
        if (index == IDX_USE_STATE) return abi.decode(output, (bytes[]));
        uint256 slot = index & IDX_VALUE_MASK;
        if (slot >= state.length) revert StateIndexOutOfBounds(slot, state.length);
        if (index & IDX_VARIABLE_LENGTH != 0) {
            // One dynamic return value is encoded as [0x20][tail...]; keep the tail.
            if (output.length < 64 || output.length % 32 != 0 || uint256(bytes32(output)) != 32) {
                revert InvalidOutputShape(slot, output.length);
            }
            state[slot] = _slice(output, 32, output.length - 32);
        } else {
            if (output.length != 32) revert InvalidOutputShape(slot, output.length);
            state[slot] = output;
        }
        return state;
    }

    /// @notice Stores the raw return data as a `bytes` value (length word, data, zero padding).
    function writeTuple(bytes[] memory state, uint256 index, bytes memory output) internal pure {
        if (index == IDX_END_OF_ARGS) return;
        uint256 slot = index & IDX_VALUE_MASK;
        if (slot >= state.length) revert StateIndexOutOfBounds(slot, state.length);
        uint256 padded = (output.length + 31) & ~uint256(31);
        bytes memory entry = new bytes(32 + padded);
        assembly ("memory-safe") {
            mstore(add(entry, 32), mload(output))
            mcopy(add(entry, 64), add(output, 32), mload(output))
        }
        state[slot] = entry;
    }

    /// @notice Reads the static slot at `slot` as a uint256 (the wei amount of a value call).
    function readUint(bytes[] memory state, uint256 slot) internal pure returns (uint256) {
        if (slot >= state.length) revert StateIndexOutOfBounds(slot, state.length);
        bytes memory v = state[slot];
        if (v.length != 32) revert StaticStateNot32Bytes(slot, v.length);
        return uint256(bytes32(v));
    }

    /// @notice Returns the slot at `slot`, bounds-checked (raw calldata of a FLAG_DATA command).
    function readRaw(bytes[] memory state, uint256 slot) internal pure returns (bytes memory) {
        if (slot >= state.length) revert StateIndexOutOfBounds(slot, state.length);
        return state[slot];
    }

    /// @dev Encodes the list of values starting at `pos` as an ABI head+tail block. When `nested`, the list
    ///      must end with `0xfb`; `count` is the number of values (the length of an array).
    function _encodeList(bytes[] memory state, bytes32 indices, uint256 pos, bool nested)
        private
        view
        returns (bytes memory encoded, uint256 next, bool dynamic, uint256 count)
    {
        bytes[] memory parts = new bytes[](32);
        bool[] memory isDynamic = new bool[](32);
        bool closed;
        while (pos < 32) {
            uint256 idx = uint8(indices[pos]);
            if (idx == IDX_END_OF_ARGS) break;
            if (idx == IDX_DYNAMIC_END) {
                if (!nested) revert UnbalancedIndexMarkers();
                ++pos;
                closed = true;
                break;
            }
            (parts[count], isDynamic[count], pos) = _encodeValue(state, indices, pos);
            dynamic = dynamic || isDynamic[count];
            ++count;
        }
        if (nested && !closed) revert UnbalancedIndexMarkers();
        next = pos;
        encoded = _assemble(parts, isDynamic, count);
    }

    /// @dev Encodes the one value that starts at `pos`: a static word, a variable-length tail, the whole state,
    ///      an array or a tuple. Returns its encoding, whether it is dynamic, and the position after it.
    function _encodeValue(bytes[] memory state, bytes32 indices, uint256 pos)
        private
        view
        returns (bytes memory part, bool partDynamic, uint256 next)
    {
        uint256 idx = uint8(indices[pos]);
        if (idx == IDX_USE_STATE) {
            bytes memory whole = abi.encode(state);
            return (_slice(whole, 32, whole.length - 32), true, pos + 1);
        }
        if (idx == IDX_ARRAY_START) {
            bytes memory inner;
            uint256 length;
            (inner, next,, length) = _encodeList(state, indices, pos + 1, true);
            return (bytes.concat(bytes32(length), inner), true, next);
        }
        if (idx == IDX_TUPLE_START) {
            (part, next, partDynamic,) = _encodeList(state, indices, pos + 1, true);
            return (part, partDynamic, next);
        }
        uint256 slot = idx & IDX_VALUE_MASK;
        if (slot >= state.length) revert StateIndexOutOfBounds(slot, state.length);
        part = state[slot];
        if (idx & IDX_VARIABLE_LENGTH != 0) {
            if (part.length % 32 != 0) revert DynamicStateNotWordAligned(slot, part.length);
            return (part, true, pos + 1);
        }
        if (part.length != 32) revert StaticStateNot32Bytes(slot, part.length);
        return (part, false, pos + 1);
    }

    /// @dev Lays out `count` encoded values: static ones inline in the head, dynamic ones as an offset
    ///      (relative to the start of the block) in the head and their encoding in the tail.
    function _assemble(bytes[] memory parts, bool[] memory isDynamic, uint256 count)
        private
        pure
        returns (bytes memory encoded)
    {
        uint256 headSize;
        uint256 total;
        for (uint256 k; k < count; ++k) {
            uint256 len = parts[k].length;
            headSize += isDynamic[k] ? 32 : len;
            total += isDynamic[k] ? 32 + len : len;
        }
        encoded = new bytes(total);
        uint256 head;
        uint256 tail = headSize;
        for (uint256 k; k < count; ++k) {
            bytes memory part = parts[k];
            uint256 len = part.length;
            if (isDynamic[k]) {
                assembly ("memory-safe") {
                    mstore(add(add(encoded, 32), head), tail)
                    mcopy(add(add(encoded, 32), tail), add(part, 32), len)
                }
                head += 32;
                tail += len;
            } else {
                assembly ("memory-safe") {
                    mcopy(add(add(encoded, 32), head), add(part, 32), len)
                }
                head += len;
            }
        }
    }

    function _slice(bytes memory data, uint256 start, uint256 length) private pure returns (bytes memory out) {
        out = new bytes(length);
        assembly ("memory-safe") {
            mcopy(add(out, 32), add(add(data, 32), start), length)
        }
    }
}
