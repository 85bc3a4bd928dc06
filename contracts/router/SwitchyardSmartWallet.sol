// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title SwitchyardSmartWallet
/// @notice A minimal smart wallet for the delegate strategy: its owner makes it DELEGATECALL shortcut code
///         (e.g. {SwitchyardDelegate}). Used in tests and to simulate delegate-strategy transactions.
/// @dev THREATS invariant 9: while a plan runs, third parties get control (a payee's `receive`, a token's hook,
///      a pool, a lender). The fallback forwards nothing a stranger sends: only the running plan's own
///      self-calls (`msg.sender == address(this)`) and the flash-loan callback `executeOperation`, which the
///      delegate authenticates (the lender, the initiator and the callback plan the running plan recorded).
///      The wallet answers ERC-721 and ERC-1155 safe transfers itself, so receiving an NFT runs no plan code.
contract SwitchyardSmartWallet {
    /// @notice The only account allowed to call {execute}.
    address public immutable owner;

    /// @notice The caller is not the owner.
    error NotOwner(address caller);
    /// @notice A call for a function the wallet does not have, outside an {execute}.
    error NoActiveDelegate();
    /// @notice A stranger called a function the wallet does not have while a plan runs.
    error ForwardRefused(address caller, bytes4 selector);

    /// Transient: the target of the running {execute}, which answers calls the wallet has no function for
    /// (a plan's self-calls and a flash lender's callback) while, and only while, it runs.
    bytes32 private constant ACTIVE_SLOT = 0x1c2b3a4958677685948a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d60;
    /// `executeOperation(address,uint256,uint256,address,bytes)`: Aave V3's flash-loan callback.
    bytes4 private constant FLASH_LOAN_CALLBACK = 0x1b11d0ff;

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

    /// @notice While an {execute} runs, forwards the running plan's self-calls and the flash-loan callback to
    ///         its target by DELEGATECALL; refuses everything else.
    fallback() external payable {
        address active;
        assembly ("memory-safe") {
            active := tload(ACTIVE_SLOT)
        }
        if (active == address(0)) revert NoActiveDelegate();
        if (msg.sender != address(this) && msg.sig != FLASH_LOAN_CALLBACK) revert ForwardRefused(msg.sender, msg.sig);
        assembly ("memory-safe") {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), active, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }

    /// @notice Accepts ERC-721 safe transfers.
    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC721Received.selector;
    }

    /// @notice Accepts ERC-1155 safe transfers.
    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC1155Received.selector;
    }

    /// @notice Accepts ERC-1155 batch safe transfers.
    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata)
        external
        pure
        returns (bytes4)
    {
        return this.onERC1155BatchReceived.selector;
    }

    /// @notice ERC-165: the ERC-1155 receiver interface and ERC-165 itself.
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x4e2312e0 || interfaceId == 0x01ffc9a7;
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
