// Minimal ENS-compatible registry and resolver for tests: the same `resolver(bytes32)` and
// `addr(bytes32)` reads as ENS, with open setters. Compiled here with solcjs.
import type { Abi, Hex } from 'viem';

const SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract TestEnsRegistry {
  mapping(bytes32 => address) public resolver;
  function setResolver(bytes32 node, address r) external { resolver[node] = r; }
}
contract TestEnsResolver {
  mapping(bytes32 => address) public addr;
  function setAddr(bytes32 node, address a) external { addr[node] = a; }
}`;

export interface EnsArtifacts {
  registry: { abi: Abi; runtime: Hex };
  resolver: { abi: Abi; runtime: Hex };
}

interface SolcContract {
  abi: Abi;
  evm: { deployedBytecode: { object: string } };
}

export async function compileEnsContracts(): Promise<EnsArtifacts> {
  const solc = (await import('solc')).default;
  const input = {
    language: 'Solidity',
    sources: { 'Ens.sol': { content: SOURCE } },
    settings: {
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: { 'Ens.sol': Record<string, SolcContract> };
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const pick = (name: string) => {
    const contract = output.contracts['Ens.sol'][name];
    if (!contract) throw new Error(`solc produced no ${name}`);
    return { abi: contract.abi, runtime: `0x${contract.evm.deployedBytecode.object}` as Hex };
  };
  return { registry: pick('TestEnsRegistry'), resolver: pick('TestEnsResolver') };
}
