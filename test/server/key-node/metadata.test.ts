// tKey metadata on the key nodes: stored under a key's address, written only with that key's
// signature over address, version and data, and only where the node holds a share of it;
// versions only grow, so an old signed write cannot be replayed over a newer one.
import { bytesToHex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { generateSigningKey } from '../../../src/server/identity/config';
import { metadataSigningText, METADATA_MAX_BYTES } from '../../../src/shared/api';
import { BACKENDS } from '../helpers';
import { depositShare, randomPrivateKey } from '../login/key-node-client';
import { mintTokens, startKeyNodes, type KeyNodeSet } from '../login/key-node-set';

describe.each(BACKENDS)('key metadata on %s', (backend) => {
  const signingKey = generateSigningKey();
  let set: KeyNodeSet;
  let owner: PrivateKeyAccount;
  beforeAll(async () => {
    set = await startKeyNodes(backend, 2, signingKey);
    owner = privateKeyToAccount(bytesToHex(randomPrivateKey()));
    // Node 1 holds a share of the owner's key; node 2 does not.
    const tokens = await mintTokens(set.configs, signingKey, { verifierId: 'meta@example.com' });
    const stored = await depositShare(tokens.identityTokens[0]!, randomPrivateKey(), owner.address);
    expect(stored?.status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await set?.close();
  });

  const url = (index: number, address: string) => `${set.nodes[index]!.url}/metadata/${address}`;
  async function put(
    index: number,
    version: number,
    data: string,
    signer = owner,
    address = owner.address,
  ) {
    const signature = await signer.signMessage({
      message: metadataSigningText(address, version, data),
    });
    const res = await fetch(url(index, address), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version, data, signature }),
    });
    return { status: res.status, body: await res.json(), signature };
  }
  const get = async (index: number, address: string = owner.address) => {
    const res = await fetch(url(index, address));
    return { status: res.status, body: await res.json() };
  };
  const b64 = (text: string) => Buffer.from(text).toString('base64');

  it('stores a signed write and serves it with its signature', async () => {
    const written = await put(0, 1, b64('encrypted tKey metadata v1'));
    expect(written).toMatchObject({
      status: 200,
      body: {
        address: owner.address.toLowerCase(),
        version: 1,
        data: b64('encrypted tKey metadata v1'),
      },
    });
    const read = await get(0);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      address: owner.address.toLowerCase(),
      version: 1,
      data: b64('encrypted tKey metadata v1'),
      signature: written.signature,
      updatedAt: expect.any(String),
    });
    // Anyone can check the write came from the key.
    expect(
      await owner.signMessage({ message: metadataSigningText(owner.address, 1, read.body.data) }),
    ).toBe(read.body.signature);
  });

  it('replaces it only with a higher version; an old write cannot be replayed', async () => {
    const v1 = await put(0, 2, b64('v2'));
    expect(v1.status).toBe(200);
    expect(await put(0, 2, b64('v2 again'))).toMatchObject({
      status: 409,
      body: { error: 'Metadata version 2 is not newer than the stored one' },
    });
    expect((await put(0, 1, b64('encrypted tKey metadata v1'))).status).toBe(409);
    // A node that missed versions takes a later one.
    expect((await put(0, 7, b64('v7'))).status).toBe(200);
    expect((await get(0)).body).toMatchObject({ version: 7, data: b64('v7') });
  });

  it('refuses writes not signed by the key, or with other data under its signature', async () => {
    const stranger = privateKeyToAccount(bytesToHex(randomPrivateKey()));
    expect(await put(0, 8, b64('forged'), stranger)).toMatchObject({
      status: 401,
      body: { error: 'Signature does not match the address' },
    });
    const signature = await owner.signMessage({
      message: metadataSigningText(owner.address, 8, b64('real')),
    });
    const swapped = await fetch(url(0, owner.address), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version: 8, data: b64('swapped'), signature }),
    });
    expect(swapped.status).toBe(401);
    expect((await get(0)).body.version).toBe(7);
  });

  it('refuses addresses the node holds no share of, and oversized or malformed data', async () => {
    expect(await put(1, 1, b64('x'))).toMatchObject({
      status: 403,
      body: { error: `This node holds no share of ${owner.address.toLowerCase()}` },
    });
    const stranger = privateKeyToAccount(bytesToHex(randomPrivateKey()));
    expect((await put(0, 1, b64('x'), stranger, stranger.address)).status).toBe(403);
    expect(await get(1)).toEqual({
      status: 404,
      body: { error: `No metadata for ${owner.address.toLowerCase()}` },
    });
    const big = Buffer.alloc(METADATA_MAX_BYTES + 3).toString('base64');
    expect((await put(0, 9, big)).status).toBe(400);
    expect((await put(0, 9, 'not base64!')).body.error).toMatch(/^body\.data must match pattern/);
    expect((await get(0, 'not-an-address')).status).toBe(400);
  });
});
