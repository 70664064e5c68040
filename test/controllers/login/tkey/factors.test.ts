// The tKey's share math and every refusal, without a server: a threshold key opens with the
// social factor and exactly one more (device, password or backup phrase), never with one alone,
// never with a wrong password, phrase or device; changes redraw the shares.
import { combine } from 'shamir-secret-sharing';

import { deriveKey, fromBase64, open } from '../../../../src/controllers/login/tkey/crypto';
import { TKeyErrorCode } from '../../../../src/controllers/login/tkey/errors';
import {
  addDevice,
  createThresholdKey,
  describeFactors,
  exportBackupPhrase,
  openThresholdKey,
  removeFactor,
  setPassword,
  type TKeyMetadata,
} from '../../../../src/controllers/login/tkey/factors';
import { keyToPhrase } from '../../../../src/controllers/login/tkey/phrase';

// Cheap scrypt for tests only (the real cost is 2^17): the rules under test do not depend on it.
const scrypt = { N: 2 ** 10, r: 8, p: 1 };
const POSTBOX = '11'.repeat(32);
const OTHER_POSTBOX = '22'.repeat(32);
const PASSWORD = 'Correct horse 9';
const refused = (code: TKeyErrorCode) => expect.objectContaining({ data: { code } });

async function created() {
  return createThresholdKey(POSTBOX, {
    deviceLabel: 'Chromium on Linux',
    password: PASSWORD,
    scrypt,
  });
}

