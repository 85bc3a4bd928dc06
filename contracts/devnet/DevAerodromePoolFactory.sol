// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IDevAerodromePoolInit {
    function initialize(address token0, address token1, bool stable) external;
}

/// @title DevAerodromePoolFactory
/// @notice OUR implementation of the external interface of Aerodrome's classic PoolFactory (Base,
///         0x420DD381b31aEf6683db6B902084cB0FFECe40Da) for the devnet; not Aerodrome's code. Kept identical:
///         pools are EIP-1167 minimal proxies of `implementation` created with CREATE2 and salt
///         `keccak256(abi.encodePacked(token0, token1, stable))`, so with the implementation at Aerodrome's
///         address (0xA4e46b4f701c62e14DF11B48dCe76A7d793CD6d7) a pool lands at the address Aerodrome's
///         factory gives the same pair; `getPool(a, b, stable)` both ways, `allPools`, `isPool`,
///         `createPool` (bool and uint24 forms), `getFee(pool, stable)` with custom fees and the 0 %
///         marker 420, the default fees (volatile 30, stable 5, in 1/10000), `isPaused`, and the events.
///         The deployer holds the voter, pauser and fee manager roles, as Aerodrome's deployer did at first.
contract DevAerodromePoolFactory {
    address public immutable implementation;

    bool public isPaused;
    address public pauser;
    uint256 public stableFee;
    uint256 public volatileFee;
    uint256 public constant MAX_FEE = 100;
    uint256 public constant ZERO_FEE_INDICATOR = 420;
    address public feeManager;
    address public voter;

    mapping(address => mapping(address => mapping(bool => address))) private _getPool;
    address[] public allPools;
    mapping(address => bool) private _isPool;
    mapping(address => uint256) public customFee;

    event PoolCreated(address indexed token0, address indexed token1, bool indexed stable, address pool, uint256);
    event SetFeeManager(address feeManager);
    event SetPauser(address pauser);
    event SetPauseState(bool state);
    event SetVoter(address voter);
    event SetCustomFee(address indexed pool, uint256 fee);

    error FeeInvalid();
    error FeeTooHigh();
    error InvalidPool();
    error NotFeeManager();
    error NotPauser();
    error NotVoter();
    error PoolAlreadyExists();
    error SameAddress();
    error ZeroFee();
    error ZeroAddress();
    error CloneFailed();

    constructor(address _implementation) {
        implementation = _implementation;
        voter = msg.sender;
        pauser = msg.sender;
        feeManager = msg.sender;
        stableFee = 5;
        volatileFee = 30;
    }

    function allPoolsLength() external view returns (uint256) {
        return allPools.length;
    }

    function getPool(address tokenA, address tokenB, bool stable) external view returns (address) {
        return _getPool[tokenA][tokenB][stable];
    }

    function getPool(address tokenA, address tokenB, uint24 fee) external view returns (address) {
        return fee > 1 ? address(0) : _getPool[tokenA][tokenB][fee == 1];
    }

    function isPool(address pool) external view returns (bool) {
        return _isPool[pool];
    }

    function setVoter(address _voter) external {
        if (msg.sender != voter) revert NotVoter();
        voter = _voter;
        emit SetVoter(_voter);
    }

    function setPauser(address _pauser) external {
        if (msg.sender != pauser) revert NotPauser();
        if (_pauser == address(0)) revert ZeroAddress();
        pauser = _pauser;
        emit SetPauser(_pauser);
    }

    function setPauseState(bool state) external {
        if (msg.sender != pauser) revert NotPauser();
        isPaused = state;
        emit SetPauseState(state);
    }

    function setFeeManager(address _feeManager) external {
        if (msg.sender != feeManager) revert NotFeeManager();
        if (_feeManager == address(0)) revert ZeroAddress();
        feeManager = _feeManager;
        emit SetFeeManager(_feeManager);
    }

    function setFee(bool stable, uint256 fee) external {
        if (msg.sender != feeManager) revert NotFeeManager();
        if (fee > MAX_FEE) revert FeeTooHigh();
        if (fee == 0) revert ZeroFee();
        if (stable) stableFee = fee;
        else volatileFee = fee;
    }

    function setCustomFee(address pool, uint256 fee) external {
        if (msg.sender != feeManager) revert NotFeeManager();
        if (fee > MAX_FEE && fee != ZERO_FEE_INDICATOR) revert FeeTooHigh();
        if (!_isPool[pool]) revert InvalidPool();
        customFee[pool] = fee;
        emit SetCustomFee(pool, fee);
    }

    /// @notice The pool's fee in 1/10000: its custom fee (420 meaning 0 %), else the default of its kind.
    function getFee(address pool, bool stable) public view returns (uint256) {
        uint256 fee = customFee[pool];
        if (fee == ZERO_FEE_INDICATOR) return 0;
        if (fee != 0) return fee;
        return stable ? stableFee : volatileFee;
    }

    function createPool(address tokenA, address tokenB, uint24 fee) external returns (address pool) {
        if (fee > 1) revert FeeInvalid();
        return createPool(tokenA, tokenB, fee == 1);
    }

    function createPool(address tokenA, address tokenB, bool stable) public returns (address pool) {
        if (tokenA == tokenB) revert SameAddress();
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        if (token0 == address(0)) revert ZeroAddress();
        if (_getPool[token0][token1][stable] != address(0)) revert PoolAlreadyExists();
        pool = _clone(keccak256(abi.encodePacked(token0, token1, stable)));
        IDevAerodromePoolInit(pool).initialize(token0, token1, stable);
        _getPool[token0][token1][stable] = pool;
        _getPool[token1][token0][stable] = pool;
        allPools.push(pool);
        _isPool[pool] = true;
        emit PoolCreated(token0, token1, stable, pool, allPools.length);
    }

    /// @dev EIP-1167 minimal proxy of `implementation` at CREATE2(this, salt, keccak256(proxy init code)).
    function _clone(bytes32 salt) internal returns (address pool) {
        bytes memory code = abi.encodePacked(hex"3d602d80600a3d3981f3363d3d373d3d3d363d73", implementation, hex"5af43d82803e903d91602b57fd5bf3");
        assembly {
            pool := create2(0, add(code, 0x20), mload(code), salt)
        }
        if (pool == address(0)) revert CloneFailed();
    }
}
