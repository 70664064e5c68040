import { hexToNumber } from './hex';
import type { RequestProvider } from './rpc';
import type { NonceDetails, TransactionMeta } from './types';

export type NonceLock = {
  nextNonce: number;
  nonceDetails: NonceDetails;
  /** Must be called exactly once, when the transaction is stored as signed or has failed. */
  releaseLock: () => void;
};

/** A promise-chain mutex: each acquirer waits for the previous holder's release. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => held);
    return previous.then(() => {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    });
  }
}

const IN_FLIGHT: TransactionMeta['status'][] = ['signed', 'submitted'];

/**
 * Hands out nonces under a lock per (chain, sender), held by the caller from assignment through
 * signing so that concurrent approvals can never take the same nonce. The next nonce is the
 * highest of the network's pending count, the highest local confirmed + 1 and the highest local
 * in-flight + 1.
 */
export class NonceTracker {
  readonly #locks = new Map<string, Mutex>();
  readonly #getProvider: () => RequestProvider;
  readonly #getTransactions: (chainId: string, from: string) => readonly TransactionMeta[];

  constructor(options: {
    getProvider: () => RequestProvider;
    getTransactions: (chainId: string, from: string) => readonly TransactionMeta[];
  }) {
    this.#getProvider = options.getProvider;
    this.#getTransactions = options.getTransactions;
  }

  async getNonceLock(chainId: string, from: string, customNonce?: number): Promise<NonceLock> {
    const key = `${chainId}:${from.toLowerCase()}`;
    let mutex = this.#locks.get(key);
    if (!mutex) {
      mutex = new Mutex();
      this.#locks.set(key, mutex);
    }
    const releaseLock = await mutex.acquire();
    try {
      const network = hexToNumber(
        await this.#getProvider().request<string>({
          method: 'eth_getTransactionCount',
          params: [from, 'pending'],
        }),
      );
      const local = this.#getTransactions(chainId, from);
      const highest = (statuses: TransactionMeta['status'][]) =>
        local
          .filter((tx) => statuses.includes(tx.status) && tx.txParams.nonce !== undefined)
          .reduce((max, tx) => Math.max(max, hexToNumber(tx.txParams.nonce) + 1), 0);
      const localConfirmed = highest(['confirmed']);
      const localPending = highest(IN_FLIGHT);
      const nonceDetails: NonceDetails = { network, localConfirmed, localPending };
      let nextNonce = Math.max(network, localConfirmed, localPending);
      if (customNonce !== undefined) {
        nonceDetails.custom = customNonce;
        nextNonce = customNonce;
      }
      return { nextNonce, nonceDetails, releaseLock };
    } catch (error) {
      releaseLock();
      throw error;
    }
  }
}
