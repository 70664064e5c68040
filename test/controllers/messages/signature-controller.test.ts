import { deriveStateFromMetadata } from '@metamask/base-controller';
import { encrypt } from '@metamask/eth-sig-util';
import { keccak256, recoverAddress, stringToHex, toHex, verifyMessage } from 'viem';

import type { MessageManager } from '../../../src/controllers/messages/message-manager';
import {
  assertSigninMessage,
  INVALID_SIGNIN_MESSAGE,
} from '../../../src/controllers/messages/signin-message';
import { rejectionOf } from '../approvals/harness';
import {
  COW,
  COW_KEY,
  createSignatureHarness,
  DEV,
  DEV_KEY,
  flush,
  UNKNOWN_ACCOUNT_ERROR,
} from './harness';

const DAPP = 'https://dapp.example';
const HASH = keccak256(stringToHex('a transaction hash, perhaps'));

function recordStatuses(manager: MessageManager<unknown>): string[] {
  const statuses: string[] = [];
  manager.onStatusChange((record) => statuses.push(record.status));
  return statuses;
}

function encryptFor(publicKey: string, plaintext: string): string {
  const encrypted = encrypt({ publicKey, data: plaintext, version: 'x25519-xsalsa20-poly1305' });
  return stringToHex(JSON.stringify(encrypted));
}

