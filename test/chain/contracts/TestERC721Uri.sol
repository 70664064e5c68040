// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721URIStorage, ERC721} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721URIStorage.sol";

/// An NFT collection whose every token has its own metadata URI: anyone may mint any unused id.
contract TestERC721Uri is ERC721URIStorage {
    constructor(string memory name_, string memory symbol_) ERC721(name_, symbol_) {}

    function mint(address to, uint256 id, string calldata uri) external {
        _mint(to, id);
        _setTokenURI(id, uri);
    }
}
