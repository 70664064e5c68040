// Minimal stand-in for Unstoppable Domains' UNS ProxyReader in tests: the same
// `get(string key, uint256 tokenId)` and `getMany(string[] keys, uint256 tokenId)` reads (''
// for a missing record) plus UNS's `set(key, value, tokenId)` setter, open to anyone here.
// A second contract reverts on every read. Compiled with solcjs.
import type { Abi, Hex } from 'viem';

const SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract TestProxyReader {
  mapping(uint256 => mapping(string => string)) private records;
  function set(string calldata key, string calldata value, uint256 tokenId) external {
    records[tokenId][key] = value;
  }
  function get(string calldata key, uint256 tokenId) external view returns (string memory) {
    return records[tokenId][key];
  }
  function getMany(string[] calldata keys, uint256 tokenId) external view returns (string[] memory values) {
    values = new string[](keys.length);
    for (uint256 i = 0; i < keys.length; i++) values[i] = records[tokenId][keys[i]];
  }
}
contract TestRevertingReader {
  function get(string calldata, uint256) external pure returns (string memory) {
    revert("reader is paused");
  }
}`;

export interface UnsArtifacts {
  proxyReader: { abi: Abi; runtime: Hex };
  reverting: { abi: Abi; runtime: Hex };
}

interface SolcContract {
  abi: Abi;
  evm: { deployedBytecode: { object: string } };
}

let compiled: Promise<UnsArtifacts> | undefined;

export function compileUnsContracts(): Promise<UnsArtifacts> {
  compiled ??= compile();
  return compiled;
}

async function compile(): Promise<UnsArtifacts> {
  const solc = (await import('solc')).default;
  const input = {
    language: 'Solidity',
    sources: { 'Uns.sol': { content: SOURCE } },
    settings: {
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: { 'Uns.sol': Record<string, SolcContract> };
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const pick = (name: string) => {
    const contract = output.contracts['Uns.sol'][name];
    if (!contract) throw new Error(`solc produced no ${name}`);
    return { abi: contract.abi, runtime: `0x${contract.evm.deployedBytecode.object}` as Hex };
  };
  return { proxyReader: pick('TestProxyReader'), reverting: pick('TestRevertingReader') };
}