describe('personal_sign', () => {
  it('signs utf8 text (hex-encoded first) after approval; viem verifies it', async () => {
    const harness = createSignatureHarness();
    const statuses = recordStatuses(harness.signatures.personalMessageManager as never);
    const finished: unknown[] = [];
    harness.root.subscribe('SignatureController:messageFinished', (event) => finished.push(event));

    const signing = harness.signatures.personalSign({ from: DEV, data: 'Hello, Orrery ✓' }, DAPP);
    const [pending] = harness.approvals.getPending();
    expect(pending).toMatchObject({
      type: 'personal_sign',
      origin: DAPP,
      requestData: { from: DEV, data: stringToHex('Hello, Orrery ✓') },
    });
    expect(Object.values(harness.signatures.state.messages)).toEqual([
      expect.objectContaining({ type: 'personal_sign', status: 'unapproved', origin: DAPP }),
    ]);
    harness.approve('personal_sign');
    const signature = await signing;
    await expect(
      verifyMessage({ address: DEV, message: 'Hello, Orrery ✓', signature }),
    ).resolves.toBe(true);
    expect(statuses).toEqual(['unapproved', 'approved', 'signed']);
    expect(finished).toEqual([
      expect.objectContaining({ type: 'personal_sign', status: 'signed' }),
    ]);
    // Finished requests leave the state.
    expect(harness.signatures.state.messages).toEqual({});
  });

  it('approved and signed in one run: one state write, and the finished event finds it gone', async () => {
    const harness = createSignatureHarness();
    const writes: string[][] = [];
    harness.root.subscribe('SignatureController:stateChange', (state) =>
      writes.push(Object.values(state.messages).map((message) => message.status)),
    );
    const seenAtFinish: string[][] = [];
    harness.root.subscribe('SignatureController:messageFinished', () =>
      seenAtFinish.push(Object.keys(harness.signatures.state.messages)),
    );
    const signing = harness.signatures.personalSign({ from: DEV, data: 'one write' }, DAPP);
    harness.approve('personal_sign');
    await signing;
    // The key is at hand: no write shows 'approved' on its own, nothing is left behind.
    expect(writes).toEqual([['unapproved'], []]);
    expect(seenAtFinish).toEqual([[]]);
  });

  it('0x data is signed as bytes', async () => {
    const harness = createSignatureHarness();
    const data = toHex(new Uint8Array([0, 1, 2, 250, 255]));
    const signing = harness.signatures.personalSign({ from: COW, data }, DAPP);
    harness.approve('personal_sign');
    const signature = await signing;
    await expect(verifyMessage({ address: COW, message: { raw: data }, signature })).resolves.toBe(
      true,
    );
    // personal_ecRecover finds the signer, without a prompt.
    expect(harness.signatures.personalEcRecover({ data, signature })).toBe(COW);
    expect(harness.approvals.getPending()).toEqual([]);
  });

  it('denied: 4001 "Orrery Message Signature: User denied message signature."', async () => {
    const harness = createSignatureHarness();
    const statuses = recordStatuses(harness.signatures.personalMessageManager as never);
    const signing = harness.signatures.personalSign({ from: DEV, data: 'hi' }, DAPP);
    harness.reject('personal_sign');
    const error = await rejectionOf(signing);
    expect([error.code, error.message]).toEqual([
      4001,
      'Orrery Message Signature: User denied message signature.',
    ]);
    expect(statuses).toEqual(['unapproved', 'rejected']);
  });

  it('a signing failure after approval errors with the prefixed message', async () => {
    const harness = createSignatureHarness();
    const statuses = recordStatuses(harness.signatures.personalMessageManager as never);
    const stranger = '0x' + '77'.repeat(20);
    const signing = harness.signatures.personalSign({ from: stranger, data: 'hi' }, DAPP);
    harness.approve('personal_sign');
    const error = await rejectionOf(signing);
    expect(error.message).toBe(`Orrery Message Signature: ${UNKNOWN_ACCOUNT_ERROR}`);
    expect(error.code).toBe(-32603);
    expect(statuses).toEqual(['unapproved', 'approved', 'errored']);
  });

  it.each([
    [{ data: 'hi' }, 'from field is required.'],
    [{ from: '', data: 'hi' }, 'from field is required.'],
    [{ from: 'me', data: 'hi' }, 'Invalid "from" address: me'],
    [{ from: DEV }, 'Params must include a "data" field.'],
    [{ from: DEV, data: 12 }, 'Message data must be a string.'],
    [{ from: DEV, data: '0xzz' }, 'Message data is not valid hex.'],
    [{ from: DEV, data: '0x123' }, 'Message data is not valid hex.'],
  ])('%j is refused: "%s"', async (params, message) => {
    const harness = createSignatureHarness();
    const error = await rejectionOf(harness.signatures.personalSign(params, DAPP));
    expect([error.code, error.message]).toEqual([-32602, message]);
    expect(harness.approvals.getPending()).toEqual([]);
  });

  it('a second request from the same origin while one is pending gets -32002 and errors', async () => {
    const harness = createSignatureHarness();
    const statuses = recordStatuses(harness.signatures.personalMessageManager as never);
    const first = harness.signatures.personalSign({ from: DEV, data: 'one' }, DAPP);
    const second = await rejectionOf(
      harness.signatures.personalSign({ from: DEV, data: 'two' }, DAPP),
    );
    expect(second.code).toBe(-32002);
    expect(statuses).toEqual(['unapproved', 'unapproved', 'errored']);
    harness.approve('personal_sign');
    await expect(first).resolves.toMatch(/^0x[0-9a-f]{130}$/);
  });

  it('personal_ecRecover refuses malformed input clearly', () => {
    const harness = createSignatureHarness();
    const cases: [unknown, string][] = [
      [null, 'Params must be an object.'],
      [{ data: 'hi' }, 'signature must be a 65-byte hex string.'],
      [{ data: 'hi', signature: '0x1234' }, 'signature must be a 65-byte hex string.'],
      [{ signature: '0x' + '11'.repeat(65) }, 'Message data must be a string.'],
    ];
    for (const [params, message] of cases) {
      expect(() => harness.signatures.personalEcRecover(params as never)).toThrow(message);
    }
    // A well-formed but impossible signature (v = 0x11) is a clear error, not a crash.
    expect(() =>
      harness.signatures.personalEcRecover({ data: 'hi', signature: '0x' + '11'.repeat(65) }),
    ).toThrow(/^Cannot recover a signer: /);
  });
});

