/**
 * `npm run bench:sync`: what crosses to the view for a one-field change when the background holds
 * 10,000 transaction records, by patch versus by whole snapshot. Both paths go through the real
 * UiStateSource, serveView and a structured-cloning port, as across the worker boundary.
 */
import { BaseController, type StateMetadata } from '@metamask/base-controller';
import { Messenger } from '@metamask/messenger';
import type { Json } from '@metamask/utils';

import { createMemoryPortPair } from '../../src/background/sync/memory-port';
import type { BackgroundMessage, ViewMessage } from '../../src/background/contract/protocol';
import { serveView } from '../../src/background/sync/serve-view';
import { UiStateSource } from '../../src/background/sync/ui-state-source';
import { median } from '../lib/median';

const RECORDS = 10_000;
const RUNS = 200;

type TransactionRecord = {
  id: string;
  time: number;
  status: string;
  chainId: string;
  origin: string;
  hash: string;
  txParams: {
    from: string;
    to: string;
    value: string;
    gas: string;
    maxFeePerGas: string;
    maxPriorityFeePerGas: string;
    nonce: string;
  };
};
type TransactionsState = { transactions: Record<string, TransactionRecord> };

const metadata: StateMetadata<TransactionsState> = {
  transactions: {
    persist: true,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
};

/** A controller shaped like the transaction store: 10,000 records keyed by id. */
class TransactionsStore extends BaseController<
  'TransactionsStore',
  TransactionsState,
  Messenger<'TransactionsStore', never, never>
> {
  constructor(state: TransactionsState) {
    super({
      messenger: new Messenger({ namespace: 'TransactionsStore' }) as never,
      metadata,
      name: 'TransactionsStore',
      state,
    });
  }
  setStatus(
    id: string,
    status: string,
  ): ReturnType<BaseController<'TransactionsStore', TransactionsState, never>['update']> {
    return this.update((state) => {
      const record = state.transactions[id];
      if (record) record.status = status;
    });
  }
}

function makeRecords(): TransactionsState {
  const transactions: Record<string, TransactionRecord> = {};
  for (let i = 0; i < RECORDS; i++) {
    const id = `tx-${i}`;
    transactions[id] = {
      id,
      time: 1_700_000_000_000 + i,
      status: 'confirmed',
      chainId: '0x1691',
      origin: 'https://dapp.example',
      hash: `0x${i.toString(16).padStart(64, '0')}`,
      txParams: {
        from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
        to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
        value: '0xde0b6b3a7640000',
        gas: '0x5208',
        maxFeePerGas: '0x77359400',
        maxPriorityFeePerGas: '0x3b9aca00',
        nonce: `0x${i.toString(16)}`,
      },
    };
  }
  return { transactions };
}

async function main(): Promise<void> {
  const store = new TransactionsStore(makeRecords());
  const source = new UiStateSource([
    {
      name: store.name,
      metadata: store.metadata as unknown as StateMetadata<Record<string, Json>>,
      get state() {
        return store.state as unknown as Record<string, Json>;
      },
    },
  ]);
  const [viewPort, backgroundPort] = createMemoryPortPair<BackgroundMessage, ViewMessage>();
  serveView(
    {
      ...source,
      getSnapshot: () => source.getSnapshot(),
      subscribe: (l) => source.subscribe(l),
      call: async () => null,
    },
    backgroundPort,
  );

  let resolveNext: ((message: BackgroundMessage) => void) | null = null;
  viewPort.onMessage((message) => resolveNext?.(message));
  const next = () => new Promise<BackgroundMessage>((resolve) => (resolveNext = resolve));

  const updateTimes: number[] = [];
  const patchTimes: number[] = [];
  const snapshotTimes: number[] = [];
  let patchBytes = 0;
  let snapshotBytes = 0;

  // Warm-up: the first snapshot subscribes the view.
  let arrival = next();
  viewPort.postMessage({ type: 'subscribe' });
  await arrival;

  for (let run = 0; run < RUNS; run++) {
    // The controller's own update is the same whichever way the change then travels: timed apart.
    // Every run changes a different record from 'confirmed', so each change yields exactly one patch.
    let start = performance.now();
    const { patches } = store.setStatus(`tx-${run}`, 'dropped');
    updateTimes.push(performance.now() - start);

    // Patch path: from publishing the change until the view holds the (cloned) patch message.
    arrival = next();
    start = performance.now();
    source.publish(store.name, patches);
    const patchMessage = await arrival;
    patchTimes.push(performance.now() - start);
    patchBytes = Buffer.byteLength(JSON.stringify(patchMessage));

    // Snapshot path: the whole UI state sent again for the same change.
    arrival = next();
    start = performance.now();
    viewPort.postMessage({ type: 'subscribe' });
    const snapshotMessage = await arrival;
    snapshotTimes.push(performance.now() - start);
    snapshotBytes = Buffer.byteLength(JSON.stringify(snapshotMessage));
  }

  const patchMs = median(patchTimes);
  const snapshotMs = median(snapshotTimes);
  const result = {
    records: RECORDS,
    runs: RUNS,
    patchBytes,
    snapshotBytes,
    bytesRatio: Number((snapshotBytes / patchBytes).toFixed(1)),
    patchMedianMs: Number(patchMs.toFixed(4)),
    snapshotMedianMs: Number(snapshotMs.toFixed(3)),
    timeRatio: Number((snapshotMs / patchMs).toFixed(1)),
    controllerUpdateMedianMs: Number(median(updateTimes).toFixed(3)),
  };
  console.log(`State: ${RECORDS} transaction records; ${RUNS} one-field changes.`);
  console.log(`Patch:    ${patchBytes} bytes, median ${result.patchMedianMs} ms to reach the view`);
  console.log(
    `Snapshot: ${snapshotBytes} bytes, median ${result.snapshotMedianMs} ms to reach the view`,
  );
  console.log(
    `(The controller's own immer update, common to both paths: median ${result.controllerUpdateMedianMs} ms.)`,
  );
  console.log(
    `Patch path is ${result.bytesRatio}x smaller and ${result.timeRatio}x faster (target: at least 100x cheaper).`,
  );
  const pass = result.bytesRatio >= 100 && result.timeRatio >= 100;
  console.log(JSON.stringify({ bench: 'sync', ...result, pass }));
  if (!pass) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
