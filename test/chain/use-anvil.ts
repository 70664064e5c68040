// Jest helper: one anvil node per test file (on a free port), started in beforeAll and
// stopped in afterAll.
import { startAnvil, type AnvilInstance, type AnvilOptions } from '../../scripts/lib/anvil';

export function useAnvil(options?: AnvilOptions): () => AnvilInstance {
  let instance: AnvilInstance | undefined;
  beforeAll(async () => {
    instance = await startAnvil(options);
  });
  afterAll(async () => {
    await instance?.stop();
    instance = undefined;
  });
  return () => {
    if (!instance) throw new Error('useAnvil: the node runs only between beforeAll and afterAll');
    return instance;
  };
}
