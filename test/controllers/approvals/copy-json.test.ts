import { copyJson } from '../../../src/controllers/approvals/copy-json';

describe('copyJson: approval data checked and copied in one walk', () => {
  it('copies JSON deeply and freezes the copy throughout', () => {
    const value = { a: [1, 'two', { three: true }], b: null, c: { d: -0.5 } };
    const copied = copyJson(value) as typeof value;
    expect(copied).toEqual(value);
    expect(copied).not.toBe(value);
    expect(copied.a).not.toBe(value.a);
    expect(Object.isFrozen(copied)).toBe(true);
    expect(Object.isFrozen(copied.a)).toBe(true);
    expect(Object.isFrozen(copied.a[2])).toBe(true);
    expect(Object.isFrozen(value)).toBe(false);
  });

  it.each([
    ['undefined', { a: undefined }],
    ['a function', { a: () => 1 }],
    ['a bigint', { a: 1n }],
    ['NaN', { a: Number.NaN }],
    ['Infinity', [Number.POSITIVE_INFINITY]],
    ['a symbol', { a: Symbol('s') }],
    ['a Date (a class instance JSON would turn into a string)', { a: new Date(0) }],
    ['a Map', { a: new Map() }],
  ])('refuses %s', (_name, value) => {
    expect(copyJson(value)).toBeUndefined();
  });

  it('refuses a cycle instead of overflowing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(copyJson(cyclic)).toBeUndefined();
  });

  it('keeps a "__proto__" key as an own property, never as the prototype', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const copied = copyJson(value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(Object.hasOwn(copied, '__proto__')).toBe(true);
    expect((copied as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('reads each property once: what was checked is what is copied', () => {
    let reads = 0;
    const value = {
      get shifty() {
        reads += 1;
        return reads === 1 ? 'checked' : undefined;
      },
    };
    expect(copyJson(value)).toEqual({ shifty: 'checked' });
    expect(reads).toBe(1);
  });
});
