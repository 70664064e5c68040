// Compiles the test contracts with solcjs once and caches the artifacts by a hash of everything
// that affects the output, so reruns (and parallel jest workers) only read a JSON file.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Abi } from 'viem';

export const contractNames = [
  'TestERC20',
  'TestERC721',
  'TestERC721Uri',
  'TestERC1155',
  'BalanceChecker',
] as const;
export type ContractName = (typeof contractNames)[number];

export interface ContractArtifact {
  abi: Abi;
  bytecode: `0x${string}`;
}
export type ContractArtifacts = Record<ContractName, ContractArtifact>;

const repoRoot = path.resolve(__dirname, '..', '..');
const contractsDir = path.join(__dirname, 'contracts');
const cacheDir = path.join(repoRoot, '.cache', 'contracts');

const compilerSettings = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const;

let loaded: Promise<ContractArtifacts> | undefined;

/** The compiled test contracts, from the cache when it is fresh, else compiled now (~2 s). */
export function loadContractArtifacts(): Promise<ContractArtifacts> {
  loaded ??= compileContracts().then((result) => result.artifacts);
  return loaded;
}

export async function compileContracts(): Promise<{
  artifacts: ContractArtifacts;
  cacheFile: string;
  fromCache: boolean;
}> {
  const sources = await readSources();
  const cacheFile = path.join(cacheDir, `${await hashInputs(sources)}.json`);
  if (existsSync(cacheFile)) {
    const artifacts = JSON.parse(await readFile(cacheFile, 'utf8')) as ContractArtifacts;
    return { artifacts, cacheFile, fromCache: true };
  }
  const artifacts = await runSolc(sources);
  await mkdir(cacheDir, { recursive: true });
  // Write then rename, so a parallel reader never sees a half-written file.
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(artifacts));
  await rename(temporary, cacheFile);
  return { artifacts, cacheFile, fromCache: false };
}

async function readSources(): Promise<Record<string, string>> {
  const files = (await readdir(contractsDir)).filter((f) => f.endsWith('.sol')).sort();
  const sources: Record<string, string> = {};
  for (const file of files) sources[file] = await readFile(path.join(contractsDir, file), 'utf8');
  return sources;
}

async function hashInputs(sources: Record<string, string>): Promise<string> {
  // Versions come from package.json files: loading solc itself takes about a second.
  const versionOf = async (pkg: string) =>
    (
      JSON.parse(
        await readFile(path.join(repoRoot, 'node_modules', pkg, 'package.json'), 'utf8'),
      ) as { version: string }
    ).version;
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({
      solc: await versionOf('solc'),
      openzeppelin: await versionOf('@openzeppelin/contracts'),
      settings: compilerSettings,
      sources,
    }),
  );
  return hash.digest('hex').slice(0, 32);
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

async function runSolc(sources: Record<string, string>): Promise<ContractArtifacts> {
  const solc = (await import('solc')).default;
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([f, content]) => [f, { content }])),
    settings: compilerSettings,
  };
  const findImports = (importPath: string): { contents: string } | { error: string } => {
    const file = path.join(repoRoot, 'node_modules', importPath);
    // solc's import callback is synchronous.
    try {
      return { contents: readFileSync(file, 'utf8') };
    } catch {
      return { error: `import not found: ${importPath}` };
    }
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), { import: findImports }) as string,
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  const compiled: Partial<ContractArtifacts> = {};
  for (const file of Object.keys(sources)) {
    for (const [name, contract] of Object.entries(output.contracts?.[file] ?? {})) {
      if ((contractNames as readonly string[]).includes(name)) {
        compiled[name as ContractName] = {
          abi: contract.abi,
          bytecode: `0x${contract.evm.bytecode.object}`,
        };
      }
    }
  }
  const missing = contractNames.filter((name) => !compiled[name]?.bytecode.slice(2));
  if (missing.length > 0) throw new Error(`solc produced no bytecode for ${missing.join(', ')}`);
  return compiled as ContractArtifacts;
}
