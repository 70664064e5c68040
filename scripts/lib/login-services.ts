/**
 * The login services `npm start` runs beside the API: the development identity provider (every
 * social verifier), a mail catcher with a page showing what was sent, and three key nodes
 * (threshold 2), each with its own PGlite folder. Returns the API environment that uses them;
 * variables already set in the environment win (e.g. a real provider's credentials).
 */
import { resolve } from 'node:path';

import { startDevIdentityProvider } from '../../src/server/dev-identity-provider/server';
import { DEFAULT_REDIRECT_URIS } from '../../src/server/identity/config';
import { loadKeyNodeConfig } from '../../src/server/key-node/config';
import { startKeyNode, type RunningKeyNode } from '../../src/server/key-node/main';
import { startMailCatcher } from '../../src/server/mail/catcher';

export interface LoginServices {
  /** For the API's loadConfig: ORRERY_DEV_IDP_URL, ORRERY_KEY_NODES, ORRERY_SMTP_URL, ... */
  env: Record<string, string>;
  identityProviderUrl: string;
  mailPageUrl: string;
  smtpUrl: string;
  keyNodes: RunningKeyNode[];
  stop(): Promise<void>;
}

const envPort = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** npm start's ports (each can be moved with its variable); 0 picks free ones. */
export function defaultLoginPorts() {
  const firstNode = envPort('ORRERY_KEY_NODE_PORT', 4081);
  return {
    identityProvider: envPort('ORRERY_DEV_IDP_PORT', 4080),
    smtp: envPort('ORRERY_SMTP_PORT', 4025),
    mailPage: envPort('ORRERY_MAIL_PAGE_PORT', 4084),
    keyNodes: [firstNode, firstNode + 1, firstNode + 2],
  };
}

export async function startLoginServices(options: {
  /** Key node i keeps its PGlite folder in `${dataDir}/key-node-i`. */
  dataDir: string;
  /** The API's URL: the identity tokens' issuer and where the nodes read its keys. */
  apiUrl: string;
  ports?: ReturnType<typeof defaultLoginPorts>;
  /** The wallet's /end URLs the provider may send users back to (default: the wallet at :4050). */
  redirectUris?: string[];
  /** Origins whose pages may call the key nodes (default: ORRERY_CORS_ORIGINS or :4050). */
  corsOrigins?: string[];
}): Promise<LoginServices> {
  const ports = options.ports ?? defaultLoginPorts();
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((error: unknown) => console.error(error));
  };
  try {
    const idp = await startDevIdentityProvider({
      port: ports.identityProvider,
      redirectUris: options.redirectUris ?? DEFAULT_REDIRECT_URIS,
    });
    stops.push(() => idp.close());
    const mail = await startMailCatcher({
      smtpPort: ports.smtp,
      webPort: ports.mailPage,
    });
    stops.push(() => mail.close());
    const keyNodes: RunningKeyNode[] = [];
    stops.push(async () => {
      for (const node of keyNodes) await node.close();
    });
    for (const [index, nodePort] of ports.keyNodes.entries()) {
      const config = loadKeyNodeConfig(process.env, {
        nodeId: `node-${index + 1}`,
        port: nodePort,
        dataDir: resolve(options.dataDir, `key-node-${index + 1}`),
        identityIssuer: options.apiUrl,
        identityJwks: `${options.apiUrl}/identity/jwks.json`,
        logLevel: process.env.LOG_LEVEL || 'warn',
        ...(options.corsOrigins ? { corsOrigins: options.corsOrigins } : {}),
      });
      keyNodes.push(await startKeyNode(config));
    }
    return {
      env: {
        ORRERY_DEV_IDP_URL: idp.url,
        ORRERY_SMTP_URL: mail.smtpUrl,
        ORRERY_KEY_NODES: keyNodes.map((n) => `${n.nodeId}=${n.url}`).join(','),
        ORRERY_KEY_THRESHOLD: '2',
        ORRERY_IDENTITY_ISSUER: options.apiUrl,
      },
      identityProviderUrl: idp.url,
      mailPageUrl: mail.webUrl ?? '',
      smtpUrl: mail.smtpUrl,
      keyNodes,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
