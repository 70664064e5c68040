/**
 * Opens the approval window for each request a dapp origin puts in the approval queue (views.md
 * G20): one window at a time across the browser profile (`takeTurn`, a Web Lock in the browser),
 * oldest request first. The window closes when its request settles; a window the user closes,
 * that cannot open, or that does not report it loaded in time rejects its request, so the dapp
 * hears 4001 at once. Nothing here ever approves: only a click on the request's own screen does.
 */

/** What the manager needs of a window it opened (a browser `Window`). */
export interface ApprovalWindow {
  readonly closed: boolean;
  close(): void;
}

/** A pending request as the manager sees it (from `ApprovalController.pendingApprovals`). */
export interface QueuedRequest {
  id: string;
  origin: string;
  time: number;
}

export interface ApprovalWindowManagerOptions {
  /** Only this origin's requests get windows from this manager (the provider frame's dapp). */
  origin: string;
  /** Opens the window for a request; null when the browser refused (a popup blocker). */
  openWindow(request: QueuedRequest): ApprovalWindow | null;
  /** Rejects the request (the dapp gets its type's 4001). A request already settled is fine. */
  reject(id: string): Promise<void>;
  /** Runs `turn` when no other window of the profile is up (serialises all managers). */
  takeTurn(turn: () => Promise<void>): Promise<void>;
  /** How often a window is checked for having been closed by the user. */
  closedPollMs?: number;
  /** How long a window may take to report it shows its request before it counts as failed. */
  loadTimeoutMs?: number;
}

type Outcome = 'settled' | 'closed' | 'notLoaded';

export class ApprovalWindowManager {
  readonly #options: Required<ApprovalWindowManagerOptions>;
  /** The origin's pending requests by id, as last seen. */
  #pending = new Map<string, QueuedRequest>();
  /** Requests this manager has shown or is showing: never opened twice. */
  readonly #handled = new Set<string>();
  readonly #shown = new Set<string>();
  readonly #failed = new Set<string>();
  #running = false;
  #stopped = false;
  #wake: (() => void) | null = null;

  constructor(options: ApprovalWindowManagerOptions) {
    this.#options = { closedPollMs: 100, loadTimeoutMs: 15_000, ...options };
  }

  /** The queue changed: every pending request of every origin (others are ignored). */
  update(requests: Iterable<QueuedRequest>): void {
    this.#pending = new Map();
    for (const request of requests) {
      if (request.origin === this.#options.origin) this.#pending.set(request.id, request);
    }
    this.#wake?.();
    if (!this.#running && !this.#stopped && this.#next()) void this.#run();
  }

  /** The window for `id` reported it shows the request. */
  markShown(id: string): void {
    this.#shown.add(id);
    this.#wake?.();
  }

  /** The window for `id` reported it failed to load: its request is rejected now. */
  markFailed(id: string): void {
    this.#failed.add(id);
    this.#wake?.();
  }

  /** Stops opening windows; an open one stays until its request settles or it is closed. */
  stop(): void {
    this.#stopped = true;
    this.#wake?.();
  }

  #next(): QueuedRequest | undefined {
    return [...this.#pending.values()]
      .filter((request) => !this.#handled.has(request.id))
      .sort((a, b) => a.time - b.time)[0];
  }

  async #run(): Promise<void> {
    this.#running = true;
    try {
      for (let request = this.#next(); request && !this.#stopped; request = this.#next()) {
        this.#handled.add(request.id);
        const current = request;
        await this.#options.takeTurn(() => this.#show(current));
      }
    } finally {
      this.#running = false;
    }
  }

  async #show(request: QueuedRequest): Promise<void> {
    if (!this.#pending.has(request.id)) return; // settled while waiting for the turn
    const window = this.#options.openWindow(request);
    if (!window) {
      await this.#reject(request.id);
      return;
    }
    const outcome = await this.#watch(request.id, window);
    if (outcome === 'settled') {
      if (!window.closed) window.close();
      return;
    }
    if (!window.closed) window.close();
    await this.#reject(request.id);
  }

  /** Waits until the request settles, the window is closed, or it fails to report in time. */
  #watch(id: string, window: ApprovalWindow): Promise<Outcome> {
    const { closedPollMs, loadTimeoutMs } = this.#options;
    const openedAt = Date.now();
    return new Promise((resolve) => {
      const check = () => {
        if (!this.#pending.has(id)) return finish('settled');
        if (window.closed) return finish('closed');
        if (this.#failed.has(id)) return finish('notLoaded');
        if (!this.#shown.has(id) && Date.now() - openedAt >= loadTimeoutMs) {
          return finish('notLoaded');
        }
      };
      const timer = setInterval(check, closedPollMs);
      const finish = (outcome: Outcome) => {
        clearInterval(timer);
        this.#wake = null;
        resolve(outcome);
      };
      this.#wake = check;
      check();
    });
  }

  async #reject(id: string): Promise<void> {
    try {
      await this.#options.reject(id);
    } catch {
      // Settled meanwhile (approved elsewhere or the dapp went away): nothing left to reject.
    }
  }
}
