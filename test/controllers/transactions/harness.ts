// Test wiring for the TransactionController: a real NetworkController on an anvil node, the real
// KeyringController (holding the node's dev keys) behind KeyringController:signTransaction, the
// real ApprovalController, and the engine's PersistenceManager writing the controller's state to
// a storage that a test can stop at a chosen write (a crash), then restart from.
import type { Hex } from '../../../src/shared/primitives';
import { createCustomCommon, Mainnet } from '@ethereumjs/common';
import { createTx, type TypedTxData } from '@ethereumjs/tx';
import { bytesToHex, hexToBytes } from '@ethereumjs/util';
import type { StateMetadata } from '@metamask/base-controller';
import { Messenger } from '@metamask/messenger';
import type { Json } from '@metamask/utils';
import { createServer, type Server } from 'node:http';

import type { AnvilInstance } from '../../../scripts/lib/anvil';
import { callJsonRpc } from '../../../scripts/lib/json-rpc';
import { MemoryStorage } from '../../../src/background/persistence/memory-storage';
import {
  loadPersistedState,
  PersistenceManager,
} from '../../../src/background/persistence/persistence-manager';
import type { StorageAdapter } from '../../../src/background/persistence/storage-adapter';
import {
  ApprovalController,
  type ApprovalControllerActions,
  type ApprovalControllerEvents,
} from '../../../src/controllers/approvals/ApprovalController';
import {
  NetworkController,
  type NetworkControllerActions,
  type NetworkControllerEvents,
} from '../../../src/controllers/network/NetworkController';
import { LOCALHOST_NETWORK } from '../../../src/shared/networks';
import {
  KeyringController,
  type KeyringControllerActions,
  type KeyringControllerEvents,
  type KeyringControllerSignTransactionAction,
} from '../../../src/controllers/keyring/KeyringController';
import {
  GAS_FEE_CONTROLLER_DELEGATED_ACTIONS,
  GAS_FEE_CONTROLLER_DELEGATED_EVENTS,
  GasFeeController,
  type GasFeeControllerActions,
  type GasFeeControllerEvents,
  type GasFeeControllerMessenger,
} from '../../../src/controllers/gas/GasFeeController';
import {
  TRANSACTION_CONTROLLER_DELEGATED_ACTIONS,
  TRANSACTION_CONTROLLER_DELEGATED_EVENTS,
  TransactionController,
  transactionControllerName,
  type TransactionControllerActions,
  type TransactionControllerEvents,
  type TransactionControllerMessenger,
  type TransactionControllerOptions,
  type TransactionControllerState,
} from '../../../src/controllers/transactions/TransactionController';
import type { SignedTransaction } from '../../../src/controllers/keyring/sign-transaction';
import type { TxParams } from '../../../src/controllers/transactions/types';
import { CrashableStorage } from '../../background/crash-storage';

type RootActions =
  | ApprovalControllerActions
  | NetworkControllerActions
  | TransactionControllerActions
  | KeyringControllerSignTransactionAction
  | GasFeeControllerActions;
type RootEvents =
  | ApprovalControllerEvents
  | NetworkControllerEvents
  | TransactionControllerEvents
  | GasFeeControllerEvents;
export type RootMessenger = Messenger<'Root', RootActions, RootEvents>;

/** Signs as another wallet holding the same key would: plain @ethereumjs/tx, outside our code. */
export function signWithKey(
  privateKey: string,
  txParams: TxParams,
  chainId: Hex,
): Omit<SignedTransaction, 'type'> {
  const common = createCustomCommon({ chainId: Number(chainId) }, Mainnet, { hardfork: 'cancun' });
  const type = Number(txParams.type ?? '0x0');
  const txData: TypedTxData = {
    type,
    nonce: txParams.nonce,
    gasLimit: txParams.gas,
    to: txParams.to,
    value: txParams.value ?? '0x0',
    data: txParams.data ?? '0x',
    ...(type === 2
      ? { maxFeePerGas: txParams.maxFeePerGas, maxPriorityFeePerGas: txParams.maxPriorityFeePerGas }
      : { gasPrice: txParams.gasPrice }),
  } as TypedTxData;
  const signed = createTx(txData, { common }).sign(hexToBytes(privateKey as `0x${string}`));
  const hex = (value: bigint | undefined): `0x${string}` => `0x${(value ?? 0n).toString(16)}`;
  return {
    rawTx: bytesToHex(signed.serialize()),
    hash: bytesToHex(signed.hash()),
    r: hex(signed.r),
    s: hex(signed.s),
    v: hex(signed.v),
  };
}

