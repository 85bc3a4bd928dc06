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

    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice DELEGATECALLs `target` with `data`, bubbling its revert data.
    function execute(address target, bytes calldata data) external payable returns (bytes memory response) {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        bool success;
        (success, response) = target.delegatecall(data);
        if (!success) {
            assembly ("memory-safe") {
                revert(add(response, 32), mload(response))
            }
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
