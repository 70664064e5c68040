// Another user's share (issue #14's verification failures): a key node releases only the share
// of the identity its token names, and a token cannot be bent to name someone else: changed
// claims break the signature, a token without a signature or signed with a shared secret (the
// published key used as an HMAC secret: algorithm confusion) is refused, and so is a verifier
// the service does not know. Alice's share stays where it is through all of it.
import { Buffer } from 'node:buffer';
import { createHmac } from 'node:crypto';

import { generateSigningKey } from '../../../src/server/identity/config';
import type { LoginReply, NodeIdentityToken } from '../../../src/shared/api';
import { depositShare, fetchShare } from '../login/key-node-client';
import { mintTokens, startKeyNodes, type KeyNodeSet } from '../login/key-node-set';

const signingKey = generateSigningKey();
const ALICE_SHARE = new Uint8Array(33).fill(0xa1);
const ALICE_ADDRESS = '0x' + 'a1'.repeat(20);

let nodes: KeyNodeSet;
beforeAll(async () => {
  nodes = await startKeyNodes('pglite', 1, signingKey);
}, 60_000);
afterAll(async () => {
  await nodes?.close();
});

const tokenOf = (reply: LoginReply): NodeIdentityToken => reply.identityTokens[0]!;
const mint = (verifierId: string, verifier = 'google') =>
  mintTokens(nodes.configs, signingKey, { verifierId, verifier: verifier as never });

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (token: string) => {
  const [header, payload, signature] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header!, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>,
    signature: signature!,
  };
};

/** Node 1's answer to a fetch with `bearer`. */
async function fetchWith(bearer: string) {
  const answer = await fetchShare({ ...tokenOf(await mint('unused@example.com')), token: bearer });
  return answer!;
}

describe('another user’s share', () => {
  beforeAll(async () => {
    const alice = await mint('alice@example.com');
    expect((await depositShare(tokenOf(alice), ALICE_SHARE, ALICE_ADDRESS))?.status).toBe(201);
  });

  it('gives a valid token of Bob nothing of Alice’s', async () => {
    expect(await fetchShare(tokenOf(await mint('bob@example.com')))).toEqual({
      status: 404,
      body: { error: 'No share for this identity' },
    });
    // The same id under another verifier is another identity.
    expect((await fetchShare(tokenOf(await mint('alice@example.com', 'discord'))))?.status).toBe(
      404,
    );
  });

  it('refuses Bob’s token with its claims changed to Alice (the signature no longer holds)', async () => {
    const { header, payload, signature } = parts(tokenOf(await mint('bob@example.com')).token);
    const forged = `${b64(header)}.${b64({ ...payload, verifier_id: 'alice@example.com' })}.${signature}`;
    expect(await fetchWith(forged)).toEqual({
      status: 401,
      body: { error: 'Identity token signature is invalid' },
    });
  });

  it('refuses an unsigned token and one signed with the published key as an HMAC secret', async () => {
    const { header, payload } = parts(tokenOf(await mint('alice@example.com')).token);
    const claims = { ...payload, jti: `${String(payload.jti)}-x` };
    const unsigned = `${b64({ ...header, alg: 'none' })}.${b64(claims)}.`;
    const hmacInput = `${b64({ ...header, alg: 'HS256' })}.${b64(claims)}`;
    const confused = `${hmacInput}.${createHmac('sha256', JSON.stringify(signingKey.publicJwk))
      .update(hmacInput)
      .digest('base64url')}`;
    for (const token of [unsigned, confused]) {
      const answer = await fetchWith(token);
      expect(answer.status).toBe(401);
      expect(['Identity token signature is invalid', 'Invalid identity token']).toContain(
        (answer.body as { error: string }).error,
      );
    }
  });

  it('refuses a properly signed token naming a verifier the service does not offer', async () => {
    expect(await fetchShare(tokenOf(await mint('alice@example.com', 'evil-verifier')))).toEqual({
      status: 401,
      body: { error: 'Identity token names an unknown verifier' },
    });
  });

  it('still gives Alice her own share, unchanged', async () => {
    expect(await fetchShare(tokenOf(await mint('alice@example.com')))).toMatchObject({
      status: 200,
      body: {
        verifier: 'google',
        verifierId: 'alice@example.com',
        share: '0x' + 'a1'.repeat(33),
        publicAddress: ALICE_ADDRESS,
      },
    });
  });
});
