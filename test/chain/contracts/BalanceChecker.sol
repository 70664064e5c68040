// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// Reads many balances in one call, like MetaMask's balance checker. Token 0x0 means the
/// native balance. Result i * tokens.length + j is users[i]'s balance of tokens[j]; a token
/// that is not a contract or whose balanceOf fails reads as 0.
contract BalanceChecker {
    function tokenBalance(address user, address token) public view returns (uint256) {
        if (token.code.length == 0) return 0;
        (bool ok, bytes memory data) = token.staticcall(abi.encodeCall(IERC20.balanceOf, (user)));
        return ok && data.length >= 32 ? abi.decode(data, (uint256)) : 0;
    }

    function balances(
        address[] calldata users,
        address[] calldata tokens
    ) external view returns (uint256[] memory result) {
        result = new uint256[](users.length * tokens.length);
        for (uint256 i = 0; i < users.length; i++) {
            for (uint256 j = 0; j < tokens.length; j++) {
                result[i * tokens.length + j] = tokens[j] == address(0)
                    ? users[i].balance
                    : tokenBalance(users[i], tokens[j]);
            }
        }
    }
}
