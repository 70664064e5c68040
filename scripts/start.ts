/**
 * `npm start`: the whole wallet on embedded defaults, from a fresh clone.
 * Builds the app, then starts the login services (development identity provider, mail catcher,
 * three key nodes: scripts/lib/login-services.ts) and the local stack (scripts/lib/local-stack.ts):
 * a local chain (anvil, chain id 5777, funded dev accounts), the backend API on embedded PGlite,
 * and the wallet at http://localhost:4050/ (also under /v5.0.2/), whose GET /health reports the
 * wallet, the API and the chain. Ctrl-C stops everything.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

import { loadConfig } from '../src/server/config';
import { startLocalStack, type LocalStack } from './lib/local-stack';
import { startLoginServices, type LoginServices } from './lib/login-services';

const WALLET_PORT = Number(process.env.ORRERY_WALLET_PORT ?? 4050);
const CHAIN_PORT = Number(process.env.ORRERY_CHAIN_PORT ?? 8545);
const CHAIN_ID = 5777;
const repoRoot = resolve(__dirname, '..');

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolvePromise()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

async function main(): Promise<void> {
  console.log('Building the wallet (webpack, production)...');
  await run('npx', ['webpack', '--mode', 'production']);

  let login: LoginServices | undefined;
  let stack: LocalStack | undefined;
  const stopAll = async () => {
    await stack?.stop();
    await login?.stop();
  };
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the wallet, the API, the chain and the login services...`);
    // A signal during start-up stops everything once it is up (see below).
    if (stack) void stopAll().then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    const apiUrl = (config: { host: string; port: number }) =>
      `http://${config.host}:${config.port}`;
    login = await startLoginServices({
      dataDir: resolve(repoRoot, '.data'),
      apiUrl: apiUrl(loadConfig(process.env, { dataDir: resolve(repoRoot, '.data/pglite') })),
    });
    stack = await startLocalStack({
      distDir: resolve(repoRoot, 'dist'),
      walletPort: WALLET_PORT,
      chainPort: CHAIN_PORT,
      chainId: CHAIN_ID,
      whiteLabel: whiteLabelFromEnv(),
      // Variables already set (e.g. a real provider's credentials) win over the local services.
      api: loadConfig(
        { ...login.env, ...process.env },
        { dataDir: resolve(repoRoot, '.data/pglite') },
      ),
    });
  } catch (error) {
    console.error('Orrery failed to start:', error);
    await login?.stop();
    process.exit(1);
  }
  if (stopping) {
    await stopAll();
    process.exit(0);
  }
  const { wallet, api, chain } = stack;
  const walletPort = new URL(wallet.url).port;
  const database =
    api.database.backend === 'pglite' ? 'PGlite in .data/pglite' : 'PostgreSQL (DATABASE_URL)';
  console.log(`
Orrery is running.
  Wallet   http://localhost:${walletPort}/   (also ${wallet.url}/v5.0.2/)
  Health   http://localhost:${walletPort}/health
  API      ${api.url}   (${database})
  Chain    ${chain.rpcUrl}   (anvil, chain id ${CHAIN_ID})
  Sign-in  ${login.identityProviderUrl}   (development identity provider for every social login)
  Mail     ${login.mailPageUrl}   (mail the API sent, e.g. login codes; SMTP ${login.smtpUrl})
  Keys     ${login.keyNodes.map((n) => n.url).join(', ')}   (key nodes, threshold 2)
  Funded dev accounts (10,000 ETH each; anvil's public test mnemonic, never use it for real funds):
${chain.accounts
  .slice(0, 3)
  .map((address, i) => `    ${address}  key ${chain.privateKeys[i]}`)
  .join('\n')}
Press Ctrl-C to stop.`);
}

void main();

/**
 * White-label settings for a local try-out: ORRERY_WHITE_LABEL holds the JSON of config.json's
 * `whiteLabel` (e.g. '{"name":"Acme","topupHide":true}'); the engine checks each field.
 */
function whiteLabelFromEnv(): unknown {
  const raw = process.env.ORRERY_WHITE_LABEL;
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch (error) {
    throw new Error(`ORRERY_WHITE_LABEL is not JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
