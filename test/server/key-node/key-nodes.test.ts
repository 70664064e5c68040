// Three key nodes, threshold 2, each with its own database, behind logins through the
// development provider: the first login deposits a share per node, later logins rebuild the
// same key from any two nodes (one stopped); tokens are single use, per node, per identity.
import { generateSigningKey } from '../../../src/server/identity/config';
import { signToken } from '../../../src/server/auth/jwt';
import { loadKeyNodeConfig } from '../../../src/server/key-node/config';
import { startKeyNode } from '../../../src/server/key-node/main';
import type { LoginReply, VerifiedIdentity } from '../../../src/shared/api';
import { BACKENDS, TEST_JWT_SECRET } from '../helpers';
import {
  depositShare,
  fetchShare,
  randomPrivateKey,
  recoverOrCreateKey,
} from '../login/key-node-client';
import { mintTokens } from '../login/key-node-set';
import { IDENTITY_ISSUER } from '../login/login-params';
import { socialLogin, startLoginStack, type LoginStack } from '../login/login-stack';

describe.each(BACKENDS)('key nodes on %s', (backend) => {
  let stack: LoginStack;
  beforeAll(async () => {
    stack = await startLoginStack({ backend });
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  /** Identity tokens for `identity`, signed like the identity service's or by another key. */
  const mint = (
    identity: Partial<VerifiedIdentity>,
    options: { issuer?: string; now?: () => number; otherKey?: boolean } = {},
  ) =>
    mintTokens(
      stack.nodeConfigs,
      options.otherKey ? generateSigningKey() : stack.signingKey,
      identity,
      options,
    );
  const token = (reply: LoginReply, index: number) => reply.identityTokens[index]!;

  it('creates the key at the first login, and rebuilds it at the next ones with a node down', async () => {
    const first = await recoverOrCreateKey(await socialLogin(stack, 'google', 'alice@example.com'));
    expect(first.created).toBe(true);
    expect(first.nodes).toEqual(['node-1', 'node-2', 'node-3']);

    await stack.stopNode(2);
    try {
      const second = await recoverOrCreateKey(
        await socialLogin(stack, 'google', 'alice@example.com'),
      );
      expect(second).toMatchObject({
        created: false,
        address: first.address,
        privateKey: first.privateKey,
      });
      expect(second.nodes).toEqual(['node-1', 'node-2']);
      // Another pair of nodes rebuilds the same key.
      await stack.startNode(2);
      await stack.stopNode(0);
      const third = await recoverOrCreateKey(
        await socialLogin(stack, 'google', 'alice@example.com'),
      );
      expect(third).toMatchObject({
        created: false,
        privateKey: first.privateKey,
        nodes: ['node-2', 'node-3'],
      });
      // Two nodes down: the key cannot be rebuilt, and no new key is made in its place.
      await stack.stopNode(1);
      await expect(
        recoverOrCreateKey(await socialLogin(stack, 'google', 'alice@example.com')),
      ).rejects.toThrow('Cannot recover key: 1 of 2 shares reachable');
    } finally {
      for (const index of [0, 1, 2]) await stack.startNode(index);
    }
  });

  it('gives each identity its own key: another verifier, another user', async () => {
    const google = await recoverOrCreateKey(await socialLogin(stack, 'google', 'bob@example.com'));
    const discord = await recoverOrCreateKey(
      await socialLogin(stack, 'discord', 'bob@example.com'),
    );
    const carol = await recoverOrCreateKey(await socialLogin(stack, 'google', 'carol@example.com'));
    expect(new Set([google.address, discord.address, carol.address]).size).toBe(3);
    // The same verifierId under another verifier finds nothing.
    const line = await mint({ verifier: 'line', verifierId: 'bob@example.com' });
    expect(await fetchShare(token(line, 0))).toMatchObject({
      status: 404,
      body: { error: 'No share for this identity' },
    });
    // The identity is the token's: a body naming another user is refused, not read.
    const dave = await socialLogin(stack, 'google', 'dave@example.com');
    const res = await fetch(`${token(dave, 0).url}/shares/fetch`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token(dave, 0).token}`,
      },
      body: JSON.stringify({ verifier: 'google', verifierId: 'bob@example.com' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'body.verifier is not allowed' });
  });

  it('accepts a token once per operation, and only at its own node', async () => {
    const reply = await socialLogin(stack, 'google', 'erin@example.com');
    const mine = token(reply, 0);
    expect((await fetchShare(mine))?.status).toBe(404);
    expect(await fetchShare(mine)).toMatchObject({
      status: 401,
      body: { error: 'Identity token already used' },
    });
    // Node 1's token at node 2: what a malicious node 1 would try with it.
    expect(await fetchShare({ ...mine, url: token(reply, 1).url })).toMatchObject({
      status: 401,
      body: { error: 'Identity token is for another key node' },
    });
    const share = new Uint8Array(33).fill(7);
    expect((await depositShare(mine, share, '0x' + '11'.repeat(20)))?.status).toBe(201);
    expect(await depositShare(mine, share, '0x' + '11'.repeat(20))).toMatchObject({
      status: 401,
      body: { error: 'Identity token already used' },
    });
    // A share is stored once per identity, whatever the token.
    const again = await socialLogin(stack, 'google', 'erin@example.com');
    expect(
      await depositShare(token(again, 0), new Uint8Array(33).fill(9), '0x' + '22'.repeat(20)),
    ).toMatchObject({
      status: 409,
      body: { error: 'A share is already stored for this identity' },
    });
    expect(await fetchShare(token(again, 0))).toMatchObject({
      status: 200,
      body: {
        nodeId: 'node-1',
        verifier: 'google',
        verifierId: 'erin@example.com',
        share: '0x' + '07'.repeat(33),
      },
    });
  });

  it('releases a share once when one token arrives several times at once', async () => {
    const reply = await mint({ verifierId: 'erin@example.com' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetchShare(token(reply, 0))));
    expect(answers.map((a) => a?.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
  });

  it('refuses expired, foreign, mis-issued and non-identity tokens', async () => {
    const expect401 = async (bearer: string | undefined, error: string) => {
      const res = await fetch(`${stack.nodes[0]!.url}/shares/fetch`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        body: '{}',
      });
      expect({ status: res.status, body: await res.json() }).toEqual({
        status: 401,
        body: { error },
      });
    };
    const old = await mint({}, { now: () => Date.now() - 10 * 60_000 });
    await expect401(token(old, 0).token, 'Identity token has expired');
    await expect401(
      token(await mint({}, { otherKey: true }), 0).token,
      'Identity token signature is invalid',
    );
    await expect401(
      token(await mint({}, { issuer: 'https://identity.evil.example' }), 0).token,
      'Identity token issuer is not trusted',
    );
    // The API's own bearer token is another kind of JWT.
    await expect401(
      signToken('0x' + '33'.repeat(20), TEST_JWT_SECRET, 600),
      'Identity token signature is invalid',
    );
    await expect401('not.a.jwt', 'Invalid identity token');
    await expect401(undefined, 'Authorization: Bearer <identity token> is required');
  });

  it('refuses malformed deposits before using the token', async () => {
    const reply = await socialLogin(stack, 'google', 'frank@example.com');
    const post = (body: unknown) =>
      fetch(`${token(reply, 0).url}/shares`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token(reply, 0).token}`,
        },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const address = '0x' + '44'.repeat(20);
    expect((await post({ share: 'not hex', publicAddress: address })).body.error).toMatch(
      /^body\.share must match/,
    );
    expect((await post({ share: '0x' + 'ab'.repeat(513), publicAddress: address })).status).toBe(
      400,
    );
    expect(await post({ share: '0xabcd', publicAddress: address, verifierId: 'x' })).toEqual({
      status: 400,
      body: { error: 'body.verifierId is not allowed' },
    });
    // The token is still good for a proper deposit.
    expect((await depositShare(token(reply, 0), randomPrivateKey(), address))?.status).toBe(201);
  });

  it('verifies tokens against the identity service’s published keys (remote JWKS)', async () => {
    const config = loadKeyNodeConfig(
      {},
      {
        nodeId: 'node-1',
        port: 0,
        dataDir: `${stack.nodeConfigs[0]!.dataDir}-remote`,
        databaseUrl: stack.nodeConfigs[0]!.databaseUrl,
        identityIssuer: IDENTITY_ISSUER,
        identityJwks: `${stack.api.url}/identity/jwks.json`,
        logLevel: 'silent',
      },
    );
    if (backend === 'pglite') {
      const { cpSync } = await import('node:fs');
      const { keyNodeTemplate } = await import('../login/key-node-set');
      cpSync(await keyNodeTemplate(), config.dataDir, { recursive: true });
    }
    const remote = await startKeyNode(config);
    try {
      const reply = await socialLogin(stack, 'google', 'grace@example.com');
      const res = await fetchShare({ ...token(reply, 0), url: remote.url });
      expect(res?.status).toBe(404);
      expect(
        (await fetchShare({ ...token(await mint({}, { otherKey: true }), 0), url: remote.url }))
          ?.body,
      ).toEqual({
        error: 'Identity token signature is invalid',
      });
    } finally {
      await remote.close();
    }
  });
});
