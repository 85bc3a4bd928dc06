// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// @title TestCollectibles
/// @notice Test only: a mintable ERC-721.
contract TestCollectibles is ERC721 {
    constructor() ERC721("Test Collectibles", "TCOL") {}

    function mint(address to, uint256 tokenId) external {
        _mint(to, tokenId);
    }
}
