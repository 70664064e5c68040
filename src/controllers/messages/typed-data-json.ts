/**
 * One parse of a typed-data request's JSON for everyone who reads it: the RPC layer reads its
 * domain's chain id (to switch chains first), the validator checks it, the signer signs it.
 * Parsing it three times was a measurable part of the wallet's own work per signature. The
 * result is frozen throughout, so sharing it cannot let one reader change what another sees.
 */
let last: { json: string; parsed: unknown } | undefined;

function deepFreeze(root: unknown): void {
  // Iterative: a request may nest far deeper than the call stack allows.
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null || Object.isFrozen(value)) continue;
    Object.freeze(value);
    for (const item of Object.values(value)) pending.push(item);
  }
}

/** JSON.parse of `json`, frozen; the same value again for the same text. Throws as JSON.parse does. */
export function parseTypedDataJson(json: string): unknown {
  if (last?.json === json) return last.parsed;
  const parsed: unknown = JSON.parse(json);
  deepFreeze(parsed);
  last = { json, parsed };
  return parsed;
}
