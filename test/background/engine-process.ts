// The engine in its own process, for the kill test (transaction-restart.test.ts): Node's headless
// engine on FileStorage, driven by its parent over IPC. The storage can be told to stop at a
// chosen write (see crash-storage.ts); the parent hears that and kills this process there.
//
// Run as: node --import tsx engine-process.ts <state file> <rpc url> <chain id>
import type { Hex } from '../../src/shared/primitives';
import type { TransactionStatus } from '../../src/controllers/transactions/types';
import { createEngine } from '../../src/background/engine/create-engine';
import { FileStorage } from '../../src/background/persistence/file-storage';
import { CrashableStorage, writesStatus, type CrashPhase } from './crash-storage';

/** What the parent asks; each is answered with { reply: id, result } or { reply: id, error }. */
export type EngineProcessRequest = { id: number } & (
  | { type: 'call'; action: string; params: unknown[] }
  | { type: 'send'; txParams: Record<string, unknown>; origin: string }
  | { type: 'state' }
  | { type: 'crashAt'; txId: string; status: TransactionStatus; phase: CrashPhase }
);

/** What this process tells its parent unasked. */
export type EngineProcessEvent = { event: 'ready' } | { event: 'crashed'; txId: string };

async function main(): Promise<void> {
  const [stateFile, rpcUrl, chainId] = process.argv.slice(2);
  if (!stateFile || !rpcUrl || !chainId)
    throw new Error('usage: <state file> <rpc url> <chain id>');
  const storage = new CrashableStorage(new FileStorage(stateFile));
  const engine = await createEngine({
    storage,
    network: { rpcUrl, chainId: chainId as Hex },
    blockPollingInterval: 100,
  });
  const send = (message: object) => process.send?.(message);

  const handle = async (request: EngineProcessRequest): Promise<unknown> => {
    switch (request.type) {
      case 'call':
        return engine.call(request.action, request.params);
      case 'send': {
        // Answered once the transaction waits for approval; its hash (or error) is not awaited.
        engine.messenger
          .call('TransactionController:addTransaction', request.txParams, {
            origin: request.origin,
          })
          .catch(() => undefined);
        return null;
      }
      case 'state':
        return engine.getState();
      case 'crashAt':
        void storage
          .crashAt(writesStatus(request.txId, request.status), request.phase)
          .then(() => send({ event: 'crashed', txId: request.txId }));
        return null;
    }
  };

  process.on('message', (request: EngineProcessRequest) => {
    handle(request).then(
      (result) => send({ reply: request.id, result: result ?? null }),
      (error: unknown) => send({ reply: request.id, error: String((error as Error).message) }),
    );
  });
  // The parent's end of the IPC channel closing means the test is over.
  process.on('disconnect', () => process.exit(0));
  send({ event: 'ready' } satisfies EngineProcessEvent);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
