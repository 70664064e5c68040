// Every statement the API sends finds its rows through an index: a tour of the routes records
// each statement the server runs on PostgreSQL 15, then the planner explains each one with
// sequential scans switched off. A lookup without a matching index still reads a whole table
// (a Seq Scan, or an index walked end to end without an index condition), and fails here.
// GET /user is sent as a named (prepared) statement, planned once per connection.
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../src/server/db';
import { sweepExpired } from '../../src/server/db/sweeper';
import { client, createTestDatabase, startServer, type TestDatabase } from './helpers';
import { newAccount, signUp } from './session';

/** Tables read whole on purpose: the public content lists, a handful of rows each. */
const READ_WHOLE = new Set(['billboard', 'announcements', 'dapps']);

interface Statement {
  text: string;
  values: unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/**
 * The tables a plan reads whole: a Seq Scan, or an index walked from end to end without an
 * index condition (which the planner picks, e.g. a primary key for an ORDER BY id, when no
 * index matches the WHERE clause).
 */
function fullScans(node: PlanNode): string[] {
  const type = node['Node Type'];
  const whole =
    type === 'Seq Scan' ||
    ((type === 'Index Scan' || type === 'Index Only Scan') && node['Index Cond'] === undefined);
  const own = whole ? [`${node['Relation Name'] ?? '?'} (${type})`] : [];
  return [...own, ...(node.Plans ?? []).flatMap(fullScans)];
}

describe('indexes on postgres', () => {
  let database: TestDatabase;
  const statements = new Map<string, Statement>();

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  }, 60_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await database?.dispose();
  });

  it('serves every lookup of the routes through an index', async () => {
    // Record what the server's pooled clients send (they bind query when they are created).
    const query = pg.Client.prototype.query;
    jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const [text, values] = args;
      if (typeof text === 'string' && Array.isArray(values)) statements.set(text, { text, values });
      else if (typeof text === 'object' && text !== null && 'text' in text) {
        const config = text as { text: string; values?: unknown[] };
        statements.set(config.text, { text: config.text, values: config.values ?? [] });
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as unknown as typeof query);

    // One connection, so that the prepared statements it holds can be listed afterwards.
    const server = await startServer(database.config({ databasePoolMax: 1 }));
    const request = client(server);
    const prepared: string[] = [];
    try {
      const alice = await signUp(request, { verifier: 'google', verifierId: 'alice@example.com' });
      const token = alice.token;
      const challenge = String(Math.floor(Date.now() / 1000));
      const bob = newAccount();
      const challengeHeaders = {
        'auth-challenge': challenge,
        'auth-signature': await bob.signMessage({ message: challenge }),
        'auth-public-address': bob.address,
      };
      expect((await request('GET', '/user', { headers: challengeHeaders })).status).toBe(404);

      const tour: [string, string, unknown?][] = [
        ['PATCH', '/user', { default_currency: 'EUR' }],
        ['PATCH', '/user/theme', { theme: 'dark' }],
        ['PATCH', '/user/crashreporter', { enable_crash_reporter: true }],
        ['PATCH', '/user/locale', { locale: 'de' }],
        ['PATCH', '/user/verifier', { verifier: 'google', verifierId: 'alice@example.com' }],
        [
          'POST',
          '/user/recordLogin',
          { hostname: 'h', verifier: 'google', verifierId: 'alice@example.com' },
        ],
        ['POST', '/permissions', { name: 'dapp', action: 'sign', period: '1w' }],
        ['POST', '/contact', { name: 'Bob', contact_verifier: 'eth', contact_verifier_id: 'b' }],
        [
          'POST',
          '/customtoken',
          {
            token_address: '0x6b175474e89094c44da98b954eedeac495271d0f',
            network: 'mainnet',
            token_symbol: 'DAI',
            token_name: 'Dai',
            decimals: 18,
          },
        ],
        [
          'POST',
          '/customnft',
          {
            nft_address: '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d',
            network: 'mainnet',
            nft_name: 'Ape',
            nft_id: '1',
            nft_contract_standard: 'ERC721',
          },
        ],
        [
          'POST',
          '/customnetwork/rpc',
          { network_name: 'L', rpc_url: 'http://127.0.0.1:8545', chain_id: '0x539', symbol: 'ETH' },
        ],
        [
          'POST',
          '/transaction',
          {
            transaction_hash: `0x${'ab'.repeat(32)}`,
            network: 'mainnet',
            from: alice.address,
            to: bob.address,
            total_amount: '1',
            status: 'submitted',
          },
        ],
        ['POST', '/transaction/sendemail', { emailObject: { to: 'a@example.com' } }],
      ];
      const ids: Record<string, number> = {};
      const failed: string[] = [];
      for (const [method, path, body] of tour) {
        const res = await request(method, path, { token, body });
        if (res.status >= 300) failed.push(`${method} ${path}: ${res.status} ${res.body?.error}`);
        if (res.body?.id !== undefined) ids[path] = res.body.id;
      }
      const followUps: [string, string, unknown?][] = [
        ['GET', '/user'],
        ['GET', '/user?fetchTx=false'],
        ['GET', '/transaction?network=mainnet&limit=10'],
        ['PATCH', '/transaction', { id: ids['/transaction'], status: 'confirmed' }],
        [
          'PATCH',
          `/customnetwork/${ids['/customnetwork/rpc']}`,
          { network_name: 'M', rpc_url: 'http://127.0.0.1:8545', chain_id: '0x539', symbol: 'ETH' },
        ],
        ['GET', '/lookup/orrery?verifier=google&verifierId=alice%40example.com'],
        ['DELETE', `/contact/${ids['/contact']}`],
        ['DELETE', `/customtoken/${ids['/customtoken']}`],
        ['DELETE', `/customnetwork/${ids['/customnetwork/rpc']}`],
        ['GET', '/billboard'],
        ['GET', '/announcements'],
      ];
      for (const [method, path, body] of followUps) {
        const res = await request(method, path, { token, body });
        if (res.status !== 200) failed.push(`${method} ${path}: ${res.status} ${res.body?.error}`);
      }
      expect(failed).toEqual([]);
      await sweepExpired(server.database.db);

      // The record's statement went as a named statement; PostgreSQL keeps it per connection.
      const { rows } = await sql<{
        name: string;
      }>`select name from pg_prepared_statements order by name`.execute(server.database.db);
      prepared.push(...rows.map((r) => r.name));
    } finally {
      jest.restoreAllMocks();
      await server.close();
    }

    const explained = await openDatabase({
      databaseUrl: database.config().databaseUrl,
      dataDir: '',
    });
    const scans: Record<string, string[]> = {};
    try {
      await explained.db.connection().execute(async (connection) => {
        await sql`set enable_seqscan = off`.execute(connection);
        for (const { text, values } of statements.values()) {
          if (!/^\s*(\/\*.*?\*\/\s*)?(select|insert|update|delete|with)\b/isu.test(text)) continue;
          // The migrator's own bookkeeping and catalog reads at start-up.
          if (/kysely_migration|pg_catalog/u.test(text)) continue;
          const { rows } = await connection.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
            CompiledQuery.raw(`explain (format json) ${text}`, values),
          );
          const full = fullScans(rows[0]!['QUERY PLAN'][0].Plan).filter(
            (scan) => !READ_WHOLE.has(scan.split(' ')[0]!),
          );
          if (full.length > 0) scans[text] = full;
        }
      });
    } finally {
      await explained.close();
    }
    // The tour reached the lookups this test is about.
    const sent = [...statements.keys()].join('\n');
    for (const table of ['users', 'auth_messages', 'used_challenges', 'rate_limits']) {
      expect(sent).toMatch(new RegExp(`(from|into|update) "?${table}\\b`, 'u'));
    }
    expect(sent).toMatch(/"verifier" = \$1/u);
    expect(scans).toEqual({});
    // Only the marked statements are named; every other one stays unnamed.
    expect(prepared).toEqual(['user_record', 'user_record_with_transactions']);
  }, 90_000);
});
