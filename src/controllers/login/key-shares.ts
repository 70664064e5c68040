// The wallet's side of the key nodes (docs/login.md "What the wallet does"): ask every node for
// its share with that node's own identity token, rebuild the key from `threshold` of them and
// check it against the address the nodes recorded; on a first login (every node answers 404)
// create the key here, split it and deposit one share per node. Runs only in the background:
// the key returned never reaches a view.
import { combine, split } from 'shamir-secret-sharing';

import type { LoginReply, NodeIdentityToken, ShareReply } from '../../shared/api';
import { privateKeyToAddress } from '../keyring/sign-transaction';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { KEY_MISMATCH_ERROR, KEY_UNAVAILABLE_ERROR, LoginError, LoginErrorCode } from './errors';

export const KEY_NODE_TIMEOUT_MS = 5000;

interface NodeAnswer {
  status: number;
  body: unknown;
}

export interface RebuiltKey {
  /** 64 lowercase hex characters, no 0x. */
  privateKey: string;
  /** Lowercase 0x address. */
  address: string;
  /** True on a first login: the key was made now and its shares deposited. */
  created: boolean;
  /** The nodes whose shares rebuilt it (or that took a deposit). */
  nodes: string[];
}

async function callNode(
  fetchFn: typeof fetch,
  token: NodeIdentityToken,
  path: string,
  body: unknown,
): Promise<NodeAnswer | undefined> {
  try {
    const response = await fetchFn(`${token.url.replace(/\/+$/u, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(KEY_NODE_TIMEOUT_MS),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed };
  } catch {
    return undefined; // down or unreachable: counted as missing
  }
}

/** A node's share answer, checked: it must be for this identity and well formed. */
function shareOf(answer: NodeAnswer | undefined, reply: LoginReply): ShareReply | undefined {
  if (answer?.status !== 200 || !answer.body || typeof answer.body !== 'object') return undefined;
  const share = answer.body as Partial<ShareReply>;
  if (
    typeof share.share !== 'string' ||
    !/^0x([0-9a-f]{2}){2,512}$/iu.test(share.share) ||
    typeof share.publicAddress !== 'string' ||
    share.verifier !== reply.identity.verifier ||
    share.verifierId !== reply.identity.verifierId
  )
    return undefined;
  return share as ShareReply;
}

function randomSecretKey(): Uint8Array {
  // The platform's secure random source, kept within the curve order.
  return secp256k1.utils.randomSecretKey();
}

/** Rebuilds (or, on a first login, creates and deposits) the key of a verified login. */
export async function rebuildOrCreateKey(
  reply: LoginReply,
  fetchFn: typeof fetch = (...args) => fetch(...args),
): Promise<RebuiltKey> {
  const tokens = reply.identityTokens;
  const answers = await Promise.all(tokens.map((t) => callNode(fetchFn, t, '/shares/fetch', {})));
  const found = answers.flatMap((answer, i) => {
    const share = shareOf(answer, reply);
    return share ? [{ node: tokens[i]!.nodeId, share }] : [];
  });

  if (found.length >= reply.keyThreshold) {
    const recorded = found[0]!.share.publicAddress.toLowerCase();
    // Every share names the same key; a node answering for another key is not used.
    const agreeing = found.filter((f) => f.share.publicAddress.toLowerCase() === recorded);
    if (agreeing.length < reply.keyThreshold)
      throw new LoginError(LoginErrorCode.keyMismatch, KEY_MISMATCH_ERROR);
    const used = agreeing.slice(0, reply.keyThreshold);
    const secret = await combine(used.map((f) => hexToBytes(f.share.share.slice(2))));
    const privateKey = bytesToHex(secret).padStart(64, '0');
    let address: string;
    try {
      address = privateKeyToAddress(privateKey).toLowerCase();
    } catch (cause) {
      throw new LoginError(LoginErrorCode.keyMismatch, KEY_MISMATCH_ERROR, { cause });
    }
    if (address !== recorded) throw new LoginError(LoginErrorCode.keyMismatch, KEY_MISMATCH_ERROR);
    return { privateKey, address, created: false, nodes: used.map((f) => f.node) };
  }

  // A first login only when every node answered that it holds nothing for this identity: a
  // node down (or a share short of the threshold) must never lead to a second, different key.
  if (found.length > 0 || answers.some((answer) => answer?.status !== 404))
    throw new LoginError(LoginErrorCode.keyUnavailable, KEY_UNAVAILABLE_ERROR);
  const secret = randomSecretKey();
  const privateKey = bytesToHex(secret);
  const address = privateKeyToAddress(privateKey).toLowerCase();
  const shares = await split(secret, tokens.length, reply.keyThreshold);
  const deposits = await Promise.all(
    tokens.map((t, i) =>
      callNode(fetchFn, t, '/shares', {
        share: `0x${bytesToHex(shares[i]!)}`,
        publicAddress: address,
      }),
    ),
  );
  if (deposits.some((d) => d?.status !== 201))
    throw new LoginError(LoginErrorCode.keyUnavailable, KEY_UNAVAILABLE_ERROR);
  return { privateKey, address, created: true, nodes: tokens.map((t) => t.nodeId) };
}