export type Harness = {
  root: RootMessenger;
  network: NetworkController;
  networkMessenger: Messenger<
    'NetworkController',
    NetworkControllerActions,
    NetworkControllerEvents,
    RootMessenger
  >;
  controller: TransactionController;
  /** The real approval queue the controller asks. */
  approvals: ApprovalController;
  /** The real keyring that signs (shared by all harnesses on one node in a test file). */
  keyring: KeyringController;
  /** Calls seen by the signer, to prove one signing per transaction. */
  signCalls: { from: string; nonce: string | undefined }[];
  /** Where the controller's state is persisted, through the engine's PersistenceManager. */
  storage: CrashableStorage;
  /** Writes pending state now (the engine's flush). */
  flush: () => Promise<void>;
  /**
   * A restart from what storage holds: this instance stops (after a crash it stays stuck at the
   * write where the storage stopped), and a new one loads the stored state.
   */
  restart: () => Promise<Harness>;
  /** Stores `state` as the controller's persisted state, then restarts from it. */
  restartWith: (state: Partial<TransactionControllerState>) => Promise<Harness>;
  /** Mines `blocks` blocks and runs the pending tracker once for the new head. */
  tick: (blocks?: number) => Promise<number>;
  destroy: () => Promise<void>;
};

export type HarnessOptions = Partial<
  Omit<TransactionControllerOptions, 'messenger' | 'state' | 'writeAhead'>
> & {
  selectedAddress?: string;
  /** Storage to load from and persist to; a new empty one by default. */
  storage?: StorageAdapter;
  /** Runs the network's own block tracker at this interval (ms) instead of test-driven blocks. */
  blockPollingMs?: number;
  /** Wires the real GasFeeController; without it fees come from the node. */
  withGasFeeController?: boolean;
};

export async function createHarness(
  anvil: AnvilInstance,
  options: HarnessOptions = {},
): Promise<Harness> {
  const storage = new CrashableStorage(
    options.storage instanceof CrashableStorage
      ? options.storage.inner
      : (options.storage ?? new MemoryStorage()),
  );
  const { states, version } = await loadPersistedState(storage);
  const root: RootMessenger = new Messenger({ namespace: 'Root' });
  const networkMessenger = new Messenger<
    'NetworkController',
    NetworkControllerActions,
    NetworkControllerEvents,
    RootMessenger
  >({
    namespace: 'NetworkController',
    parent: root,
  });
  const chainId = `0x${anvil.chainId.toString(16)}` as Hex;
  const network = new NetworkController({
    messenger: networkMessenger,
    providerConfig: { ...LOCALHOST_NETWORK, rpcUrl: anvil.rpcUrl, chainId },
    ...(options.blockPollingMs ? { pollingInterval: options.blockPollingMs } : {}),
  });
  if (options.blockPollingMs) {
    await network.init();
  } else {
    // Reachability without the block tracker: tests drive blocks themselves, deterministically.
    await network.lookupNetwork();
  }

  const keyring = await keyringFor(anvil);
  const signCalls: Harness['signCalls'] = [];
  const keyringMessenger = new Messenger<
    'KeyringController',
    KeyringControllerSignTransactionAction,
    never,
    RootMessenger
  >({
    namespace: 'KeyringController',
    parent: root,
  });
  keyringMessenger.registerActionHandler(
    'KeyringController:signTransaction',
    (from, txParams, txChainId, signOptions) => {
      signCalls.push({
        from,
        nonce: txParams.nonce === undefined ? undefined : String(txParams.nonce),
      });
      return keyring.signTransaction(from, txParams, txChainId, signOptions);
    },
  );
  const approvals = new ApprovalController({
    messenger: new Messenger({ namespace: 'ApprovalController', parent: root }),
  });

  const messenger: TransactionControllerMessenger = new Messenger({
    namespace: 'TransactionController',
    parent: root,
  });
  root.delegate({
    messenger,
    actions: TRANSACTION_CONTROLLER_DELEGATED_ACTIONS,
    events: TRANSACTION_CONTROLLER_DELEGATED_EVENTS,
  });
  let gasFeeController: GasFeeController | undefined;
  if (options.withGasFeeController) {
    const gasMessenger: GasFeeControllerMessenger = new Messenger({
      namespace: 'GasFeeController',
      parent: root,
    });
    root.delegate({
      messenger: gasMessenger,
      actions: GAS_FEE_CONTROLLER_DELEGATED_ACTIONS,
      events: GAS_FEE_CONTROLLER_DELEGATED_EVENTS,
    });
    gasFeeController = new GasFeeController({ messenger: gasMessenger });
    gasFeeController.init();
  }
  const {
    blockPollingMs: _blockPollingMs,
    withGasFeeController: _withGasFeeController,
    storage: _storage,
    selectedAddress,
    ...controllerOptions
  } = options;
  // The engine's persistence, for this one controller: debounced writes, flushed write-ahead.
  const written = { flush: () => Promise.resolve() };
  const controller = new TransactionController({
    getSelectedAddress: () => selectedAddress ?? anvil.accounts[0],
    ...controllerOptions,
    messenger,
    state: states[transactionControllerName] as Partial<TransactionControllerState> | undefined,
    writeAhead: () => written.flush(),
  });
  const persistence = new PersistenceManager({
    storage,
    controllers: [
      {
        name: controller.name,
        metadata: controller.metadata as unknown as StateMetadata<Record<string, Json>>,
        get state() {
          return controller.state as unknown as Record<string, Json>;
        },
      },
    ],
    version,
  });
  written.flush = () => persistence.flush();
  persistence.start({
    onStateChange: (listener) => {
      const handler = (_state: unknown, patches: readonly { path: (string | number)[] }[]) =>
        listener(controller.name, patches);
      root.subscribe('TransactionController:stateChange', handler);
      return () => root.unsubscribe('TransactionController:stateChange', handler);
    },
  });
  await controller.init();

  let destroyed = false;
  const destroy = async () => {
    if (destroyed) return;
    destroyed = true;
    controller.destroy();
    approvals.destroy();
    gasFeeController?.destroy();
    await network.destroy();
    // A crashed storage takes no more writes: what it holds stays as the crash left it.
    if (!storage.crashed) await persistence.stop();
  };
  const restart = async () => {
    await destroy();
    return createHarness(anvil, { ...options, storage: storage.inner });
  };
  return {
    root,
    network,
    networkMessenger,
    controller,
    approvals,
    keyring,
    signCalls,
    storage,
    flush: () => persistence.flush(),
    restart,
    restartWith: async (state) => {
      await destroy();
      await storage.inner.setMany({ [transactionControllerName]: state as Json });
      return createHarness(anvil, { ...options, storage: storage.inner });
    },
    tick: async (blocks = 1) => {
      await callJsonRpc(anvil.rpcUrl, 'anvil_mine', [`0x${blocks.toString(16)}`]);
      const head = Number(await callJsonRpc<string>(anvil.rpcUrl, 'eth_blockNumber'));
      await controller.checkPendingTransactions(head);
      return head;
    },
    destroy,
  };
}

