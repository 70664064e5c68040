import {
  recoverTypedSignature,
  signTypedData,
  SignTypedDataVersion,
  type TypedDataV1Field,
} from '@metamask/eth-sig-util';
import { verifyTypedData } from 'viem';

import { rejectionOf } from '../approvals/harness';
import { COW, createSignatureHarness, DEV, DEV_KEY, flush } from './harness';

const DAPP = 'https://mail.example';

/** The EIP-712 specification's example (eips.ethereum.org/EIPS/eip-712, Example). */
const mail = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 1,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
} as const;
const MAIL_SIGNATURE =
  '0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b915621c';

/** V4 with arrays and a nested array of structs, which V3 cannot encode. */
const groupMail = {
  types: {
    EIP712Domain: mail.types.EIP712Domain,
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallets', type: 'address[]' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: { ...mail.domain, chainId: 31337 },
  message: {
    from: { name: 'Cow', wallets: [mail.message.from.wallet] },
    to: [
      {
        name: 'Bob',
        wallets: [mail.message.to.wallet, '0xB0B0b0b0b0b0B000000000000000000000000000'],
      },
    ],
    contents: 'Hello, Bob!',
  },
} as const;

/** V1: a flat list, including array types that eth-sig-util packs element by element. */
const v1Data: TypedDataV1Field[] = [
  { type: 'string', name: 'message', value: 'Hi, Alice!' },
  { type: 'uint32', name: 'A number', value: 1337 },
  { type: 'uint8[]', name: 'small numbers', value: [1, 2, 3] },
  { type: 'address[]', name: 'friends', value: [DEV, COW] },
  { type: 'bool', name: 'lenient', value: 1 },
];

describe('eth_signTypedData', () => {
  it('V3 and V4 give the EIP-712 example its published signature', async () => {
    for (const version of ['V3', 'V4']) {
      const harness = createSignatureHarness();
      const signing = harness.signatures.signTypedData(
        { from: COW, data: JSON.stringify(mail) },
        version,
        DAPP,
      );
      expect(harness.approvals.getPending()[0]).toMatchObject({
        type: 'typed_data',
        origin: DAPP,
        requestData: { from: COW, data: JSON.stringify(mail), version },
      });
      harness.approve('typed_data');
      await expect(signing).resolves.toBe(MAIL_SIGNATURE);
    }
  });

  it('a V4 signature with arrays verifies with viem and equals eth-sig-util', async () => {
    const harness = createSignatureHarness();
    harness.chain.id = '0x7a69';
    const signing = harness.signatures.signTypedData(
      { from: DEV, data: JSON.stringify(groupMail) },
      'V4',
      DAPP,
    );
    harness.approve('typed_data');
    const signature = await signing;
    const { EIP712Domain: _domain, ...types } = groupMail.types;
    await expect(
      verifyTypedData({
        address: DEV,
        domain: groupMail.domain,
        types,
        primaryType: 'Mail',
        message: groupMail.message,
        signature,
      }),
    ).resolves.toBe(true);
    expect(signature).toBe(
      signTypedData({
        privateKey: Buffer.from(DEV_KEY.slice(2), 'hex'),
        data: groupMail as never,
        version: SignTypedDataVersion.V4,
      }),
    );
  });

  it('V1 (including arrays) equals eth-sig-util and recovers to the signer', async () => {
    const harness = createSignatureHarness();
    const signing = harness.signatures.signTypedData({ from: DEV, data: v1Data }, 'V1', DAPP);
    harness.approve('typed_data');
    const signature = await signing;
    expect(signature).toBe(
      signTypedData({
        privateKey: Buffer.from(DEV_KEY.slice(2), 'hex'),
        data: v1Data,
        version: SignTypedDataVersion.V1,
      }),
    );
    expect(
      recoverTypedSignature({ data: v1Data, signature, version: SignTypedDataVersion.V1 }),
    ).toBe(DEV);
  });

  it('statuses: unapproved, approved, signed; a rejection is 4001 with the spec message', async () => {
    const harness = createSignatureHarness();
    const statuses: string[] = [];
    harness.signatures.typedMessageManager.onStatusChange((record) => statuses.push(record.status));
    const signed = harness.signatures.signTypedData(
      { from: COW, data: JSON.stringify(mail) },
      'V4',
      DAPP,
    );
    harness.approve('typed_data');
    await signed;
    expect(statuses).toEqual(['unapproved', 'approved', 'signed']);

    statuses.length = 0;
    const denied = harness.signatures.signTypedData(
      { from: COW, data: JSON.stringify(mail) },
      'V4',
      DAPP,
    );
    harness.reject('typed_data');
    const error = await rejectionOf(denied);
    expect([error.code, error.message]).toEqual([
      4001,
      'Orrery Message Signature: User denied message signature.',
    ]);
    expect(statuses).toEqual(['unapproved', 'rejected']);
  });

  const mailJson = JSON.stringify(mail);
  const withDomain = (domain: object) => JSON.stringify({ ...mail, domain });
  const cases: [string, unknown, string, string][] = [
    ['params not an object', 'oops', 'V4', 'Params must be an object.'],
    ['params null', null, 'V4', 'Params must be an object.'],
    ['params an array', [COW, mailJson], 'V4', 'Params must be an object.'],
    ['no data', { from: COW }, 'V4', 'Params must include a "data" field.'],
    ['no from', { data: mailJson }, 'V4', 'Params must include a "from" field.'],
    [
      'from not an address',
      { from: '0x1234', data: mailJson },
      'V4',
      '"from" field must be a valid, lowercase, hexadecimal Ethereum address string.',
    ],
    [
      'from not a string',
      { from: 12, data: mailJson },
      'V4',
      '"from" field must be a valid, lowercase, hexadecimal Ethereum address string.',
    ],
    [
      'from with a broken checksum',
      { from: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD827', data: mailJson },
      'V4',
      '"from" field must be a valid, lowercase, hexadecimal Ethereum address string.',
    ],
    ['V1 data not an array', { from: COW, data: mailJson }, 'V1', 'params.data must be an array.'],
    [
      'V1 data not typed data',
      { from: COW, data: [{ type: 'nonsense', name: 'x', value: 1 }] },
      'V1',
      'Signing data must be valid EIP-712 typed data.',
    ],
    [
      'V1 data with a bad entry',
      { from: COW, data: [null] },
      'V1',
      'Signing data must be valid EIP-712 typed data.',
    ],
    ['V3 data not a string', { from: COW, data: mail }, 'V3', '"params.data" must be a string.'],
    ['V4 data not JSON', { from: COW, data: '{nope' }, 'V4', '"data" must be a valid JSON string.'],
    [
      'V4 data without types',
      { from: COW, data: JSON.stringify({ ...mail, types: undefined }) },
      'V4',
      'Signing data must conform to EIP-712 schema. See https://git.io/fNtcx.',
    ],
    [
      'V4 data with a malformed field',
      {
        from: COW,
        data: JSON.stringify({ ...mail, types: { ...mail.types, Mail: [{ name: 1 }] } }),
      },
      'V4',
      'Signing data must conform to EIP-712 schema. See https://git.io/fNtcx.',
    ],
    [
      'V4 data that is JSON null',
      { from: COW, data: 'null' },
      'V4',
      'Signing data must conform to EIP-712 schema. See https://git.io/fNtcx.',
    ],
    [
      'primary type not defined',
      { from: COW, data: JSON.stringify({ ...mail, primaryType: 'Letter' }) },
      'V3',
      'Primary type of "Letter" has no type definition.',
    ],
    [
      'domain chainId of another chain',
      { from: COW, data: withDomain({ ...mail.domain, chainId: 5 }) },
      'V4',
      'Provided chainId "5" must match the active chainId "1"',
    ],
    [
      'domain chainId as another hex chain',
      { from: COW, data: withDomain({ ...mail.domain, chainId: '0x89' }) },
      'V4',
      'Provided chainId "0x89" must match the active chainId "1"',
    ],
    [
      'domain chainId that is not a number',
      { from: COW, data: withDomain({ ...mail.domain, chainId: 'mainnet' }) },
      'V4',
      'Provided chainId "mainnet" must match the active chainId "1"',
    ],
    ['unknown version', { from: COW, data: mailJson }, 'V2', 'Unknown typed data version'],
    ['no version', { from: COW, data: mailJson }, undefined as never, 'Unknown typed data version'],
  ];

  it.each(cases)('%s: "%s"', async (_name, params, version, message) => {
    const harness = createSignatureHarness();
    const statuses: string[] = [];
    harness.signatures.typedMessageManager.onStatusChange((record) => statuses.push(record.status));
    const error = await rejectionOf(
      harness.signatures.signTypedData(params as never, version, DAPP),
    );
    expect(error.message).toBe(message);
    expect(error.code).toBe(-32602);
    // Nothing was recorded and nobody was asked.
    expect(statuses).toEqual([]);
    expect(harness.approvals.getPending()).toEqual([]);
  });

  it('the domain chainId may be hex, decimal text or a number, and absent', async () => {
    const harness = createSignatureHarness();
    harness.chain.id = '0x1';
    for (const chainId of [1, '1', '0x1', undefined]) {
      const data =
        chainId === undefined
          ? JSON.stringify({
              ...mail,
              types: {
                ...mail.types,
                EIP712Domain: mail.types.EIP712Domain.filter((field) => field.name !== 'chainId'),
              },
              domain: { ...mail.domain, chainId: undefined },
            })
          : withDomain({ ...mail.domain, chainId });
      const signing = harness.signatures.signTypedData({ from: COW, data }, 'V4', DAPP);
      harness.approve('typed_data');
      await expect(signing).resolves.toMatch(/^0x[0-9a-f]{130}$/);
    }
  });

  it('while the active chain is unknown (switching networks) a chainId-bound request is refused', async () => {
    const harness = createSignatureHarness();
    harness.chain.id = undefined;
    const error = await rejectionOf(
      harness.signatures.signTypedData({ from: COW, data: mailJson }, 'V4', DAPP),
    );
    expect(error.message).toBe(
      'Cannot sign messages for chainId "1", because Orrery is switching networks.',
    );
  });

  it('a checksummed or lowercase from both sign as the lowercase account', async () => {
    const harness = createSignatureHarness();
    for (const from of [COW, mail.message.from.wallet]) {
      const signing = harness.signatures.signTypedData({ from, data: mailJson }, 'V4', DAPP);
      expect(harness.approvals.getPending()[0]?.requestData).toMatchObject({ from: COW });
      harness.approve('typed_data');
      await expect(signing).resolves.toBe(MAIL_SIGNATURE);
    }
    await flush();
  });
});
