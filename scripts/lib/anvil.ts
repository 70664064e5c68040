// Starts a real anvil node (npm @foundry-rs/anvil) for chain tests and the dev start script.
import { spawn, type ChildProcess } from 'node:child_process';
import { pbkdf2Sync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, readlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { bytesToHex } from 'viem';
import { HDKey, privateKeyToAddress } from 'viem/accounts';
import { callJsonRpc } from './json-rpc';

export const ANVIL_DEFAULT_MNEMONIC = 'test test test test test test test test test test test junk';

export interface AnvilOptions {
  /** Default 31337 (anvil's own default); the dev start script uses 5777. */
  chainId?: number;
  /** 0 or omitted: pick a free port. A fixed port is used as is, without retry. */
  port?: number;
  /** Seconds between blocks; omitted: automine (a block per transaction). */
  blockTime?: number;
  mnemonic?: string;
  /** Number of funded dev accounts; default 10. */
  accounts?: number;
  /** Balance of each dev account in ETH; default 10000. */
  balanceEth?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** How long to wait for the node to answer; default 15 s. */
  startTimeoutMs?: number;
  /** More command-line flags, e.g. `['--hardfork', 'berlin']` for a chain without EIP-1559. */
  extraArgs?: readonly string[];
}

export interface AnvilInstance {
  rpcUrl: string;
  port: number;
  chainId: number;
  /** The funded dev accounts, m/44'/60'/0'/0/i of the mnemonic. */
  accounts: readonly `0x${string}`[];
  privateKeys: readonly `0x${string}`[];
  /** Kills the node and resolves once it has exited. Safe to call twice. */
  stop(): Promise<void>;
}

const DEFAULT_ACCOUNT_COUNT = 10;
const PORT_ATTEMPTS = 8;
const STDERR_KEEP_CHARS = 8_000;

const repoRoot = findRepoRoot();

export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilInstance> {
  const fixedPort = options.port ?? 0;
  let lastError: unknown;
  for (let attempt = 0; attempt < (fixedPort ? 1 : PORT_ATTEMPTS); attempt++) {
    const port = fixedPort || (await findFreePort(options.host ?? '127.0.0.1'));
    try {
      return await startOnPort(port, options);
    } catch (error) {
      lastError = error;
      // Another process took the port between our probe and anvil's bind: try another one.
      if (!(error instanceof AnvilStartError && error.addressInUse)) throw error;
    }
  }
  throw lastError;
}

export class AnvilStartError extends Error {
  constructor(
    message: string,
    readonly addressInUse: boolean,
  ) {
    super(message);
    this.name = 'AnvilStartError';
  }
}

/** Absolute path of the anvil executable, resolved from the repository root. */
export function resolveAnvilBinary(): string {
  // Prefer the platform package's native binary: the .bin/anvil wrapper is a node process
  // whose anvil child would survive if the wrapper were killed hard.
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const requireFromRoot = createRequire(path.join(repoRoot, 'package.json'));
  try {
    const native = requireFromRoot.resolve(
      `@foundry-rs/anvil-${process.platform}-${arch}/bin/${exe}`,
    );
    if (existsSync(native)) return native;
  } catch {
    // fall back to the wrapper below
  }
  const wrapper = path.join(repoRoot, 'node_modules', '.bin', 'anvil');
  if (existsSync(wrapper)) return wrapper;
  throw new Error(`anvil not found under ${repoRoot}/node_modules: run npm install`);
}

async function startOnPort(port: number, options: AnvilOptions): Promise<AnvilInstance> {
  const host = options.host ?? '127.0.0.1';
  const chainId = options.chainId ?? 31337;
  const mnemonic = options.mnemonic ?? ANVIL_DEFAULT_MNEMONIC;
  const accountCount = options.accounts ?? DEFAULT_ACCOUNT_COUNT;
  const args = ['--host', host, '--port', String(port), '--chain-id', String(chainId), '--silent'];
  args.push('--mnemonic', mnemonic, '--accounts', String(accountCount));
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime));
  if (options.balanceEth !== undefined) args.push('--balance', String(options.balanceEth));
  if (options.extraArgs) args.push(...options.extraArgs);

  const child = spawn(resolveAnvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-STDERR_KEEP_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let spawnError: Error | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      spawnError = error;
      if (child.pid === undefined) resolve(); // never started, so no 'exit' will follow
    });
  });
  const unwatch = guardAgainstOrphan(child);
  void exited.then(unwatch);

  // 0.0.0.0 / :: listen everywhere; reach them through loopback.
  const connectHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host;
  const rpcUrl = `http://${connectHost.includes(':') && !connectHost.startsWith('[') ? `[${connectHost}]` : connectHost}:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const hardKill = setTimeout(() => child.kill('SIGKILL'), 3_000);
        await exited;
        clearTimeout(hardKill);
      }
    })();
    return stopping;
  };

  try {
    await waitUntilServing(child, rpcUrl, port, chainId, options.startTimeoutMs ?? 15_000, () =>
      spawnError ? `${spawnError.message}\n${output}` : output,
    );
    const { accounts, privateKeys } = deriveDevAccounts(mnemonic, accountCount);
    const nodeAccounts = await callJsonRpc<string[]>(rpcUrl, 'eth_accounts');
    const mismatch = nodeAccounts.some((a, i) => a.toLowerCase() !== accounts[i]?.toLowerCase());
    if (mismatch || nodeAccounts.length !== accounts.length) {
      throw new Error(
        `anvil's accounts ${nodeAccounts.join(',')} differ from the derived ${accounts.join(',')}`,
      );
    }
    return { rpcUrl, port, chainId, accounts, privateKeys, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitUntilServing(
  child: ChildProcess,
  rpcUrl: string,
  port: number,
  chainId: number,
  timeoutMs: number,
  diagnostics: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      const text = diagnostics();
      throw new AnvilStartError(
        `anvil exited before serving on port ${port} (code ${child.exitCode}, signal ${child.signalCode}):\n${text}`,
        /address already in use|os error 98|EADDRINUSE/i.test(text),
      );
    }
    // The answer must come from our process, not from another node that holds the port.
    if (await ownsListeningPort(child.pid, port)) {
      const answer = await callJsonRpc<string>(rpcUrl, 'eth_chainId', [], {
        timeoutMs: 1_000,
      }).catch(() => undefined); // not serving yet
      if (answer !== undefined) {
        if (Number(answer) === chainId) return;
        throw new Error(`anvil on ${rpcUrl} answers chain id ${answer}, expected ${chainId}`);
      }
    }
    if (Date.now() > deadline) {
      throw new Error(
        `anvil did not answer eth_chainId on ${rpcUrl} within ${timeoutMs} ms:\n${diagnostics()}`,
      );
    }
    await sleep(20);
  }
}

