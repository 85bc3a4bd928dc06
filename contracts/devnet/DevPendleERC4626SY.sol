// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20, IERC20Metadata, ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC4626} from "@openzeppelin/contracts/interfaces/IERC4626.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title DevPendleERC4626SY
/// @notice OUR implementation, in Solidity, of Pendle's StandardizedYield interface (IStandardizedYield of
///         the npm package core-v2) over one ERC-4626 vault, for the devnet: the npm package ships Pendle's market,
///         yield contracts and factories but no SY implementation. It follows the behaviour of Pendle's public
///         ERC-4626 SY: one SY is one vault share; tokens in and out are the vault's asset (deposited into or
///         redeemed from the vault) and the vault share itself (held 1:1); `exchangeRate()` is the vault's
///         `convertToAssets(1e18)`; the asset is a plain TOKEN; no reward tokens. `deposit` pulls `tokenIn`
///         from the caller; `redeem` burns the caller's SY, or with `burnFromInternalBalance` the SY already
///         sent to this contract.
contract DevPendleERC4626SY is ERC20 {
    using SafeERC20 for IERC20;

    enum AssetType {
        TOKEN,
        LIQUIDITY
    }

    event Deposit(address indexed caller, address indexed receiver, address indexed tokenIn, uint256 amountDeposited, uint256 amountSyOut);
    event Redeem(address indexed caller, address indexed receiver, address indexed tokenOut, uint256 amountSyToRedeem, uint256 amountTokenOut);
    event ClaimRewards(address indexed user, address[] rewardTokens, uint256[] rewardAmounts);

    error SYZeroDeposit();
    error SYZeroRedeem();
    error SYInvalidTokenIn(address token);
    error SYInvalidTokenOut(address token);
    error SYInsufficientSharesOut(uint256 actualSharesOut, uint256 requiredSharesOut);
    error SYInsufficientTokenOut(uint256 actualTokenOut, uint256 requiredTokenOut);

    /// @notice The ERC-4626 vault whose shares this SY wraps.
    address public immutable yieldToken;
    /// @notice The vault's underlying asset.
    address public immutable asset;
    uint8 private immutable _decimals;

    constructor(string memory name_, string memory symbol_, address vault_) ERC20(name_, symbol_) {
        yieldToken = vault_;
        asset = IERC4626(vault_).asset();
        _decimals = IERC20Metadata(vault_).decimals();
        IERC20(asset).forceApprove(vault_, type(uint256).max);
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function deposit(address receiver, address tokenIn, uint256 amountTokenToDeposit, uint256 minSharesOut)
        external
        payable
        returns (uint256 amountSharesOut)
    {
        if (!isValidTokenIn(tokenIn)) revert SYInvalidTokenIn(tokenIn);
        if (amountTokenToDeposit == 0) revert SYZeroDeposit();
        IERC20(tokenIn).safeTransferFrom(msg.sender, address(this), amountTokenToDeposit);
        amountSharesOut = tokenIn == yieldToken
            ? amountTokenToDeposit
            : IERC4626(yieldToken).deposit(amountTokenToDeposit, address(this));
        if (amountSharesOut < minSharesOut) revert SYInsufficientSharesOut(amountSharesOut, minSharesOut);
        _mint(receiver, amountSharesOut);
        emit Deposit(msg.sender, receiver, tokenIn, amountTokenToDeposit, amountSharesOut);
    }

    function redeem(address receiver, uint256 amountSharesToRedeem, address tokenOut, uint256 minTokenOut, bool burnFromInternalBalance)
        external
        returns (uint256 amountTokenOut)
    {
        if (!isValidTokenOut(tokenOut)) revert SYInvalidTokenOut(tokenOut);
        if (amountSharesToRedeem == 0) revert SYZeroRedeem();
        _burn(burnFromInternalBalance ? address(this) : msg.sender, amountSharesToRedeem);
        if (tokenOut == yieldToken) {
            amountTokenOut = amountSharesToRedeem;
            IERC20(yieldToken).safeTransfer(receiver, amountTokenOut);
        } else {
            amountTokenOut = IERC4626(yieldToken).redeem(amountSharesToRedeem, receiver, address(this));
        }
        if (amountTokenOut < minTokenOut) revert SYInsufficientTokenOut(amountTokenOut, minTokenOut);
        emit Redeem(msg.sender, receiver, tokenOut, amountSharesToRedeem, amountTokenOut);
    }

    function exchangeRate() external view returns (uint256) {
        return IERC4626(yieldToken).convertToAssets(1e18);
    }

    function previewDeposit(address tokenIn, uint256 amountTokenToDeposit) external view returns (uint256) {
        if (!isValidTokenIn(tokenIn)) revert SYInvalidTokenIn(tokenIn);
        return tokenIn == yieldToken ? amountTokenToDeposit : IERC4626(yieldToken).previewDeposit(amountTokenToDeposit);
    }

    function previewRedeem(address tokenOut, uint256 amountSharesToRedeem) external view returns (uint256) {
        if (!isValidTokenOut(tokenOut)) revert SYInvalidTokenOut(tokenOut);
        return tokenOut == yieldToken ? amountSharesToRedeem : IERC4626(yieldToken).previewRedeem(amountSharesToRedeem);
    }

    function getTokensIn() external view returns (address[] memory res) {
        res = new address[](2);
        res[0] = asset;
        res[1] = yieldToken;
    }

    function getTokensOut() external view returns (address[] memory res) {
        res = new address[](2);
        res[0] = asset;
        res[1] = yieldToken;
    }

    function isValidTokenIn(address token) public view returns (bool) {
        return token == asset || token == yieldToken;
    }

    function isValidTokenOut(address token) public view returns (bool) {
        return token == asset || token == yieldToken;
    }

    function assetInfo() external view returns (AssetType assetType, address assetAddress, uint8 assetDecimals) {
        return (AssetType.TOKEN, asset, IERC20Metadata(asset).decimals());
    }

    function claimRewards(address user) external returns (uint256[] memory rewardAmounts) {
        rewardAmounts = new uint256[](0);
        emit ClaimRewards(user, new address[](0), rewardAmounts);
    }

    function accruedRewards(address) external pure returns (uint256[] memory) {
        return new uint256[](0);
    }

    function rewardIndexesCurrent() external pure returns (uint256[] memory) {
        return new uint256[](0);
    }

    function rewardIndexesStored() external pure returns (uint256[] memory) {
        return new uint256[](0);
    }

    function getRewardTokens() external pure returns (address[] memory) {
        return new address[](0);
    }
}
