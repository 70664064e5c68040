// What the wallet does with a LoginReply, written as a small reference client for the tests
// (the wallet's engine does the same in its worker): ask every key node for its share; with at
// least `threshold` shares rebuild the key and check its address against the nodes' record;
// with none anywhere (a first login, every node answering) create a key, split it with
// shamir-secret-sharing and deposit one share per node.
import { randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { combine, split } from 'shamir-secret-sharing';
import { bytesToHex, hexToBytes } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import type { LoginReply, NodeIdentityToken, ShareReply } from '../../../src/shared/api';

export interface NodeAnswer<T = unknown> {
  status: number;
  body: T;
}

async function call<T>(
  token: NodeIdentityToken,
  path: string,
  body: unknown,
): Promise<NodeAnswer<T> | undefined> {
  try {
    const response = await fetch(`${token.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
    return { status: response.status, body: (await response.json()) as T };
  } catch {
    return undefined; // unreachable
  }
}

export const fetchShare = (token: NodeIdentityToken) =>
  call<ShareReply & { error?: string }>(token, '/shares/fetch', {});

export const depositShare = (token: NodeIdentityToken, share: Uint8Array, publicAddress: string) =>
  call<ShareReply & { error?: string }>(token, '/shares', {
    share: bytesToHex(share),
    publicAddress,
  });

export interface WalletKey {
  privateKey: `0x${string}`;
  address: string;
  created: boolean;
  /** Which nodes' shares rebuilt it (or took a deposit). */
  nodes: string[];
}

export function randomPrivateKey(): Uint8Array {
  for (;;) {
    // A plain Uint8Array: the library checks the type, and a Buffer comes from another realm in jest.
    const candidate = new Uint8Array(randomBytes(32));
    if (secp256k1.utils.isValidSecretKey(candidate)) return candidate;
  }
}

export async function recoverOrCreateKey(reply: LoginReply): Promise<WalletKey> {
  const answers = await Promise.all(reply.identityTokens.map((t) => fetchShare(t)));
  const found = answers.flatMap((a, i) =>
    a?.status === 200 ? [{ node: reply.identityTokens[i]!.nodeId, share: a.body }] : [],
  );
  if (found.length >= reply.keyThreshold) {
    const used = found.slice(0, reply.keyThreshold);
    const secret = await combine(used.map((f) => hexToBytes(f.share.share as `0x${string}`)));
    const privateKey = bytesToHex(secret);
    const address = privateKeyToAddress(privateKey).toLowerCase();
    if (used.some((f) => f.share.publicAddress !== address))
      throw new Error('The rebuilt key is not the one the nodes recorded');
    return { privateKey, address, created: false, nodes: used.map((f) => f.node) };
  }
  if (found.length > 0 || answers.some((a) => a?.status !== 404))
    throw new Error(
      `Cannot recover key: ${found.length} of ${reply.keyThreshold} shares reachable`,
    );
  const secret = randomPrivateKey();
  const privateKey = bytesToHex(secret);
  const address = privateKeyToAddress(privateKey).toLowerCase();
  const shares = await split(secret, reply.identityTokens.length, reply.keyThreshold);
  const deposits = await Promise.all(
    reply.identityTokens.map((t, i) => depositShare(t, shares[i]!, address)),
  );
  if (deposits.some((d) => d?.status !== 201)) throw new Error('A share deposit failed');
  return { privateKey, address, created: true, nodes: reply.identityTokens.map((t) => t.nodeId) };
}
