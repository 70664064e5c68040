import { LEADER_LOCK, type LockManagerLike } from '../../background/contract/protocol';

export interface Candidacy {
  /** True while this page hosts the engine. */
  readonly isLeader: boolean;
  /** Leaves the queue, or steps down (ending the hosted engine). */
  leave(): void;
}

/**
 * Where there is no SharedWorker, the pages of the origin elect the one that hosts the engine:
 * each queues for the leader lock; the holder starts the engine's Worker and keeps the lock
 * until it closes. The browser then grants the lock to the next page in the queue, which starts
 * another Worker; that engine waits for the engine lock (released when the old Worker ends)
 * and starts from storage. `host` starts the engine and returns how to end it.
 */
export function joinElection(locks: LockManagerLike, host: () => () => void): Candidacy {
  const abort = new AbortController();
  let isLeader = false;
  let stepDown: (() => void) | null = null;
  locks
    .request(LEADER_LOCK, { signal: abort.signal }, () => {
      isLeader = true;
      const end = host();
      return new Promise<void>((resolve) => {
        stepDown = () => {
          end();
          isLeader = false;
          resolve();
        };
      });
    })
    .catch(() => {
      // Left the queue before winning.
    });
  return {
    get isLeader() {
      return isLeader;
    },
    leave() {
      abort.abort();
      stepDown?.();
    },
  };
}