describe('threshold key factors', () => {
  it('opens the same key with social + device, social + password and social + phrase', async () => {
    const { key, metadata, device } = await created();
    expect(key.address).toMatch(/^0x[0-9a-f]{40}$/u);
    expect(metadata.factors.map((f) => f.type)).toEqual(['social', 'device', 'password']);

    const byDevice = await openThresholdKey(POSTBOX, metadata, { type: 'device', device });
    const byPassword = await openThresholdKey(POSTBOX, metadata, {
      type: 'password',
      password: PASSWORD,
    });
    const { phrase, metadata: withBackup } = await exportBackupPhrase(key, metadata);
    expect(phrase.split(' ')).toHaveLength(24);
    const byPhrase = await openThresholdKey(POSTBOX, withBackup!, { type: 'phrase', phrase });
    for (const opened of [byDevice, byPassword, byPhrase]) expect(opened).toEqual(key);
    // A second export gives the same words and changes nothing.
    expect(await exportBackupPhrase(key, withBackup!)).toEqual({ phrase, metadata: null });
  });

  it('keeps no share and no key in clear in the metadata', async () => {
    const { key, metadata, device } = await created();
    const text = JSON.stringify(metadata);
    expect(text).not.toContain(key.privateKey);
    expect(text).not.toContain(device.wrapKey);
    expect(text).not.toContain(PASSWORD);
    // Each share index is public; the sealed shares do not open without the factor's wrap key.
    for (const factor of metadata.factors)
      expect(open(deriveKey(OTHER_POSTBOX, 'social factor v1'), factor.sealedShare)).toBeNull();
    expect(new Set(metadata.factors.map((f) => f.shareIndex)).size).toBe(3);
  });

  it('any two shares rebuild the key and one does not (the library, on our split)', async () => {
    const { key, metadata, device } = await created();
    const socialWrap = deriveKey(POSTBOX, 'social factor v1');
    const social = open(socialWrap, metadata.factors[0]!.sealedShare)!;
    const deviceShare = open(Buffer.from(device.wrapKey, 'hex'), metadata.factors[1]!.sealedShare)!;
    const two = Buffer.from(await combine([social, deviceShare])).toString('hex');
    expect(two).toBe(key.privateKey);
    // One share alone, or twice, is refused by the library.
    await expect(combine([social])).rejects.toThrow();
    await expect(combine([social, social])).rejects.toThrow(/duplicate/u);
  });

  it('refuses one factor alone', async () => {
    const { metadata } = await created();
    await expect(openThresholdKey(POSTBOX, metadata, undefined)).rejects.toEqual(
      refused(TKeyErrorCode.oneFactor),
    );
    // No backup factor yet: a valid phrase of some other key is only one factor.
    await expect(
      openThresholdKey(POSTBOX, metadata, {
        type: 'phrase',
        phrase: keyToPhrase(new Uint8Array(32)),
      }),
    ).rejects.toEqual(refused(TKeyErrorCode.oneFactor));
  });

  it('refuses a wrong password, a wrong phrase, a foreign device and another social login', async () => {
    const { key, metadata, device } = await created();
    await expect(
      openThresholdKey(POSTBOX, metadata, { type: 'password', password: 'Wrong horse 9x' }),
    ).rejects.toEqual(refused(TKeyErrorCode.wrongPassword));

    const { metadata: withBackup } = await exportBackupPhrase(key, metadata);
    const otherWords = keyToPhrase(new Uint8Array(32).fill(7));
    await expect(
      openThresholdKey(POSTBOX, withBackup!, { type: 'phrase', phrase: otherWords }),
    ).rejects.toEqual(refused(TKeyErrorCode.wrongPhrase));
    await expect(
      openThresholdKey(POSTBOX, withBackup!, { type: 'phrase', phrase: 'abandon '.repeat(24) }),
    ).rejects.toEqual(refused(TKeyErrorCode.wrongPhrase));
    await expect(
      openThresholdKey(POSTBOX, withBackup!, { type: 'phrase', phrase: 'not words at all' }),
    ).rejects.toEqual(refused(TKeyErrorCode.wrongPhrase));

    await expect(
      openThresholdKey(POSTBOX, metadata, {
        type: 'device',
        device: { factorId: device.factorId, wrapKey: 'ab'.repeat(32) },
      }),
    ).rejects.toEqual(refused(TKeyErrorCode.unknownDevice));
    await expect(
      openThresholdKey(POSTBOX, metadata, {
        type: 'device',
        device: { factorId: 'nosuchfactor', wrapKey: device.wrapKey },
      }),
    ).rejects.toEqual(refused(TKeyErrorCode.unknownDevice));

    // Another user's social login does not open this account's social share.
    await expect(
      openThresholdKey(OTHER_POSTBOX, metadata, { type: 'device', device }),
    ).rejects.toEqual(refused(TKeyErrorCode.badMetadata));
  });

  it('refuses altered metadata (a share that does not match its commitment, a foreign address)', async () => {
    const { metadata, device } = await created();
    const swapped: TKeyMetadata = {
      ...metadata,
      factors: metadata.factors.map((f, i) =>
        i === 1 ? { ...f, sealedShare: metadata.factors[2]!.sealedShare } : f,
      ),
    };
    await expect(openThresholdKey(POSTBOX, swapped, { type: 'device', device })).rejects.toEqual(
      refused(TKeyErrorCode.unknownDevice),
    );
    const foreign: TKeyMetadata = { ...metadata, address: `0x${'00'.repeat(20)}` };
    await expect(openThresholdKey(POSTBOX, foreign, { type: 'device', device })).rejects.toEqual(
      refused(TKeyErrorCode.badMetadata),
    );
  });

  it('refuses a password that breaks the spec rules', async () => {
    await expect(
      createThresholdKey(POSTBOX, { deviceLabel: 'x', password: 'short1A', scrypt }),
    ).rejects.toEqual(refused(TKeyErrorCode.weakPassword));
    await expect(
      createThresholdKey(POSTBOX, { deviceLabel: 'x', password: 'alllowercase123', scrypt }),
    ).rejects.toEqual(refused(TKeyErrorCode.weakPassword));
    const { key, metadata } = await created();
    await expect(setPassword(key, metadata, 'NoDigitsHereAtAll', { scrypt })).rejects.toEqual(
      refused(TKeyErrorCode.weakPassword),
    );
  });

  it('a new device joins; a removed device no longer opens the key, the others still do', async () => {
    const { key, metadata, device } = await created();
    const joined = await addDevice(key, metadata, 'Firefox on Mac');
    expect(describeFactors(joined.metadata).map((f) => f.label ?? f.type)).toEqual([
      'social',
      'Chromium on Linux',
      'password',
      'Firefox on Mac',
    ]);
    // Redrawn shares: the first device's wrap key still opens its (new) share.
    await expect(
      openThresholdKey(POSTBOX, joined.metadata, { type: 'device', device }),
    ).resolves.toEqual(key);
    await expect(
      openThresholdKey(POSTBOX, joined.metadata, { type: 'device', device: joined.device }),
    ).resolves.toEqual(key);

    const removed = await removeFactor(key, joined.metadata, device.factorId);
    await expect(openThresholdKey(POSTBOX, removed, { type: 'device', device })).rejects.toEqual(
      refused(TKeyErrorCode.unknownDevice),
    );
    // Its old share (from before the removal) does not combine with the new social share.
    const oldShare = open(
      Buffer.from(device.wrapKey, 'hex'),
      joined.metadata.factors[1]!.sealedShare,
    )!;
    const newSocial = open(
      deriveKey(POSTBOX, 'social factor v1'),
      removed.factors[0]!.sealedShare,
    )!;
    expect(Buffer.from(await combine([newSocial, oldShare])).toString('hex')).not.toBe(
      key.privateKey,
    );
    await expect(
      openThresholdKey(POSTBOX, removed, { type: 'password', password: PASSWORD }),
    ).resolves.toEqual(key);
  });

  it('never removes the social factor or the last second factor', async () => {
    const { key, metadata, device } = await createThresholdKey(POSTBOX, {
      deviceLabel: 'only',
      scrypt,
    });
    await expect(removeFactor(key, metadata, device.factorId)).rejects.toEqual(
      refused(TKeyErrorCode.lastFactor),
    );
    await expect(removeFactor(key, metadata, metadata.factors[0]!.id)).rejects.toEqual(
      refused(TKeyErrorCode.lastFactor),
    );
  });

  it('a changed password opens the key; the old one no longer does', async () => {
    const { key, metadata } = await created();
    const changed = await setPassword(key, metadata, 'Another pass 42', { scrypt });
    expect(changed.factors.filter((f) => f.type === 'password')).toHaveLength(1);
    await expect(
      openThresholdKey(POSTBOX, changed, { type: 'password', password: 'Another pass 42' }),
    ).resolves.toEqual(key);
    await expect(
      openThresholdKey(POSTBOX, changed, { type: 'password', password: PASSWORD }),
    ).rejects.toEqual(refused(TKeyErrorCode.wrongPassword));
    expect(fromBase64(changed.factors[2]!.password!.salt)).toHaveLength(16);
  });
});
