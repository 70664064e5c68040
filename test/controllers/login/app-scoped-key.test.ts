// App-scoped key derivation (spec part 1 §3). The spec gives no vectors, so these fix Orrery's
// version 1; they were computed outside this code base (Python's hmac/hashlib HKDF, then
// (okm mod (n − 1)) + 1), so a change to the derivation cannot pass by changing both sides.
import { deriveAppScopedKey, isProjectId } from '../../../src/controllers/login/app-scoped-key';
import { LoginErrorCode } from '../../../src/controllers/login/errors';

// anvil's first and second dev keys stand in for a threshold key and a postbox key.
const THRESHOLD = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const POSTBOX = '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const N_MINUS_1 = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140';

describe('deriveAppScopedKey', () => {
  it.each([
    [
      'project-1',
      THRESHOLD,
      POSTBOX,
      'cHJvamVjdC0x',
      '449e73019854aa62d7dc2ee2d0b606e33725dd750ccf560e405a54a60ec8fcaa',
    ],
    [
      'project-2: another project, another key',
      THRESHOLD,
      POSTBOX,
      'cHJvamVjdC0y',
      'e4af280cf5e883fb318bdade9b674228f46aa589fb9b47dcbd56f80cdb2cf762',
    ],
    [
      'the two keys swapped: the roles are not interchangeable',
      POSTBOX,
      THRESHOLD,
      'cHJvamVjdC0x',
      '38fe26d458ad169f837af1c24fba6114351bf9a6745e48b861f94bdfe843040b',
    ],
    [
      'the smallest and largest keys',
      '0'.repeat(63) + '1',
      N_MINUS_1,
      'YQ==',
      '239b2da13540a7ace69fe86bb291b0689a3b4b70069fde3f2e8ced3144d146c3',
    ],
  ])('%s', (_what, threshold, postbox, projectId, expected) => {
    expect(deriveAppScopedKey(threshold, postbox, projectId)).toBe(expected);
    // 0x prefixes and upper case are the same keys.
    expect(deriveAppScopedKey(`0x${threshold.toUpperCase()}`, `0x${postbox}`, projectId)).toBe(
      expected,
    );
  });

  it('derives only when both the threshold key and the postbox key exist', () => {
    for (const [threshold, postbox] of [
      [null, POSTBOX],
      [THRESHOLD, null],
      [undefined, undefined],
      ['', POSTBOX],
    ])
      expect(() => deriveAppScopedKey(threshold, postbox, 'cHJvamVjdC0x')).toThrow(
        expect.objectContaining({
          data: { code: LoginErrorCode.appScopedUnavailable },
          message: 'App-scoped keys need both the threshold key and the postbox key',
        }),
      );
  });

  it('refuses keys that are not secp256k1 keys', () => {
    for (const bad of [
      '0'.repeat(64),
      'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141',
      THRESHOLD.slice(2),
      `${THRESHOLD}00`,
      'zz'.repeat(32),
    ]) {
      expect(() => deriveAppScopedKey(bad, POSTBOX, 'cHJvamVjdC0x')).toThrow(
        expect.objectContaining({ data: { code: LoginErrorCode.appScopedUnavailable } }),
      );
      expect(() => deriveAppScopedKey(THRESHOLD, bad, 'cHJvamVjdC0x')).toThrow(
        expect.objectContaining({ data: { code: LoginErrorCode.appScopedUnavailable } }),
      );
    }
  });

  it('takes base64 project ids only', () => {
    expect(isProjectId('cHJvamVjdC0x')).toBe(true);
    expect(isProjectId('YQ==')).toBe(true);
    expect(isProjectId('a-_b')).toBe(true);
    for (const bad of ['', 'has space', 'a'.repeat(257), 'ü', 'a=b', 42, null])
      expect(isProjectId(bad)).toBe(false);
    expect(() => deriveAppScopedKey(THRESHOLD, POSTBOX, 'not base64!')).toThrow(
      expect.objectContaining({
        data: { code: LoginErrorCode.invalidProjectId },
        message: 'Invalid project id',
      }),
    );
  });
});
