/**
 * The approval window manager (views.md G20) with fake windows and a fake lock: one window per
 * request of its origin, oldest first, one at a time across managers; the window closes when
 * its request settles; a closed, refused or silent window rejects its request; nothing here
 * ever approves.
 */
import {
  ApprovalWindowManager,
  type ApprovalWindow,
  type QueuedRequest,
} from '../../src/ui/approvals/window-manager';

const DAPP = 'http://localhost:3001';
const OTHER = 'http://localhost:3002';

class FakeWindow implements ApprovalWindow {
  closed = false;
  closedBy: 'user' | 'manager' | null = null;
  constructor(readonly request: QueuedRequest) {}
  close(): void {
    this.closed = true;
    this.closedBy ??= 'manager';
  }
  userCloses(): void {
    this.closed = true;
    this.closedBy = 'user';
  }
}

/** A lock shared by managers: turns run one at a time, in order. */
function fakeLock() {
  let tail = Promise.resolve();
  return (turn: () => Promise<void>) => {
    const run = tail.then(turn);
    tail = run.catch(() => undefined);
    return run;
  };
}

function harness(origin = DAPP, lock = fakeLock(), openable = true) {
  const windows: FakeWindow[] = [];
  const rejected: string[] = [];
  const manager = new ApprovalWindowManager({
    origin,
    openWindow: (request) => {
      if (!openable) return null;
      const window = new FakeWindow(request);
      windows.push(window);
      return window;
    },
    reject: async (id) => {
      rejected.push(id);
    },
    takeTurn: lock,
    closedPollMs: 5,
    loadTimeoutMs: 200,
  });
  return { manager, windows, rejected };
}

async function until(condition: () => boolean, what: string, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const request = (id: string, time: number, origin = DAPP): QueuedRequest => ({ id, origin, time });

describe('ApprovalWindowManager', () => {
  it('opens one window per request of its origin, oldest first, the next after the first settles', async () => {
    const { manager, windows, rejected } = harness();
    const queue = [request('b', 2), request('a', 1), request('x', 0, OTHER)];
    manager.update(queue);
    await until(() => windows.length === 1, 'first window');
    expect(windows[0]!.request.id).toBe('a');
    manager.markShown('a');
    // Still one window while "a" waits for the user.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(windows).toHaveLength(1);

    manager.update([request('b', 2), request('x', 0, OTHER)]); // "a" settled
    await until(() => windows.length === 2, 'second window');
    expect(windows[0]!.closedBy).toBe('manager');
    expect(windows[1]!.request.id).toBe('b');
    manager.markShown('b');
    manager.update([request('x', 0, OTHER)]);
    await until(() => windows[1]!.closed, 'second window closed');
    expect(rejected).toEqual([]);
    expect(windows.map((w) => w.request.id)).toEqual(['a', 'b']); // never the other origin's
  });

  it('rejects the request of a window the user closed, within a poll', async () => {
    const { manager, windows, rejected } = harness();
    manager.update([request('a', 1)]);
    await until(() => windows.length === 1, 'window');
    manager.markShown('a');
    const closedAt = Date.now();
    windows[0]!.userCloses();
    await until(() => rejected.length === 1, 'rejection');
    expect(rejected).toEqual(['a']);
    expect(Date.now() - closedAt).toBeLessThan(1000);
  });

  it('rejects when the browser refuses the window, and when it never reports it loaded', async () => {
    const refused = harness(DAPP, fakeLock(), false);
    refused.manager.update([request('a', 1)]);
    await until(() => refused.rejected.length === 1, 'rejection of a refused window');

    const silent = harness();
    silent.manager.update([request('s', 1)]);
    await until(() => silent.rejected.length === 1, 'rejection of a silent window');
    expect(silent.windows[0]!.closedBy).toBe('manager');
  });

  it('rejects at once when the window reports it failed to load', async () => {
    const { manager, windows, rejected } = harness();
    manager.update([request('f', 1)]);
    await until(() => windows.length === 1, 'window');
    const failedAt = Date.now();
    manager.markFailed('f');
    await until(() => rejected.length === 1, 'rejection');
    expect(Date.now() - failedAt).toBeLessThan(100);
    expect(windows[0]!.closedBy).toBe('manager');
  });

  it('never opens a request twice, nor one that settled while it waited for its turn', async () => {
    const lock = fakeLock();
    const first = harness(DAPP, lock);
    const second = harness(OTHER, lock);
    first.manager.update([request('a', 1), request('o', 2, OTHER)]);
    second.manager.update([request('a', 1), request('o', 2, OTHER)]);
    await until(() => first.windows.length === 1, 'first window');
    first.manager.markShown('a');
    // The other origin's window waits for the profile's one window to go.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(second.windows).toHaveLength(0);
    first.manager.update([request('a', 1)]); // same state again: no second window
    second.manager.update([]); // "o" settled elsewhere while it waited
    first.manager.update([]);
    await until(() => first.windows[0]!.closed, 'first window closed');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(first.windows).toHaveLength(1);
    expect(second.windows).toHaveLength(0);
    expect([...first.rejected, ...second.rejected]).toEqual([]);
  });
});
