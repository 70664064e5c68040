/**
 * One parse of a typed-data request's JSON for everyone who reads it: the RPC layer reads its
 * domain's chain id (to switch chains first), the validator checks it, the signer signs it.
 * Parsing it three times was a measurable part of the wallet's own work per signature. The
 * result is frozen throughout, so sharing it cannot let one reader change what another sees.
 */
let last: { json: string; parsed: unknown } | undefined;

/**
 * Objects and arrays inside each other that typed data may hold, as for a request's own params
 * (src/background/rpc/request-limits.ts). The JSON string hides its nesting from that check, and
 * EIP-712 allows recursive struct types, so without this a message nested thousands deep would
 * pass validation, be shown to the user and overflow the signer's stack after they approved.
 */
export const TYPED_DATA_MAX_DEPTH = 64;

/** The typed data's JSON nests deeper than TYPED_DATA_MAX_DEPTH. */
export class TypedDataTooDeepError extends Error {
  constructor() {
    super(`Typed data may not be nested deeper than ${TYPED_DATA_MAX_DEPTH} levels.`);
    this.name = 'TypedDataTooDeepError';
  }
}

/** Freezes every object and array of `root`; throws when they nest too deep. */
function deepFreeze(root: unknown): void {
  // Iterative: the depth check must come before anything recursive reads the value.
  const pending: [value: unknown, depth: number][] = [[root, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, depth] = next;
    if (typeof value !== 'object' || value === null || Object.isFrozen(value)) continue;
    if (depth >= TYPED_DATA_MAX_DEPTH) throw new TypedDataTooDeepError();
    Object.freeze(value);
    for (const item of Object.values(value)) pending.push([item, depth + 1]);
  }
}

/**
 * JSON.parse of `json`, frozen; the same value again for the same text. Throws as JSON.parse
 * does, or TypedDataTooDeepError.
 */
export function parseTypedDataJson(json: string): unknown {
  if (last?.json === json) return last.parsed;
  const parsed: unknown = JSON.parse(json);
  deepFreeze(parsed);
  last = { json, parsed };
  return parsed;
}
