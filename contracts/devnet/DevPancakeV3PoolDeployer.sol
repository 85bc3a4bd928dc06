// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title DevPancakeV3PoolDeployer
/// @notice Our implementation, for the devnet, of PancakeSwap V3's pool deployer (mainnet
///         0x41ff9AA7e16B8B1a8a8dc4f0eFacd93D02d071c9), which is not published on npm. PancakeSwap's
///         `PancakeV3Factory` (npm package pancakeswap/v3-core) calls {deploy}; the real `PancakeV3Pool` constructor
///         calls back {parameters} on its deployer to read its factory, tokens, fee and tick spacing. The pool
///         creation code is the published one, read from `poolCodeStore` (a data contract: one STOP byte, then
///         the code), so pools land where mainnet's deployer would put them: CREATE2 from this address with
///         salt keccak256(token0, token1, fee) and PancakeSwap's init code hash.
contract DevPancakeV3PoolDeployer {
    struct Parameters {
        address factory;
        address token0;
        address token1;
        uint24 fee;
        int24 tickSpacing;
    }

    /// @notice The only caller of {deploy}.
    address public immutable factoryAddress;
    /// @notice The data contract holding `PancakeV3Pool`'s creation code after a leading STOP byte.
    address public immutable poolCodeStore;

    /// @notice Read by the pool's constructor; set only while {deploy} runs.
    Parameters public parameters;

    /// @notice {deploy} called by someone other than the factory.
    error NotFactory(address caller);
    /// @notice CREATE2 failed (the pool exists, or its constructor reverted).
    error DeployFailed();

    /// @notice Emitted like mainnet's deployer does when its factory is set.
    event SetFactoryAddress(address indexed factory);

    constructor(address factory_, address poolCodeStore_) {
        factoryAddress = factory_;
        poolCodeStore = poolCodeStore_;
        emit SetFactoryAddress(factory_);
    }

    /// @notice Deploys a pool with the given parameters, as the factory asks.
    function deploy(address factory, address token0, address token1, uint24 fee, int24 tickSpacing) external returns (address pool) {
        if (msg.sender != factoryAddress) revert NotFactory(msg.sender);
        parameters = Parameters({factory: factory, token0: token0, token1: token1, fee: fee, tickSpacing: tickSpacing});
        address store = poolCodeStore;
        bytes32 salt = keccak256(abi.encode(token0, token1, fee));
        assembly ("memory-safe") {
            let size := sub(extcodesize(store), 1)
            let ptr := mload(0x40)
            extcodecopy(store, ptr, 1, size)
            pool := create2(0, ptr, size, salt)
        }
        if (pool == address(0)) revert DeployFailed();
        delete parameters;
    }
}
