/**
 * `npm run bench:api`: requests per second and p50/p99 latency of `GET /user` and
 * `POST /transaction` with 50 concurrent clients (autocannon), on embedded PGlite and on a real
 * PostgreSQL 15 server (a private cluster started for the run). Ends with one JSON line.
 */
import autocannon from 'autocannon';

import { startServer } from '../../src/server/main';
import { client, createTestDatabase, type BackendName } from '../../test/server/helpers';
import { signUp } from '../../test/server/session';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 5);

interface RouteFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

async function load(options: autocannon.Options): Promise<RouteFigures> {
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    ...options,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

async function benchBackend(name: BackendName): Promise<Record<string, RouteFigures>> {
  const database = await createTestDatabase(name);
  // Rate limits guard sign-in, not these routes; lift them so the one sign-in never counts.
  const server = await startServer(database.config({ authRateLimitPerMinute: 10_000 }));
  try {
    const session = await signUp(client(server), { default_currency: 'USD', theme: 'light' });
    const headers = {
      authorization: `Bearer ${session.token}`,
      'content-type': 'application/json',
    };
    const getUser = await load({ url: `${server.url}/user?fetchTx=false`, headers });
    let sequence = 0;
    const postTransaction = await load({
      url: server.url,
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
    });
    return { 'GET /user': getUser, 'POST /transaction': postTransaction };
  } finally {
    await server.close();
    await database.dispose();
  }
}

async function main(): Promise<void> {
  const figures: Record<string, Record<string, RouteFigures>> = {};
  for (const backend of ['pglite', 'postgres'] as const) {
    figures[backend] = await benchBackend(backend);
    for (const [route, f] of Object.entries(figures[backend]!)) {
      console.log(
        `${backend.padEnd(8)} ${route.padEnd(18)} ${String(f.requestsPerSecond).padStart(6)} req/s   p50 ${f.p50Ms} ms   p99 ${f.p99Ms} ms   non-2xx ${f.non2xx}`,
      );
    }
  }
  console.log(`(${CONNECTIONS} concurrent clients, ${DURATION_SECONDS} s per route)`);
  console.log(
    JSON.stringify({
      bench: 'api',
      connections: CONNECTIONS,
      seconds: DURATION_SECONDS,
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
