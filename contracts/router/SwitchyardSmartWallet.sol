// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title SwitchyardSmartWallet
/// @notice A minimal smart wallet for the delegate strategy: its owner makes it DELEGATECALL shortcut code
///         (e.g. {SwitchyardDelegate}). Used in tests and to simulate delegate-strategy transactions.
contract SwitchyardSmartWallet {
    /// @notice The only account allowed to call {execute}.
    address public immutable owner;

    /// @notice The caller is not the owner.
    error NotOwner(address caller);
    /// @notice A call for a function the wallet does not have, outside an {execute}.
    error NoActiveDelegate();

    /// Transient: the target of the running {execute}, which answers calls the wallet has no function for
    /// (a plan's self-calls and a flash lender's callback) while, and only while, it runs.
    bytes32 private constant ACTIVE_SLOT = 0x1c2b3a4958677685948a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d60;

    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice DELEGATECALLs `target` with `data`, bubbling its revert data.
    function execute(address target, bytes calldata data) external payable returns (bytes memory response) {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        address previous;
        assembly ("memory-safe") {
            previous := tload(ACTIVE_SLOT)
            tstore(ACTIVE_SLOT, target)
        }
        bool success;
        (success, response) = target.delegatecall(data);
        assembly ("memory-safe") {
            tstore(ACTIVE_SLOT, previous)
        }
        if (!success) {
            assembly ("memory-safe") {
                revert(add(response, 32), mload(response))
            }
        }
    }

    /// @notice Forwards calls the wallet has no function for to the running {execute}'s target, by
    ///         DELEGATECALL; outside an {execute} it reverts. The target's own checks decide who may call.
    fallback() external payable {
        address active;
        assembly ("memory-safe") {
            active := tload(ACTIVE_SLOT)
        }
        if (active == address(0)) revert NoActiveDelegate();
        assembly ("memory-safe") {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), active, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }

    receive() external payable {}
}

/// @title SwitchyardSmartWalletFactory
/// @notice Deploys one {SwitchyardSmartWallet} per owner at a CREATE2 address derived from the owner.
contract SwitchyardSmartWalletFactory {
    /// @notice A wallet was deployed for `owner`.
    event WalletCreated(address indexed owner, address wallet);

    /// @notice Returns the wallet of `owner`, deploying it first when needed.
    function createWallet(address owner) external returns (address wallet) {
        wallet = walletAddress(owner);
        if (wallet.code.length == 0) {
            new SwitchyardSmartWallet{salt: bytes32(uint256(uint160(owner)))}(owner);
            emit WalletCreated(owner, wallet);
        }
    }

    /// @notice The deterministic wallet address of `owner` (deployed or not).
    function walletAddress(address owner) public view returns (address) {
        bytes32 initCodeHash = keccak256(abi.encodePacked(type(SwitchyardSmartWallet).creationCode, abi.encode(owner)));
        bytes32 digest = keccak256(abi.encodePacked(bytes1(0xff), address(this), bytes32(uint256(uint160(owner))), initCodeHash));
        return address(uint160(uint256(digest)));
    }
}
