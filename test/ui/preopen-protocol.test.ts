import {
  isPreopenMessage,
  preopenLockName,
  readPreopenId,
} from '../../src/ui/approvals/preopen-protocol';

describe('pre-opened window protocol', () => {
  it('accepts the four known messages, each with its fields', () => {
    expect(isPreopenMessage({ type: 'ping', preopenInstanceId: 'a' })).toBe(true);
    expect(isPreopenMessage({ type: 'ready', preopenInstanceId: 'a' })).toBe(true);
    expect(
      isPreopenMessage({ type: 'show', preopenInstanceId: 'a', origin: 'http://x', since: 1 }),
    ).toBe(true);
    expect(isPreopenMessage({ type: 'showing', preopenInstanceId: 'a', id: 'r1' })).toBe(true);
  });

  it('refuses anything else: unknown types, missing or empty ids, missing fields', () => {
    for (const message of [
      null,
      'ready',
      { type: 'navigate', preopenInstanceId: 'a', url: 'https://evil' },
      { type: 'ready' },
      { type: 'ready', preopenInstanceId: '' },
      { type: 'show', preopenInstanceId: 'a', origin: 'http://x' },
      { type: 'show', preopenInstanceId: 'a', since: 1 },
      { type: 'showing', preopenInstanceId: 'a' },
    ]) {
      expect(isPreopenMessage(message)).toBe(false);
    }
  });

  it('reads only a plain id from the window URL, and names its lock by it', () => {
    expect(readPreopenId('?preopenInstanceId=5f0e-ab_12')).toBe('5f0e-ab_12');
    expect(readPreopenId('')).toBeNull();
    expect(readPreopenId('?preopenInstanceId=a%2Fb')).toBeNull();
    expect(readPreopenId(`?preopenInstanceId=${'a'.repeat(129)}`)).toBeNull();
    expect(preopenLockName('x1')).toBe('orrery-preopen:x1');
  });
});
