import type {
  EngineFrame,
  LockManagerLike,
  MessageChannelPort,
  PageFrame,
} from '../contract/protocol';
import { pageLockName } from '../contract/protocol';

export type PagePort = MessageChannelPort<PageFrame, EngineFrame>;

/** Client ids are the pages' own random UUIDs; anything else is refused. */
export function isClientId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(value);
}

/**
 * The pages the engine serves, by client id. A page holds the Web Lock named after its id for
 * its whole life; the engine queues for that lock, so it is granted exactly when the page is
 * gone (closed, reloaded or crashed), and the page's session ends then: its views unsubscribe
 * and its provider connections close. No message is needed, and none can be forged to end
 * another page's session.
 */
export class PageSessions {
  readonly #locks: LockManagerLike;
  readonly #serve: (port: PagePort) => () => void;
  readonly #sessions = new Map<string, { stop: () => void; abort: AbortController }>();

  constructor(locks: LockManagerLike, serve: (port: PagePort) => () => void) {
    this.#locks = locks;
    this.#serve = serve;
  }

  get size(): number {
    return this.#sessions.size;
  }

  has(clientId: string): boolean {
    return this.#sessions.has(clientId);
  }

  /** Starts serving the page over `port`, unless it already is served; `onEnd` runs when it ends. */
  open(clientId: string, port: PagePort, onEnd?: () => void): void {
    if (this.#sessions.has(clientId)) return;
    const abort = new AbortController();
    const stopServing = this.#serve(port);
    const session = {
      stop: () => {
        stopServing();
        onEnd?.();
      },
      abort,
    };
    this.#sessions.set(clientId, session);
    this.#locks
      .request(pageLockName(clientId), { signal: abort.signal }, () => {
        // Granted: the page no longer holds its lock, so it is gone.
        if (this.#sessions.get(clientId) === session) this.#end(clientId);
      })
      .catch(() => {
        // Aborted by closeAll(): the session ended another way.
      });
  }

  closeAll(): void {
    for (const clientId of [...this.#sessions.keys()]) this.#end(clientId);
  }

  #end(clientId: string): void {
    const session = this.#sessions.get(clientId);
    if (!session) return;
    this.#sessions.delete(clientId);
    session.abort.abort();
    session.stop();
  }
}
