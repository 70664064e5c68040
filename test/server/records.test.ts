// The caller's own records — contacts, custom tokens, NFTs and networks, permissions and past
// transactions — on both backends: happy path, bad input, another user's ids, expired token.
import { signToken } from '../../src/server/auth/jwt';
import { BACKENDS, TEST_JWT_SECRET, useTestServer } from './helpers';
import { newAccount, signUp, type Session } from './session';

const TOKEN_ADDRESS = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const NFT_ADDRESS = '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D';
const TX_HASH = `0x${'ab'.repeat(32)}`;

describe.each(BACKENDS)('user records on %s', (backend) => {
  const suite = useTestServer(backend);
  const { request } = suite;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    alice = await signUp(request);
    bob = await signUp(request);
  });

  const record = async (session: Session) =>
    (await request('GET', '/user?fetchTx=false', { token: session.token })).body;

  describe('contacts', () => {
    it('adds and deletes a contact', async () => {
      const body = {
        name: 'Carol',
        contact_verifier: 'eth',
        contact_verifier_id: newAccount().address,
      };
      const added = await request('POST', '/contact', { token: alice.token, body });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({ id: expect.any(Number), ...body });
      expect((await record(alice)).contacts).toContainEqual(added.body);
      const deleted = await request('DELETE', `/contact/${added.body.id}`, { token: alice.token });
      expect(deleted.body).toEqual({ id: added.body.id, deleted: true });
      expect((await record(alice)).contacts).not.toContainEqual(added.body);
      expect(
        (await request('DELETE', `/contact/${added.body.id}`, { token: alice.token })).status,
      ).toBe(404);
    });

    it('refuses bad input and other users', async () => {
      const bad = await request('POST', '/contact', {
        token: alice.token,
        body: { name: 'x', contact_verifier: 'eth' },
      });
      expect(bad).toMatchObject({
        status: 400,
        body: { error: 'body.contact_verifier_id is required' },
      });
      expect((await request('DELETE', '/contact/abc', { token: alice.token })).body).toEqual({
        error: 'params.id must be integer',
      });
      const mine = await request('POST', '/contact', {
        token: alice.token,
        body: { name: 'Dan', contact_verifier: 'twitter', contact_verifier_id: '@dan' },
      });
      const theirs = await request('DELETE', `/contact/${mine.body.id}`, { token: bob.token });
      expect(theirs).toMatchObject({
        status: 404,
        body: { error: `Contact ${mine.body.id} not found` },
      });
      expect((await record(alice)).contacts).toContainEqual(mine.body);
    });
  });

  describe('custom tokens', () => {
    const body = {
      token_address: TOKEN_ADDRESS,
      network: 'mainnet',
      token_symbol: 'DAI',
      token_name: 'Dai',
      decimals: 18,
    };

    it('adds a token once per network (409 on a duplicate, any address case) and deletes it', async () => {
      const added = await request('POST', '/customtoken', { token: alice.token, body });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({
        id: expect.any(Number),
        ...body,
        token_address: TOKEN_ADDRESS.toLowerCase(),
      });
      const duplicate = await request('POST', '/customtoken', {
        token: alice.token,
        body: { ...body, token_address: TOKEN_ADDRESS.toLowerCase() },
      });
      expect(duplicate).toMatchObject({
        status: 409,
        body: { error: 'Custom token already exists on this network' },
      });
      const otherNetwork = await request('POST', '/customtoken', {
        token: alice.token,
        body: { ...body, network: 'polygon' },
      });
      expect(otherNetwork.status).toBe(201);
      expect((await request('POST', '/customtoken', { token: bob.token, body })).status).toBe(201); // per user
      expect((await record(alice)).customTokens).toHaveLength(2);
      expect(
        (await request('DELETE', `/customtoken/${added.body.id}`, { token: bob.token })).status,
      ).toBe(404);
      expect(
        (await request('DELETE', `/customtoken/${added.body.id}`, { token: alice.token })).status,
      ).toBe(200);
      expect((await record(alice)).customTokens).toHaveLength(1);
    });

    it('refuses bad input', async () => {
      const bad = await request('POST', '/customtoken', {
        token: alice.token,
        body: { ...body, decimals: 99 },
      });
      expect(bad).toMatchObject({ status: 400, body: { error: 'body.decimals must be <= 36' } });
      const badAddress = await request('POST', '/customtoken', {
        token: alice.token,
        body: { ...body, token_address: 'dai.eth' },
      });
      expect(badAddress.body.error).toMatch(/^body\.token_address must match pattern/);
    });
  });

  describe('custom NFTs', () => {
    const body = {
      nft_address: NFT_ADDRESS,
      network: 'mainnet',
      nft_name: 'Ape',
      nft_id: '1234',
      nft_contract_standard: 'ERC721',
    };

    it('adds an NFT once (409 on a duplicate) and lists it in the record', async () => {
      const added = await request('POST', '/customnft', { token: alice.token, body });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        ...body,
        nft_address: NFT_ADDRESS.toLowerCase(),
        nft_image_link: null,
      });
      const duplicate = await request('POST', '/customnft', { token: alice.token, body });
      expect(duplicate).toMatchObject({
        status: 409,
        body: { error: 'Custom NFT already exists on this network' },
      });
      const otherId = await request('POST', '/customnft', {
        token: alice.token,
        body: { ...body, nft_id: '1235' },
      });
      expect(otherId.status).toBe(201);
      expect((await record(alice)).customNfts).toHaveLength(2);
      expect((await record(bob)).customNfts).toHaveLength(0);
    });

    it('refuses bad input', async () => {
      const bad = await request('POST', '/customnft', {
        token: alice.token,
        body: { ...body, nft_contract_standard: 'ERC20' },
      });
      expect(bad).toMatchObject({
        status: 400,
        body: { error: 'body.nft_contract_standard must be one of: ERC721, ERC1155' },
      });
      const badId = await request('POST', '/customnft', {
        token: alice.token,
        body: { ...body, nft_id: '-1' },
      });
      expect(badId.body.error).toMatch(/^body\.nft_id must match pattern/);
    });
  });

  describe('custom networks', () => {
    const body = {
      network_name: 'Local',
      rpc_url: 'http://127.0.0.1:8545',
      chain_id: '0x539',
      symbol: 'ETH',
      block_explorer_url: 'https://explorer.example',
    };

    it('adds, updates and deletes a network', async () => {
      const added = await request('POST', '/customnetwork/rpc', { token: alice.token, body });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({ id: expect.any(Number), network_type: 'rpc', ...body });
      const updated = await request('PATCH', `/customnetwork/${added.body.id}`, {
        token: alice.token,
        body: { ...body, network_name: 'Local 2', block_explorer_url: null },
      });
      expect(updated.body).toMatchObject({ network_name: 'Local 2', block_explorer_url: null });
      expect((await record(alice)).customNetworks).toContainEqual(updated.body);
      expect(
        (await request('DELETE', `/customnetwork/${added.body.id}`, { token: alice.token })).status,
      ).toBe(200);
      expect((await record(alice)).customNetworks).not.toContainEqual(updated.body);
    });

    it('refuses bad input and other users', async () => {
      const badUrl = await request('POST', '/customnetwork/rpc', {
        token: alice.token,
        body: { ...body, rpc_url: 'javascript:alert(1)' },
      });
      expect(badUrl.body.error).toMatch(/^body\.rpc_url must match pattern/);
      const badType = await request('POST', '/customnetwork/RPC%20X', { token: alice.token, body });
      expect(badType.body.error).toMatch(/^params\.type must match pattern/);
      const mine = await request('POST', '/customnetwork/rpc', { token: alice.token, body });
      const patch = await request('PATCH', `/customnetwork/${mine.body.id}`, {
        token: bob.token,
        body: { ...body, rpc_url: 'https://evil.example' },
      });
      expect(patch.status).toBe(404);
      expect(
        (await request('DELETE', `/customnetwork/${mine.body.id}`, { token: bob.token })).status,
      ).toBe(404);
      expect((await record(alice)).customNetworks).toContainEqual(mine.body);
    });
  });

  describe('permissions', () => {
    it('stores a permission with its validity period', async () => {
      const res = await request('POST', '/permissions', {
        token: alice.token,
        body: { name: 'dapp', action: 'sign', origin: 'https://dapp.example', period: '1w' },
      });
      expect(res.status).toBe(201);
      const expiresIn = Date.parse(res.body.expires_at) - Date.now();
      expect(expiresIn).toBeGreaterThan(7 * 86400_000 - 60_000);
      expect(expiresIn).toBeLessThanOrEqual(7 * 86400_000);
      expect((await record(alice)).permissions).toContainEqual(res.body);
      expect((await record(bob)).permissions).toEqual([]);
      const lapsing = await request('POST', '/permissions', {
        token: alice.token,
        body: { name: 'old', action: 'sign', period: '1h' },
      });
      await suite.server.database.db
        .updateTable('permissions')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', lapsing.body.id)
        .execute();
      const names = (await record(alice)).permissions.map((p: { name: string }) => p.name);
      expect(names).toContain('dapp');
      expect(names).not.toContain('old');
      const bad = await request('POST', '/permissions', {
        token: alice.token,
        body: { name: 'x', action: 'y', period: '2d' },
      });
      expect(bad).toMatchObject({
        status: 400,
        body: { error: 'body.period must be one of: 1h, 1w, 1m, 1y' },
      });
    });
  });

  describe('transactions', () => {
    const tx = {
      transaction_hash: TX_HASH,
      network: 'mainnet',
      from: TOKEN_ADDRESS,
      to: NFT_ADDRESS,
      total_amount: '0.5',
      status: 'submitted',
      gasPrice: '20',
      type: 'eth',
    };

    it('stores, lists, filters and updates past transactions', async () => {
      const added = await request('POST', '/transaction', { token: alice.token, body: tx });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        transaction_hash: TX_HASH,
        from: TOKEN_ADDRESS.toLowerCase(),
        to: NFT_ADDRESS.toLowerCase(),
        gasPrice: '20',
        status: 'submitted',
        is_cancel: false,
      });
      await request('POST', '/transaction', {
        token: alice.token,
        body: { ...tx, network: 'polygon' },
      });
      expect(
        (await request('GET', '/transaction', { token: alice.token })).body.transactions,
      ).toHaveLength(2);
      const polygon = await request('GET', '/transaction?network=polygon', { token: alice.token });
      expect(polygon.body.transactions.map((t: { network: string }) => t.network)).toEqual([
        'polygon',
      ]);
      const patched = await request('PATCH', '/transaction', {
        token: alice.token,
        body: { id: added.body.id, status: 'confirmed' },
      });
      expect(patched.body.status).toBe('confirmed');
      const user = await request('GET', '/user', { token: alice.token });
      expect(user.body.transactions).toContainEqual(patched.body);
    });

    it("refuses bad input and another user's transaction", async () => {
      const bad = await request('POST', '/transaction', {
        token: alice.token,
        body: { ...tx, transaction_hash: '0x12' },
      });
      expect(bad.body.error).toMatch(/^body\.transaction_hash must match pattern/);
      const badLimit = await request('GET', '/transaction?limit=0', { token: alice.token });
      expect(badLimit.body).toEqual({ error: 'querystring.limit must be >= 1' });
      const mine = await request('POST', '/transaction', { token: alice.token, body: tx });
      const theirs = await request('PATCH', '/transaction', {
        token: bob.token,
        body: { id: mine.body.id, status: 'failed' },
      });
      expect(theirs.status).toBe(404);
      expect(
        (await request('GET', '/transaction', { token: bob.token })).body.transactions,
      ).toEqual([]);
    });

    it('queues a transaction e-mail', async () => {
      const queued = await request('POST', '/transaction/sendemail', {
        token: alice.token,
        body: { emailObject: { to: 'alice@example.com', subject: 'Sent', amount: '0.5' } },
      });
      expect(queued).toMatchObject({
        status: 202,
        body: { id: expect.any(Number), status: 'queued' },
      });
      const bad = await request('POST', '/transaction/sendemail', {
        token: alice.token,
        body: { emailObject: { to: 'not-an-email' } },
      });
      expect(bad).toMatchObject({
        status: 400,
        body: { error: 'body.emailObject.to must match format "email"' },
      });
    });
  });

  it('answers 401 Token expired on every record route', async () => {
    const expired = signToken(alice.address, TEST_JWT_SECRET, 60, Date.now() - 3_600_000);
    const routes: Array<[string, string]> = [
      ['POST', '/contact'],
      ['DELETE', '/contact/1'],
      ['POST', '/customtoken'],
      ['DELETE', '/customtoken/1'],
      ['POST', '/customnft'],
      ['POST', '/customnetwork/rpc'],
      ['PATCH', '/customnetwork/1'],
      ['DELETE', '/customnetwork/1'],
      ['POST', '/permissions'],
      ['GET', '/transaction'],
      ['POST', '/transaction'],
      ['PATCH', '/transaction'],
      ['POST', '/transaction/sendemail'],
    ];
    for (const [method, path] of routes) {
      const res = await request(method, path, {
        token: expired,
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect([method, path, res.status, res.body]).toEqual([
        method,
        path,
        401,
        { error: 'Token expired' },
      ]);
    }
  });
});
