/**
 * A deep copy of a JSON value that is also its validation, in one walk: approval data is checked
 * and copied on every request (a dapp signs in a loop), so the copy must not cost three passes
 * (a validator, then stringify, then parse).
 */
import type { Json } from '@metamask/utils';

/** Thrown inside the walk; the caller turns it into its own error. */
class NotJsonError extends Error {}

function copy(value: unknown): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    throw new NotJsonError();
  }
  if (typeof value !== 'object') throw new NotJsonError();
  if (Array.isArray(value)) {
    const items: Json[] = new Array<Json>(value.length);
    for (let i = 0; i < value.length; i++) items[i] = copy(value[i]);
    return Object.freeze(items) as Json[];
  }
  // Only plain objects: a class instance (a Date, a Map) is not what JSON would carry back.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw new NotJsonError();
  const result: Record<string, Json> = {};
  for (const key of Object.keys(value)) {
    const item = copy((value as Record<string, unknown>)[key]);
    // A key named __proto__ stays an own property of the copy, never its prototype.
    if (key === '__proto__') {
      Object.defineProperty(result, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else result[key] = item;
  }
  return Object.freeze(result);
}

/**
 * The copy of `value`, frozen throughout (state takes it as is), when it is JSON (null, booleans, strings, finite numbers, arrays and plain
 * objects of them), otherwise undefined. Each property is read once, so what was checked is
 * what is copied.
 */
export function copyJson(value: unknown): Json | undefined {
  try {
    return copy(value);
  } catch (error) {
    if (error instanceof NotJsonError) return undefined;
    // A cycle overflows the stack: not JSON either.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}