describe('eth_sign', () => {
  it('a raw 32-byte hash is signed only after an approval flagged dangerWarning', async () => {
    const harness = createSignatureHarness();
    const statuses = recordStatuses(harness.signatures.ethSignManager as never);
    const signing = harness.signatures.ethSign({ from: DEV, data: HASH }, DAPP);
    const [pending] = harness.approvals.getPending();
    expect(pending).toMatchObject({
      type: 'eth_sign',
      requestData: { from: DEV, data: HASH, dangerWarning: true },
    });
    expect(statuses).toEqual(['unapproved']);
    harness.approve('eth_sign');
    const signature = await signing;
    await expect(recoverAddress({ hash: HASH, signature })).resolves.toBe(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    );
    expect(statuses).toEqual(['unapproved', 'approved', 'signed']);
  });

  it('statuses: rejected by the user, errored when the account is unknown', async () => {
    const harness = createSignatureHarness();
    const statuses = recordStatuses(harness.signatures.ethSignManager as never);
    const denied = harness.signatures.ethSign({ from: DEV, data: HASH }, DAPP);
    harness.reject('eth_sign');
    expect((await rejectionOf(denied)).code).toBe(4001);
    expect(statuses).toEqual(['unapproved', 'rejected']);
    statuses.length = 0;
    const failing = harness.signatures.ethSign({ from: '0x' + '66'.repeat(20), data: HASH }, DAPP);
    harness.approve('eth_sign');
    expect((await rejectionOf(failing)).message).toBe(
      `Orrery Message Signature: ${UNKNOWN_ACCOUNT_ERROR}`,
    );
    expect(statuses).toEqual(['unapproved', 'approved', 'errored']);
  });

  it('with a custom prefix and message, data must be keccak256(prefix + length + message)', async () => {
    const harness = createSignatureHarness();
    const customPrefix = '\u0019Example Signed Message:\n';
    const customMessage = 'Log in to Example ✓';
    const data = keccak256(stringToHex(`${customPrefix}${customMessage.length}${customMessage}`));
    const signing = harness.signatures.ethSign(
      { from: COW, data, customPrefix, customMessage },
      DAPP,
    );
    expect(harness.approvals.getPending()[0]?.requestData).toEqual({
      messageId: expect.any(String),
      from: COW,
      data,
      dangerWarning: false,
      customPrefix,
      customMessage,
    });
    harness.approve('eth_sign');
    await expect(recoverAddress({ hash: data, signature: await signing })).resolves.toBe(
      '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
    );

    const mismatch = await rejectionOf(
      harness.signatures.ethSign({ from: COW, data: HASH, customPrefix, customMessage }, DAPP),
    );
    expect(mismatch.message).toBe(`Message data ${HASH} does not match derived hash ${data}`);
    expect(mismatch.code).toBe(-32602);
    expect(harness.approvals.getPending()).toEqual([]);
  });

  it("the wallet's own origin with its own prefix needs no prompt; a dapp using it still does", async () => {
    const harness = createSignatureHarness({ walletOrigin: 'orrery' });
    const customPrefix = 'orrery Signed Message:\n';
    const customMessage = 'Orrery Signin 1234';
    const data = keccak256(stringToHex(`${customPrefix}${customMessage.length}${customMessage}`));
    const own = await harness.signatures.ethSign(
      { from: DEV, data, customPrefix, customMessage },
      'orrery',
    );
    await expect(recoverAddress({ hash: data, signature: own })).resolves.toBe(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    );
    const dapp = harness.signatures.ethSign({ from: DEV, data, customPrefix, customMessage }, DAPP);
    expect(harness.approvals.getPending()).toHaveLength(1);
    harness.reject('eth_sign');
    const error = await rejectionOf(dapp);
    expect([error.code, error.message]).toEqual([
      4001,
      'Orrery Message Signature: User denied message signature.',
    ]);
  });

  it.each([
    [{ data: HASH }, 'from field is required.'],
    [
      { from: DEV, data: '0x1234' },
      'eth_sign data must be a 32-byte hash: 0x followed by 64 hex digits.',
    ],
    [
      { from: DEV, data: 'plain text' },
      'eth_sign data must be a 32-byte hash: 0x followed by 64 hex digits.',
    ],
    [
      { from: DEV, data: HASH, customPrefix: 5, customMessage: 'x' },
      'customPrefix and customMessage must both be strings.',
    ],
    ['0x00', 'Params must be an object.'],
  ])('%j is refused: "%s"', async (params, message) => {
    const harness = createSignatureHarness();
    const error = await rejectionOf(harness.signatures.ethSign(params as never, DAPP));
    expect([error.code, error.message]).toEqual([-32602, message]);
  });
});

