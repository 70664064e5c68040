// Runs once per jest run, before any worker starts: compiles the test contracts so that the
// parallel workers only read the cached artifacts instead of racing to compile.
import { compileContracts } from '../chain/compile-contracts';

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const { fromCache } = await compileContracts();
  if (!fromCache) console.log(`\ncompiled test contracts in ${Date.now() - started} ms`);
}
