// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title UpgradableTokenImplementation
/// @notice The logic behind {UpgradableToken}: an ERC-20 whose name, symbol, decimals and minter live in the
///         proxy's storage (set once by `initialize`), so any later implementation keeps them.
contract UpgradableTokenImplementation is ERC20 {
    string private _tokenName;
    string private _tokenSymbol;
    uint8 private _tokenDecimals;
    address public minter;

    error NotMinter();
    error AlreadyInitialized();

    constructor() ERC20("", "") {}

    function initialize(string memory name_, string memory symbol_, uint8 decimals_, address minter_) external {
        if (minter != address(0)) revert AlreadyInitialized();
        _tokenName = name_;
        _tokenSymbol = symbol_;
        _tokenDecimals = decimals_;
        minter = minter_;
    }

    function name() public view override returns (string memory) {
        return _tokenName;
    }

    function symbol() public view override returns (string memory) {
        return _tokenSymbol;
    }

    function decimals() public view override returns (uint8) {
        return _tokenDecimals;
    }

    function mint(address to, uint256 amount) external {
        if (msg.sender != minter) revert NotMinter();
        _mint(to, amount);
    }
}

/// @title UpgradableToken
/// @notice A transparent ERC-1967 proxy (as USDC's FiatTokenProxy): the implementation address sits in the
///         EIP-1967 slot and its admin (the deployer) can `upgradeTo` another at any time, changing what
///         every transfer does; everyone else's calls are delegated. Its constructor deploys and initializes
///         the first implementation, so one transaction creates the token.
contract UpgradableToken {
    /// bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)
    bytes32 private constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    /// bytes32(uint256(keccak256("eip1967.proxy.admin")) - 1)
    bytes32 private constant ADMIN_SLOT = 0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;

    event Upgraded(address indexed implementation);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        address implementation = address(new UpgradableTokenImplementation());
        _setImplementation(implementation);
        assembly ("memory-safe") {
            sstore(ADMIN_SLOT, caller())
        }
        (bool ok,) = implementation.delegatecall(
            abi.encodeCall(UpgradableTokenImplementation.initialize, (name_, symbol_, decimals_, msg.sender))
        );
        require(ok, "initialize");
    }

    /// @notice The admin's only function: points the proxy at another implementation.
    function upgradeTo(address implementation) external {
        if (msg.sender != _admin()) _delegate();
        _setImplementation(implementation);
    }

    fallback() external payable {
        _delegate();
    }

    function _admin() private view returns (address admin) {
        assembly ("memory-safe") {
            admin := sload(ADMIN_SLOT)
        }
    }

    function _setImplementation(address implementation) private {
        assembly ("memory-safe") {
            sstore(IMPLEMENTATION_SLOT, implementation)
        }
        emit Upgraded(implementation);
    }

    function _delegate() private {
        assembly {
            let implementation := sload(IMPLEMENTATION_SLOT)
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), implementation, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}