describe('eth_getEncryptionPublicKey and eth_decrypt', () => {
  it('gives the key after approval (received), and decrypts a message for it (decrypted)', async () => {
    const harness = createSignatureHarness();
    const keyStatuses = recordStatuses(harness.signatures.encryptionPublicKeyManager as never);
    const decryptStatuses = recordStatuses(harness.signatures.decryptMessageManager as never);

    const keyRequest = harness.signatures.getEncryptionPublicKey({ from: DEV }, DAPP);
    expect(harness.approvals.getPending()[0]).toMatchObject({
      type: 'encryption_public_key',
      requestData: { from: DEV },
    });
    harness.approve('encryption_public_key');
    const publicKey = await keyRequest;
    expect(Buffer.from(publicKey, 'base64')).toHaveLength(32);
    expect(keyStatuses).toEqual(['unapproved', 'approved', 'received']);

    const secret = 'the plaintext, ünïcode included';
    const decrypting = harness.signatures.decrypt(
      { from: DEV, data: encryptFor(publicKey, secret) },
      DAPP,
    );
    harness.approve('decrypt');
    await expect(decrypting).resolves.toBe(secret);
    expect(decryptStatuses).toEqual(['unapproved', 'approved', 'decrypted']);

    // The JSON itself (not hex) is accepted too: non-0x data is utf8.
    const encrypted = encrypt({ publicKey, data: 'again', version: 'x25519-xsalsa20-poly1305' });
    const again = harness.signatures.decrypt({ from: DEV, data: JSON.stringify(encrypted) }, DAPP);
    harness.approve('decrypt');
    await expect(again).resolves.toBe('again');
  });

  it('previews a waiting decrypt only, refusing any other id with a coded failure', async () => {
    const harness = createSignatureHarness();
    const keyRequest = harness.signatures.getEncryptionPublicKey({ from: DEV }, DAPP);
    harness.approve('encryption_public_key');
    const publicKey = await keyRequest;
    const decrypting = harness.signatures.decrypt(
      { from: DEV, data: encryptFor(publicKey, 'preview') },
      DAPP,
    );
    await flush();
    const { messageId } = harness.approvals.getPending()[0]!.requestData as { messageId: string };
    await expect(harness.signatures.decryptPreview(messageId)).resolves.toBe('preview');
    harness.approve('decrypt');
    await expect(decrypting).resolves.toBe('preview');
    for (const id of [messageId, 'no-such-id']) {
      expect(await rejectionOf(harness.signatures.decryptPreview(id))).toMatchObject({
        data: { code: 'approvals.requestNotFound' },
      });
    }
  });

  it('denials give 4001 with their spec messages', async () => {
    const harness = createSignatureHarness();
    const keyStatuses = recordStatuses(harness.signatures.encryptionPublicKeyManager as never);
    const decryptStatuses = recordStatuses(harness.signatures.decryptMessageManager as never);
    const keyRequest = harness.signatures.getEncryptionPublicKey({ from: DEV }, DAPP);
    harness.reject('encryption_public_key');
    const keyError = await rejectionOf(keyRequest);
    expect([keyError.code, keyError.message]).toEqual([
      4001,
      'Orrery EncryptionPublicKey: User denied message EncryptionPublicKey.',
    ]);
    const data = encryptFor('C5YMNdqE4kLgxQhJO1MfuQcHP5hjVSXzamzd/TxlR0U=', 'x');
    const decrypting = harness.signatures.decrypt({ from: DEV, data }, DAPP);
    harness.reject('decrypt');
    const decryptError = await rejectionOf(decrypting);
    expect([decryptError.code, decryptError.message]).toEqual([
      4001,
      'User denied message Ddecryption.',
    ]);
    expect(keyStatuses).toEqual(['unapproved', 'rejected']);
    expect(decryptStatuses).toEqual(['unapproved', 'rejected']);
  });

  it('a message for another key errors after approval; unknown accounts error too', async () => {
    const harness = createSignatureHarness();
    const decryptStatuses = recordStatuses(harness.signatures.decryptMessageManager as never);
    const cowKey = harness.signatures.getEncryptionPublicKey({ from: COW }, DAPP);
    harness.approve('encryption_public_key');
    const forCow = encryptFor(await cowKey, 'not for dev');
    const decrypting = harness.signatures.decrypt({ from: DEV, data: forCow }, DAPP);
    harness.approve('decrypt');
    const error = await rejectionOf(decrypting);
    expect(error.message).toMatch(/^Orrery Decryption: /);
    expect(decryptStatuses).toEqual(['unapproved', 'approved', 'errored']);

    const keyStatuses = recordStatuses(harness.signatures.encryptionPublicKeyManager as never);
    const strangerKey = harness.signatures.getEncryptionPublicKey(
      { from: '0x' + '55'.repeat(20) },
      DAPP,
    );
    harness.approve('encryption_public_key');
    expect((await rejectionOf(strangerKey)).message).toBe(
      `Orrery EncryptionPublicKey: ${UNKNOWN_ACCOUNT_ERROR}`,
    );
    expect(keyStatuses).toEqual(['unapproved', 'approved', 'errored']);
  });

  it.each([
    [{ data: '0x7b7d' }, 'from field is required.'],
    [
      { from: DEV, data: '0x7b7d' },
      'eth_decrypt data must be an encrypted message: JSON (or its hex) with version, nonce, ephemPublicKey and ciphertext.',
    ],
    [
      { from: DEV, data: 'not json' },
      'eth_decrypt data must be an encrypted message: JSON (or its hex) with version, nonce, ephemPublicKey and ciphertext.',
    ],
    [{ from: DEV }, 'Message data must be a string.'],
  ])('decrypt %j is refused: "%s"', async (params, message) => {
    const harness = createSignatureHarness();
    const error = await rejectionOf(harness.signatures.decrypt(params as never, DAPP));
    expect([error.code, error.message]).toEqual([-32602, message]);
  });
});

