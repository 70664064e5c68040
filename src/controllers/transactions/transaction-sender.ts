import type { SignableTxParams, SignedTransaction } from '../keyring/sign-transaction';
import type { ChainAccess } from './chain-access';
import type { DefaultsLoader } from './defaults-loader';
import { hexToNumber, toHex } from './hex';
import type { NonceTracker } from './nonce-tracker';
import { publishRawTransaction } from './publish';
import { errorMessage } from './rpc';
import type { TransactionStore } from './transaction-store';
import type { TxParams } from './types';

export type TransactionSenderOptions = {
  store: TransactionStore;
  chain: ChainAccess;
  defaults: DefaultsLoader;
  nonceTracker: NonceTracker;
  /** `KeyringController:signTransaction`. */
  sign: (from: string, txParams: SignableTxParams, chainId: string) => Promise<SignedTransaction>;
  /** Resolves once the state so far is in storage (the engine's persistence flush). */
  writeAhead: () => Promise<void>;
};

/** The fields the signer takes: ours without the custom nonce (already applied) and `input`. */
function toSignable(txParams: TxParams): SignableTxParams {
  const { customNonceValue: _custom, input: _input, accessList, ...rest } = txParams;
  return {
    ...rest,
    ...(accessList ? { accessList: accessList as SignableTxParams['accessList'] } : {}),
  };
}

/**
 * Approve → sign → publish, each move stored before the next step acts on it (write-ahead), so
 * that after a crash the wallet knows what may have left it: `approved` is stored before the
 * keyring signs; `signed`, with the raw bytes and hash, before they are sent; `submitted` once
 * the node took them. Only one signing per transaction runs at a time.
 */
export class TransactionSender {
  readonly #options: TransactionSenderOptions;
  readonly #signing = new Set<string>();

  constructor(options: TransactionSenderOptions) {
    this.#options = options;
  }

  /** Approves an unapproved transaction and sends it. A second call while the first runs does nothing. */
  async approve(id: string): Promise<void> {
    const { store, defaults } = this.#options;
    if (this.#signing.has(id)) return;
    const tx = store.get(id);
    if (tx.status !== 'unapproved') {
      throw new Error(`Transaction ${id} is not unapproved (it is ${tx.status}).`);
    }
    this.#signing.add(id);
    try {
      await defaults.inProgress(id);
      const current = store.get(id);
      if (current.status !== 'unapproved' || current.loadingDefaults) return;
      store.setStatus(id, 'approved', 'transactions#approveTransaction');
      await this.#signAndPublish(id);
    } finally {
      this.#signing.delete(id);
    }
  }

  /** Sends a transaction created approved (a speed-up or cancel). */
  async sendApproved(id: string): Promise<void> {
    this.#signing.add(id);
    try {
      await this.#signAndPublish(id);
    } finally {
      this.#signing.delete(id);
    }
  }

  /**
   * Sends a transaction stored as signed and marks it submitted. `nonceTooLowIsSent` as in
   * `publishRawTransaction`. Throws the node's error.
   */
  async publish(id: string, { nonceTooLowIsSent = false } = {}): Promise<void> {
    const { store, chain } = this.#options;
    const tx = store.get(id);
    if (tx.status !== 'signed' || !tx.rawTx || !tx.hash) return;
    const hash = await publishRawTransaction(
      chain.provider(),
      { rawTx: tx.rawTx, hash: tx.hash },
      { nonceTooLowIsSent: nonceTooLowIsSent || tx.type !== undefined },
    );
    store.setStatus(id, 'submitted', 'transactions#publishTransaction', (draft) => {
      draft.hash = hash || draft.hash;
      draft.submittedTime = Date.now();
      draft.retryCount = 0;
    });
    // It has left the wallet whatever happens to this write; a failed one is retried with the next.
    await this.#options.writeAhead().catch((error: unknown) => {
      console.warn('Orrery: storing a submitted transaction failed', error);
    });
  }

  /** Takes the nonce lock, signs, stores as signed, releases the lock, then publishes. */
  async #signAndPublish(id: string): Promise<void> {
    const { store, chain, nonceTracker } = this.#options;
    let release: (() => void) | undefined;
    try {
      await this.#durably('before signing');
      const tx = store.get(id);
      const current = chain.currentChainId();
      if (current !== tx.chainId) {
        throw new Error(
          `Provided chainId "${tx.chainId}" must match the active chainId "${current}"`,
        );
      }
      const custom = tx.txParams.customNonceValue ?? (tx.type ? tx.txParams.nonce : undefined);
      const lock = await nonceTracker.getNonceLock(
        tx.chainId,
        tx.txParams.from,
        custom === undefined ? undefined : hexToNumber(custom),
      );
      release = lock.releaseLock;
      const withNonce = store.mustUpdate(id, 'transactions#approveTransaction: nonce', (draft) => {
        draft.txParams.nonce = toHex(lock.nextNonce);
        draft.nonceDetails = lock.nonceDetails;
      });
      const signed = await this.#options.sign(
        withNonce.txParams.from,
        toSignable(withNonce.txParams),
        withNonce.chainId,
      );
      const stored = store.setStatus(id, 'signed', 'transactions#signTransaction', (draft) => {
        draft.rawTx = signed.rawTx;
        draft.hash = signed.hash;
        draft.r = signed.r;
        draft.s = signed.s;
        draft.v = signed.v;
      });
      if (!stored) return; // final meanwhile (a sibling confirmed): it never leaves
      await this.#durably('before sending');
      release();
      release = undefined;
      await this.publish(id);
    } catch (error) {
      store.fail(id, error);
    } finally {
      release?.();
    }
  }

  /** The write-ahead step: a failed write stops the transaction before the step that needs it. */
  async #durably(step: string): Promise<void> {
    try {
      await this.#options.writeAhead();
    } catch (error) {
      throw new Error(
        `The transaction was not sent: it could not be stored ${step} (${errorMessage(error)}).`,
        { cause: error },
      );
    }
  }
}
