// `npx tsx src/server/cluster.ts`: ORRERY_INSTANCES API instances (processes running main.ts on
// PORT+1 .. PORT+N, all on DATABASE_URL) behind the balancer on PORT. SIGINT/SIGTERM drain the
// instances, then stop the balancer. Needs a real PostgreSQL: PGlite serves one process.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { startBalancer } from './balancer';
import { loadConfig } from './config';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('cluster.ts needs DATABASE_URL (PostgreSQL)');
  const ports = Array.from({ length: config.instances }, (_, i) => config.port + 1 + i);
  let stopping = false;
  const children: ChildProcess[] = ports.map((port) => {
    // The same Node flags (the tsx loader among them) run each instance.
    const child = spawn(process.execPath, [...process.execArgv, join(__dirname, 'main.ts')], {
      env: { ...process.env, PORT: String(port), ORRERY_JWT_SECRET: config.jwtSecret },
      stdio: 'inherit',
    });
    child.once('exit', (code) => {
      if (!stopping) console.error(`API instance on port ${port} exited with ${code}`);
    });
    return child;
  });
  const balancer = await startBalancer({
    upstreams: ports.map((port) => `http://127.0.0.1:${port}`),
    port: config.port,
    host: config.host,
  });
  process.stdout.write(
    `Orrery API balancer on ${balancer.url} → ${config.instances} instance(s) on ports ${ports.join(', ')}\n`,
  );
  const stop = async () => {
    stopping = true;
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await balancer.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error('Orrery API cluster failed to start:', err);
  process.exit(1);
});