describe('SignatureController as a whole', () => {
  const garbage: unknown[] = [
    undefined,
    null,
    0,
    'text',
    [],
    [DEV, 'hi'],
    { from: {} },
    { from: [DEV] },
  ];

  it('malformed params never throw anything but a clear -32602 error', async () => {
    const harness = createSignatureHarness();
    const calls: ((params: never) => Promise<unknown>)[] = [
      (params) => harness.signatures.ethSign(params, DAPP),
      (params) => harness.signatures.personalSign(params, DAPP),
      (params) => harness.signatures.signTypedData(params, 'V1', DAPP),
      (params) => harness.signatures.signTypedData(params, 'V3', DAPP),
      (params) => harness.signatures.signTypedData(params, 'V4', DAPP),
      (params) => harness.signatures.getEncryptionPublicKey(params, DAPP),
      (params) => harness.signatures.decrypt(params, DAPP),
    ];
    for (const call of calls) {
      for (const params of garbage) {
        const error = await rejectionOf(call(params as never));
        expect(error.code).toBe(-32602);
        expect(error.message).not.toMatch(/undefined|Cannot read|is not a function/);
      }
    }
    expect(harness.approvals.getPending()).toEqual([]);
    expect(harness.signatures.state.messages).toEqual({});
  });

  it('requests without an origin are refused', async () => {
    const harness = createSignatureHarness();
    const error = await rejectionOf(harness.signatures.personalSign({ from: DEV, data: 'x' }, ''));
    expect(error.message).toBe('A signing request needs an origin.');
  });

  it('state is UI-visible, never persisted, and holds no message data or key', async () => {
    const harness = createSignatureHarness();
    const signing = harness.signatures.personalSign({ from: DEV, data: 'secret-ish text' }, DAPP);
    const { state, metadata } = harness.signatures;
    expect(deriveStateFromMetadata(state, metadata, 'persist')).toEqual({});
    const ui = JSON.stringify(deriveStateFromMetadata(state, metadata, 'usedInUi'));
    expect(ui).toContain('unapproved');
    expect(ui).not.toContain(stringToHex('secret-ish text').slice(2));
    const approvals = JSON.stringify(harness.approvals.state);
    for (const key of [DEV_KEY, COW_KEY]) {
      expect(ui).not.toContain(key.slice(2));
      expect(approvals).not.toContain(key.slice(2));
    }
    harness.approve('personal_sign');
    await signing;
  });

  it('is reachable through messenger actions', async () => {
    const harness = createSignatureHarness();
    const { root } = harness;
    const signing = root.call(
      'SignatureController:personalSign',
      { from: DEV, data: 'via messenger' },
      DAPP,
    );
    harness.approve('personal_sign');
    const signature = await signing;
    expect(
      root.call('SignatureController:personalEcRecover', { data: 'via messenger', signature }),
    ).toBe(DEV);
    const typed = root.call(
      'SignatureController:signTypedData',
      { from: DEV, data: 'x' },
      'V9',
      DAPP,
    );
    expect((await rejectionOf(typed)).message).toBe('Unknown typed data version');
  });

  it('an approval torn down with the engine errors the waiting request', async () => {
    const harness = createSignatureHarness();
    const statuses = recordStatuses(harness.signatures.ethSignManager as never);
    const signing = harness.signatures.ethSign({ from: DEV, data: HASH }, DAPP);
    harness.approvals.destroy();
    const error = await rejectionOf(signing);
    expect([error.code, error.message]).toEqual([
      4001,
      'Orrery Message Signature: User denied message signature.',
    ]);
    expect(statuses).toEqual(['unapproved', 'rejected']);
  });

  it('managers refuse impossible transitions and unknown ids clearly', () => {
    const { signatures } = createSignatureHarness();
    const manager = signatures.personalMessageManager;
    const record = manager.add({ from: DEV, data: 'x' }, DAPP);
    expect(() => manager.setFinished(record.id, '0x')).toThrow(
      `PersonalMessageManager - Message "${record.id}" is unapproved; it cannot become signed.`,
    );
    manager.setRejected(record.id);
    expect(() => manager.setApproved(record.id)).toThrow(
      `PersonalMessageManager - Message not found for id: "${record.id}".`,
    );
    return expect(manager.waitForResult('nope')).rejects.toThrow(
      'PersonalMessageManager - Message not found for id: "nope".',
    );
  });
});

describe('sign-in message', () => {
  it("must start with 'Orrery Signin'", () => {
    expect(() => assertSigninMessage('Orrery Signin 0xabc nonce 1')).not.toThrow();
    for (const message of ['Torus Signin 1', ' Orrery Signin', 'orrery signin', '', 5, null]) {
      expect(() => assertSigninMessage(message)).toThrow(INVALID_SIGNIN_MESSAGE);
    }
    expect(INVALID_SIGNIN_MESSAGE).toBe('Cannot sign on invalid message');
  });
});
