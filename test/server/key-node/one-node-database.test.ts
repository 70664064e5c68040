// What one key node knows is not the key: every row of one node's whole database, combined
// with itself in every way the Shamir library takes, never gives the key back; any two shares
// from two different nodes do.
import { sql } from 'kysely';
import { combine, split } from 'shamir-secret-sharing';
import { bytesToHex, hexToBytes } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { generateSigningKey } from '../../../src/server/identity/config';
import { metadataSigningText } from '../../../src/shared/api';
import { BACKENDS } from '../helpers';
import { depositShare, fetchShare, randomPrivateKey } from '../login/key-node-client';
import { mintTokens, startKeyNodes, type KeyNodeSet } from '../login/key-node-set';

describe.each(BACKENDS)('one key node’s database on %s', (backend) => {
  const signingKey = generateSigningKey();
  let set: KeyNodeSet;
  const key = randomPrivateKey();
  const account = privateKeyToAccount(bytesToHex(key));
  const identity = { verifier: 'google' as const, verifierId: 'ivan@example.com' };

  beforeAll(async () => {
    set = await startKeyNodes(backend, 3, signingKey);
    const shares = await split(key, 3, 2);
    const login = await mintTokens(set.configs, signingKey, identity);
    for (const [i, grant] of login.identityTokens.entries())
      expect((await depositShare(grant, shares[i]!, account.address))?.status).toBe(201);
    // Node 1 also holds the key's metadata and a used token.
    const data = Buffer.from('tKey metadata, encrypted by the wallet').toString('base64');
    const signature = await account.signMessage({
      message: metadataSigningText(account.address, 1, data),
    });
    const written = await fetch(`${set.nodes[0]!.url}/metadata/${account.address}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version: 1, data, signature }),
    });
    expect(written.status).toBe(200);
    expect((await fetchShare(login.identityTokens[0]!))?.status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await set?.close();
  });

  /** Every row of every table of a node's database, as JSON text. */
  async function dump(index: number): Promise<string> {
    const db = set.nodes[index]!.database.db;
    const { rows: tables } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public'`.execute(db);
    const everything: Record<string, unknown[]> = {};
    for (const { table_name } of tables)
      everything[table_name] = (await sql`select * from ${sql.table(table_name)}`.execute(db)).rows;
    return JSON.stringify(everything);
  }

  it('does not hold the key, and its shares with anything it holds do not rebuild it', async () => {
    const text = await dump(0);
    const ownShare = (/"share":"(0x[0-9a-f]+)"/.exec(text) ?? [])[1] as `0x${string}`;
    expect(ownShare).toMatch(/^0x[0-9a-f]{66}$/);
    expect(text).toContain(account.address.toLowerCase());
    const keyHex = bytesToHex(key).slice(2);
    expect(text.toLowerCase()).not.toContain(keyHex);
    expect(text).not.toContain(Buffer.from(key).toString('base64'));
    expect(text).not.toContain(Buffer.from(key).toString('base64url'));

    // Every byte string the node holds, as a candidate second share (its own share included).
    const candidates = new Set<string>();
    for (const match of text.matchAll(/0x[0-9a-fA-F]{4,}/g)) candidates.add(match[0].toLowerCase());
    for (const match of text.matchAll(/"([A-Za-z0-9+/]{16,}={0,2})"/g))
      candidates.add(bytesToHex(new Uint8Array(Buffer.from(match[1]!, 'base64'))));
    let tried = 0;
    for (const candidate of candidates) {
      const bytes = hexToBytes(candidate as `0x${string}`);
      // Shares of a 32-byte key are 33 bytes; cut or pad anything else to that length.
      const second = new Uint8Array(33);
      second.set(bytes.slice(0, 33));
      let rebuilt: Uint8Array | undefined;
      try {
        rebuilt = await combine([hexToBytes(ownShare), second]);
      } catch {
        rebuilt = undefined; // the library refuses it (e.g. the same share twice)
      }
      tried++;
      expect(rebuilt && bytesToHex(rebuilt)).not.toBe(bytesToHex(key));
    }
    expect(tried).toBeGreaterThan(3);
  });

  it('gives the key back from any two shares of two different nodes', async () => {
    const login = await mintTokens(set.configs, signingKey, identity);
    const shares = await Promise.all(login.identityTokens.map((t) => fetchShare(t)));
    const bytes = shares.map((s) => hexToBytes(s!.body.share as `0x${string}`));
    for (const [a, b] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const)
      expect(bytesToHex(await combine([bytes[a]!, bytes[b]!]))).toBe(bytesToHex(key));
    for (const share of shares)
      expect(share?.body.publicAddress).toBe(account.address.toLowerCase());
  });
});
