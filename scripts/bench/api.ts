/**
 * `npm run bench:api`: requests per second and p50/p99 latency of `GET /user` and
 * `POST /transaction` with 50 concurrent clients (autocannon): on embedded PGlite (in-process),
 * and on a real PostgreSQL 15 server (a private cluster started for the run) with one API
 * instance and with three (separate processes, the clients spread over them), each with the
 * default pool of ORRERY_DB_POOL_MAX connections. GET /user reads the record the wallet reads
 * (`fetchTx=false`) of a user with a filled record (contacts, permissions, tokens, NFTs,
 * networks). The machine's load average is printed with the figures: other work on it lowers
 * them. On PostgreSQL it also reports the CPU the servers (API processes and PostgreSQL) spent
 * per request, which such load changes far less, in total and split into the API processes' share
 * and PostgreSQL's. Ends with one JSON line. BENCH_API_SECONDS sets the seconds per route
 * (default 5); BENCH_API_SETUPS names the setups to run, comma-separated (default all three:
 * pglite,postgres,postgres_3_instances), so a run can repeat the one setup being worked on, and
 * BENCH_API_ROUTES=get leaves out POST /transaction; BENCH_API_PG_SOCKET=1 reaches PostgreSQL
 * over its Unix socket instead of TCP (a same-host deployment's choice);
 * BENCH_API_INSTANCE_NODE_OPTIONS is given to the API processes as NODE_OPTIONS (e.g.
 * `--import ./scripts/lib/cpu-profile.mjs` with CPU_PROFILE_DIR to profile them under the benchmark's load).
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';

import { startServer } from '../../src/server/main';
import { client, createTestDatabase, TEST_JWT_SECRET } from '../../test/server/helpers';
import { startInstance, stopInstance } from '../../test/server/instances';
import { startPostgres } from '../../test/server/postgres-server';
import { signUp } from '../../test/server/session';
import { parentPid, treeCpuMs } from '../lib/process-cpu';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 5);

interface RouteFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** CPU milliseconds the servers spent per request (API processes + PostgreSQL). */
  serverCpuMsPerRequest?: number;
  /** The API processes' part of it. */
  apiCpuMsPerRequest?: number;
  /** PostgreSQL's part of it. */
  postgresCpuMsPerRequest?: number;
}

/** Milliseconds of CPU the servers under test have used so far: the API's and PostgreSQL's. */
type CpuClock = () => { api: number; postgres: number };

async function load(
  options: autocannon.Options & { urls?: string[] },
  serverCpu?: CpuClock,
): Promise<RouteFigures> {
  const { urls, ...rest } = options;
  // Warm up (JIT, pool connections) before measuring.
  // autocannon spreads its connections over several URLs (its types name only one).
  const url = (urls ?? rest.url) as unknown as string;
  await autocannon({ connections: CONNECTIONS, duration: 1, ...rest, url });
  const cpuBefore = serverCpu?.();
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    ...rest,
    url,
  });
  const cpuAfter = serverCpu?.();
  const perRequest = (ms: number) => Number((ms / result.requests.total).toFixed(3));
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    ...(cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
      ? {
          serverCpuMsPerRequest: perRequest(
            cpuAfter.api + cpuAfter.postgres - cpuBefore.api - cpuBefore.postgres,
          ),
          apiCpuMsPerRequest: perRequest(cpuAfter.api - cpuBefore.api),
          postgresCpuMsPerRequest: perRequest(cpuAfter.postgres - cpuBefore.postgres),
        }
      : {}),
  };
}

/** Fills the user's record the way a well-used wallet has it. */
async function fillRecord(request: ReturnType<typeof client>, token: string): Promise<void> {
  const hex = (i: number, width: number) => i.toString(16).padStart(width, '0');
  const adds: [string, unknown][] = [];
  for (let i = 0; i < 10; i++) {
    adds.push([
      '/contact',
      { name: `Friend ${i}`, contact_verifier: 'eth', contact_verifier_id: `0x${hex(i + 1, 40)}` },
    ]);
    adds.push([
      '/customtoken',
      {
        token_address: `0x${hex(0x1000 + i, 40)}`,
        network: 'mainnet',
        token_symbol: `TK${i}`,
        token_name: `Token ${i}`,
        decimals: 18,
      },
    ]);
  }
  for (let i = 0; i < 5; i++) {
    adds.push([
      '/permissions',
      { name: `dapp ${i}`, action: 'sign', origin: `https://dapp${i}.example`, period: '1w' },
    ]);
    adds.push([
      '/customnft',
      {
        nft_address: `0x${hex(0x2000 + i, 40)}`,
        network: 'mainnet',
        nft_name: `Art ${i}`,
        nft_id: String(i),
        nft_contract_standard: 'ERC721',
        nft_image_link: `https://img.example/${i}.png`,
      },
    ]);
  }
  for (let i = 0; i < 3; i++) {
    adds.push([
      `/customnetwork/rpc`,
      {
        network_name: `Chain ${i}`,
        rpc_url: `https://rpc${i}.example`,
        chain_id: `0x${hex(100 + i, 1)}`,
        symbol: 'ETH',
      },
    ]);
  }
  for (const [path, body] of adds) {
    const res = await request('POST', path, { token, body });
    if (res.status !== 201)
      throw new Error(`POST ${path} answered ${res.status}: ${res.body?.error}`);
  }
}