/**
 * One unlocked keyring per node and test file: creating a vault costs a PBKDF2 run of 600,000
 * iterations, too slow to repeat for every test.
 */
const keyrings = new Map<string, Promise<KeyringController>>();
function keyringFor(anvil: AnvilInstance): Promise<KeyringController> {
  const key = anvil.accounts.join(',');
  let keyring = keyrings.get(key);
  if (!keyring) {
    keyring = (async () => {
      const controller = new KeyringController({
        messenger: new Messenger<
          'KeyringController',
          KeyringControllerActions,
          KeyringControllerEvents
        >({
          namespace: 'KeyringController',
        }),
      });
      await controller.createNewVault('transactions test password');
      await controller.addAccounts(
        anvil.privateKeys.map((privKey) => ({ privKey, accountType: 'imported' as const })),
      );
      return controller;
    })();
    keyrings.set(key, keyring);
  }
  return keyring;
}

export function rpc<T>(anvil: AnvilInstance, method: string, params: unknown[] = []): Promise<T> {
  return callJsonRpc<T>(anvil.rpcUrl, method, params);
}

export type RpcBody = { id: number; method: string; params?: unknown[] };

/**
 * A JSON-RPC server in front of a node that answers some requests itself (as another node
 * implementation would) and forwards the rest.
 */
export async function startRpcProxy(
  target: string,
  rewrite: (body: RpcBody) => object | undefined | Promise<object | undefined>,
): Promise<{ url: string; rewritten: number; close: () => Promise<void> }> {
  const state = { rewritten: 0 };
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      void (async () => {
        const body = JSON.parse(text) as RpcBody;
        const replaced = await rewrite(body);
        let answer: string;
        if (replaced) {
          state.rewritten += 1;
          answer = JSON.stringify(replaced);
        } else {
          const upstream = await fetch(target, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: text,
          });
          answer = await upstream.text();
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(answer);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    get rewritten() {
      return state.rewritten;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
