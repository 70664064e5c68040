/** The fallback election: one leader hosts the engine; the next in line takes over when it goes. */
import { ENGINE_LOCK, LEADER_LOCK } from '../../src/background/contract/protocol';
import { joinElection } from '../../src/ui/bridge/election';
import { FakeLocks } from '../background/fake-locks';
import { waitFor } from '../background/helpers';

describe('joinElection', () => {
  it('lets one page host the engine and hands over to the next when it leaves', async () => {
    const locks = new FakeLocks();
    const hosted: string[] = [];
    const ended: string[] = [];
    const candidate = (name: string) =>
      joinElection(locks, () => {
        hosted.push(name);
        return () => ended.push(name);
      });
    const a = candidate('a');
    const b = candidate('b');
    const c = candidate('c');
    await waitFor(() => a.isLeader, 'a to lead');
    expect([b.isLeader, c.isLeader]).toEqual([false, false]);
    expect(locks.queued(LEADER_LOCK)).toBe(2);

    // c leaves the queue before its turn: it never hosts.
    c.leave();
    expect(locks.queued(LEADER_LOCK)).toBe(1);
    a.leave();
    await waitFor(() => b.isLeader, 'b to lead');
    expect(a.isLeader).toBe(false);
    expect(hosted).toEqual(['a', 'b']);
    expect(ended).toEqual(['a']);
    b.leave();
    await waitFor(() => !locks.isHeld(LEADER_LOCK), 'the lock to free');
    expect(hosted).toEqual(['a', 'b']);
    expect(locks.isHeld(ENGINE_LOCK)).toBe(false);
  });
});