/** GET /user (without transactions) and POST /transaction against the given instances. */
async function benchRoutes(
  urls: string[],
  routes: 'both' | 'get',
  serverCpu?: CpuClock,
): Promise<Record<string, RouteFigures>> {
  const request = client({ url: urls[0]! });
  const session = await signUp(request, { default_currency: 'USD', theme: 'light' });
  await fillRecord(request, session.token);
  const headers = { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' };
  const figures: Record<string, RouteFigures> = {};
  figures['GET /user'] = await load(
    {
      url: `${urls[0]}/user?fetchTx=false`,
      urls: urls.map((u) => `${u}/user?fetchTx=false`),
      headers,
    },
    serverCpu,
  );
  if (routes === 'get') return figures;
  let sequence = 0;
  figures['POST /transaction'] = await load(
    {
      url: urls[0]!,
      urls,
      requests: [
        {
          method: 'POST',
          path: '/transaction',
          headers,
          // Each request posts a new transaction, as wallets do.
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              transaction_hash: `0x${(++sequence).toString(16).padStart(64, '0')}`,
              network: 'mainnet',
              from: session.address,
              to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
              total_amount: '0.5',
              status: 'submitted',
              gasPrice: '20',
              type: 'eth',
            }),
          }),
        },
      ],
    },
    serverCpu,
  );
  return figures;
}

async function benchPglite(): Promise<Record<string, RouteFigures>> {
  const database = await createTestDatabase('pglite');
  // Rate limits guard sign-in, not these routes; lift them so the one sign-in never counts.
  const server = await startServer(database.config({ authRateLimitPerMinute: 10_000 }));
  try {
    return await benchRoutes([server.url], 'both');
  } finally {
    await server.close();
    await database.dispose();
  }
}

/** The PostgreSQL server's own process (the parent of every connection's backend). */
async function postmasterPid(databaseUrl: string): Promise<number> {
  const connection = new pg.Client({ connectionString: databaseUrl });
  await connection.connect();
  try {
    const { rows } = await connection.query<{ pid: number }>('select pg_backend_pid() as pid');
    const pid = parentPid(rows[0]!.pid);
    if (pid === undefined) throw new Error('PostgreSQL backend not found in /proc');
    return pid;
  } finally {
    await connection.end();
  }
}

/**
 * `count` API processes on one fresh PostgreSQL, each with the default pool: more connections
 * than the machine has cores only add contention (the 50 clients queue for them in each
 * instance, which is cheap).
 */
async function benchPostgres(
  count: number,
  routes: 'both' | 'get',
): Promise<Record<string, RouteFigures>> {
  const postgres = await startPostgres();
  const instances = Array.from({ length: count }, () =>
    startInstance({
      DATABASE_URL: process.env.BENCH_API_PG_SOCKET ? postgres.socketUrl : postgres.databaseUrl,
      ORRERY_JWT_SECRET: TEST_JWT_SECRET,
      ORRERY_AUTH_RATE_LIMIT: '10000',
      ORRERY_SHUTDOWN_DELAY_MS: '0',
      LOG_LEVEL: 'warn',
      ...(process.env.BENCH_API_INSTANCE_NODE_OPTIONS
        ? { NODE_OPTIONS: process.env.BENCH_API_INSTANCE_NODE_OPTIONS }
        : {}),
    }),
  );
  try {
    // The instances log at warn: read the URL from the listening line, which is info.
    const urls = await Promise.all(instances.map((instance) => instance.url));
    const postmaster = await postmasterPid(postgres.databaseUrl);
    const serverCpu = () => ({
      api: instances.reduce((sum, instance) => sum + treeCpuMs(instance.child.pid!), 0),
      postgres: treeCpuMs(postmaster),
    });
    return await benchRoutes(urls, routes, serverCpu);
  } finally {
    await Promise.all(instances.map((instance) => stopInstance(instance)));
    await postgres.stop();
  }
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0]!;
  const setups = (process.env.BENCH_API_SETUPS ?? 'pglite,postgres,postgres_3_instances').split(
    ',',
  );
  const figures: Record<string, Record<string, RouteFigures>> = {};
  if (setups.includes('pglite')) figures.pglite = await benchPglite();
  // BENCH_API_ROUTES=get skips POST /transaction.
  const routes = process.env.BENCH_API_ROUTES === 'get' ? 'get' : 'both';
  if (setups.includes('postgres')) figures.postgres = await benchPostgres(1, routes);
  if (setups.includes('postgres_3_instances'))
    figures.postgres_3_instances = await benchPostgres(3, 'get');
  for (const [setup, routes] of Object.entries(figures)) {
    for (const [route, f] of Object.entries(routes)) {
      console.log(
        `${setup.padEnd(21)} ${route.padEnd(18)} ${String(f.requestsPerSecond).padStart(6)} req/s   p50 ${f.p50Ms} ms   p99 ${f.p99Ms} ms   non-2xx ${f.non2xx}${f.serverCpuMsPerRequest === undefined ? '' : `   server CPU ${f.serverCpuMsPerRequest} ms/request (API ${f.apiCpuMsPerRequest}, PostgreSQL ${f.postgresCpuMsPerRequest})`}`,
      );
    }
  }
  const loadAfter = loadavg()[0]!;
  const load = `load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after`;
  console.log(`(${CONNECTIONS} concurrent clients, ${DURATION_SECONDS} s per route, ${load})`);
  console.log(
    JSON.stringify({
      bench: 'api',
      connections: CONNECTIONS,
      seconds: DURATION_SECONDS,
      load1: [Number(loadBefore.toFixed(2)), Number(loadAfter.toFixed(2))],
      ...figures,
    }),
  );
  const failed = Object.values(figures).some((routes) =>
    Object.values(routes).some((f) => f.non2xx > 0),
  );
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
