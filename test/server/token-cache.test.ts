// The bearer-token cache: a token is verified once, yet still expires, a changed token is never
// taken for a remembered one, and the cache stays bounded.
import { signToken, verifyToken } from '../../src/server/auth/jwt';
import { cachedTokenVerifier } from '../../src/server/auth/token-cache';

const SECRET = 'token-cache-secret-token-cache-secret-0123';
const ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const NOW = 1_800_000_000_000;

function countingVerifier(maxEntries?: number) {
  const calls: string[] = [];
  const verify: typeof verifyToken = (token, secret, now) => {
    calls.push(token);
    return verifyToken(token, secret, now);
  };
  return { calls, verify: cachedTokenVerifier(SECRET, maxEntries, verify) };
}

describe('cachedTokenVerifier', () => {
  it('verifies a token once and answers its claims after that', () => {
    const { calls, verify } = countingVerifier();
    const token = signToken(ADDRESS, SECRET, 3600, NOW);
    expect(verify(token, NOW).sub).toBe(ADDRESS);
    expect(verify(token, NOW + 1000).sub).toBe(ADDRESS);
    expect(calls).toEqual([token]);
  });

  it('still refuses a remembered token once it expired', () => {
    const { verify } = countingVerifier();
    const token = signToken(ADDRESS, SECRET, 60, NOW);
    verify(token, NOW);
    expect(() => verify(token, NOW + 60_000)).toThrow('Token expired');
    expect(() => verify(token, NOW + 61_000)).toThrow('Token expired');
  });

  it('refuses a token that differs from a remembered one in any byte', () => {
    const { verify } = countingVerifier();
    const token = signToken(ADDRESS, SECRET, 3600, NOW);
    verify(token, NOW);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(() => verify(`${token.slice(0, -1)}${last}`, NOW)).toThrow('Invalid token');
    expect(() => verify(`${token} `, NOW)).toThrow('Invalid token');
  });

  it('remembers nothing a wrong secret signed', () => {
    const { calls, verify } = countingVerifier();
    const forged = signToken(ADDRESS, 'another-secret-another-secret-another-0123', 3600, NOW);
    expect(() => verify(forged, NOW)).toThrow('Invalid token');
    expect(() => verify(forged, NOW)).toThrow('Invalid token');
    expect(calls).toEqual([forged, forged]);
  });

  it('holds at most maxEntries tokens, forgetting the oldest first', () => {
    const { calls, verify } = countingVerifier(2);
    const [a, b, c] = [1, 2, 3].map((i) => signToken(ADDRESS, SECRET, 3600, NOW + i));
    for (const token of [a!, b!, c!]) verify(token, NOW);
    calls.length = 0;
    verify(c!, NOW);
    verify(b!, NOW);
    expect(calls).toEqual([]);
    verify(a!, NOW); // forgotten: verified again
    expect(calls).toEqual([a]);
  });
});