/**
 * Whether process `pid` holds a listening TCP socket on `port`. Reads /proc on Linux; elsewhere
 * returns true once the process is alive (the eth_chainId answer is then the only check).
 */
async function ownsListeningPort(pid: number, port: number): Promise<boolean> {
  if (process.platform !== 'linux') return true;
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // fields: sl local_address rem_address st ... inode (index 9); st 0A = LISTEN
      if (fields[1]?.endsWith(`:${portHex}`) && fields[3] === '0A' && fields[9]) {
        inodes.add(fields[9]);
      }
    }
  }
  if (inodes.size === 0) return false;
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
  for (const fd of fds) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode && inodes.has(inode)) return true;
  }
  return false;
}

/** Asks the OS for a free port by binding port 0, then releases it for anvil. */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });
}

const derivedAccounts = new Map<
  string,
  { accounts: `0x${string}`[]; privateKeys: `0x${string}`[] }
>();

/** The dev accounts anvil funds: m/44'/60'/0'/0/i of the BIP-39 mnemonic (no passphrase). */
export function deriveDevAccounts(
  mnemonic: string,
  count: number,
): { accounts: readonly `0x${string}`[]; privateKeys: readonly `0x${string}`[] } {
  const key = `${count}\n${mnemonic}`;
  let derived = derivedAccounts.get(key);
  if (!derived) {
    // BIP-39 seed: PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic" + passphrase, NFKD.
    const seed = pbkdf2Sync(
      Buffer.from(mnemonic.normalize('NFKD'), 'utf8'),
      Buffer.from('mnemonic', 'utf8'),
      2048,
      64,
      'sha512',
    );
    const root = HDKey.fromMasterSeed(seed);
    derived = { accounts: [], privateKeys: [] };
    for (let i = 0; i < count; i++) {
      const privateKey = root.derive(`m/44'/60'/0'/0/${i}`).privateKey;
      if (!privateKey) throw new Error(`no private key at index ${i}`);
      const hex = bytesToHex(privateKey);
      derived.privateKeys.push(hex);
      derived.accounts.push(privateKeyToAddress(hex));
    }
    derivedAccounts.set(key, derived);
  }
  return { accounts: [...derived.accounts], privateKeys: [...derived.privateKeys] };
}

// Orphan protection. An 'exit' listener covers normal exits; a tiny shell watchdog covers hard
// deaths (SIGKILL, an unhandled SIGTERM): it blocks reading a pipe from us and kills anvil when
// the pipe closes, which the kernel does whenever this process dies.
const liveChildren = new Set<ChildProcess>();
const killLiveChildren = () => {
  for (const child of liveChildren) child.kill('SIGKILL');
};

function guardAgainstOrphan(child: ChildProcess): () => void {
  if (child.pid === undefined) return () => {};
  if (liveChildren.size === 0) process.on('exit', killLiveChildren);
  liveChildren.add(child);
  let watchdog: ChildProcess | undefined;
  if (process.platform !== 'win32') {
    watchdog = spawn(
      'sh',
      ['-c', 'read _ignored; kill -KILL "$1" 2>/dev/null', 'sh', String(child.pid)],
      {
        stdio: ['pipe', 'ignore', 'ignore'],
      },
    );
    watchdog.on('error', () => {}); // no sh: the exit listener still applies
    watchdog.unref();
    (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  }
  return () => {
    // Kill the watchdog first so it can never signal a recycled pid.
    watchdog?.kill('SIGKILL');
    liveChildren.delete(child);
    if (liveChildren.size === 0) process.off('exit', killLiveChildren);
  };
}

function findRepoRoot(): string {
  // scripts/lib/anvil.ts → the repository root is two levels up; walk further if bundled.
  let dir = __dirname;
  for (;;) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'node_modules'))) {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no repository root above ${__dirname}`);
    dir = parent;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
