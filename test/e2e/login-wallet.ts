/**
 * The built wallet with the backend's identity service and three PGlite key nodes (threshold 2),
 * as the login browser tests use it; with the development identity provider unless a test signs
 * in by e-mail only. `env` adds identity settings (e.g. the SMTP relay).
 */
import { findFreePort } from '../../scripts/lib/anvil';
import {
  startDevIdentityProvider,
  type RunningDevIdentityProvider,
} from '../../src/server/dev-identity-provider/server';
import { generateSigningKey, loginConfigFromEnv } from '../../src/server/identity/config';
import { startKeyNodes, type KeyNodeSet } from '../server/login/key-node-set';
import { IDENTITY_ISSUER } from '../server/login/login-params';
import { startWallet, type Wallet } from './harness';

export interface LoginWallet {
  wallet: Wallet;
  keyNodes: KeyNodeSet;
  close(): Promise<void>;
}

export async function startLoginWallet({
  devIdentityProvider = true,
  env = {},
}: { devIdentityProvider?: boolean; env?: Record<string, string> } = {}): Promise<LoginWallet> {
  const port = await findFreePort();
  const walletUrl = `http://127.0.0.1:${port}`;
  const redirectUris = [`${walletUrl}/end`, `${walletUrl}/v5.0.2/end`];
  const signingKey = generateSigningKey();
  let idp: RunningDevIdentityProvider | undefined;
  let keyNodes: KeyNodeSet | undefined;
  let wallet: Wallet | undefined;
  const close = async () => {
    await wallet?.close();
    await keyNodes?.close();
    await idp?.close();
  };
  try {
    if (devIdentityProvider) idp = await startDevIdentityProvider({ redirectUris });
    // The wallet's engine calls the nodes from the page's origin.
    const nodes = await startKeyNodes('pglite', 3, signingKey, { corsOrigins: [walletUrl] });
    keyNodes = nodes;
    const devIdpUrl = idp?.url;
    wallet = await startWallet({
      backend: true,
      port,
      backendConfig: () => ({
        login: loginConfigFromEnv(
          {
            ...(devIdpUrl ? { ORRERY_DEV_IDP_URL: devIdpUrl } : {}),
            ORRERY_KEY_NODES: nodes.nodes.map((n, i) => `node-${i + 1}=${n?.url}`).join(','),
            ORRERY_KEY_THRESHOLD: '2',
            ORRERY_LOGIN_REDIRECT_URIS: redirectUris.join(','),
            ORRERY_IDENTITY_ISSUER: IDENTITY_ISSUER,
            ORRERY_IDENTITY_SIGNING_KEY: JSON.stringify(signingKey.privateJwk),
            ORRERY_LOGIN_RATE_LIMIT: '1000',
            ...env,
          },
          { dataDir: '/nonexistent/pglite', host: '127.0.0.1', port: 0 },
        ),
      }),
    });
    return { wallet, keyNodes: nodes, close };
  } catch (error) {
    await close();
    throw error;
  }
}
