// Reads a bearer token's expiry without verifying it: the client only needs to know whether a
// stored token is worth sending or a new sign-in is due. The server still checks everything.

/** Expiry in ms since the epoch, or undefined when the token is not a readable JWT with `exp`. */
export function jwtExpiryMs(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/gu, '+').replace(/_/gu, '/');
    const json = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
      exp?: unknown;
    };
    return typeof json.exp === 'number' ? json.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** True when the token has an expiry at least `marginMs` in the future. */
export function isTokenUsable(token: string | undefined, now: number, marginMs = 5_000): boolean {
  if (!token) return false;
  const expiry = jwtExpiryMs(token);
  return expiry !== undefined && expiry - marginMs > now;
}
