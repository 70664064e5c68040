import {
  encrypt,
  getEncryptionPublicKey,
  recoverTypedSignature,
  SignTypedDataVersion,
} from '@metamask/eth-sig-util';
import { recoverAddress, verifyMessage, verifyTypedData, type Address, type Hex } from 'viem';

import type { Engine } from '../../../src/background/engine/create-engine';
import type { OriginProvider } from '../../../src/background/rpc/origin-provider';
import { useAnvil } from '../../chain/use-anvil';
import {
  autoAnswer,
  connectOrigin,
  engineWithAccounts,
  nextApproval,
  rejectionOf,
  viemClients,
} from './harness';

const DAPP = 'https://dapp.example';

const MAIL_TYPES = {
  Person: [
    { name: 'name', type: 'string' },
    { name: 'wallet', type: 'address' },
  ],
  Mail: [
    { name: 'from', type: 'Person' },
    { name: 'to', type: 'Person' },
    { name: 'contents', type: 'string' },
  ],
} as const;
const MAIL_MESSAGE = {
  from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
  to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
  contents: 'Hello, Bob!',
} as const;
const mailDomain = (chainId: number) =>
  ({
    name: 'Ether Mail',
    version: '1',
    chainId,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  }) as const;

/** Some message sealed for a throwaway key: enough to reach the decrypt prompt. */
const sealedHex = () =>
  `0x${Buffer.from(JSON.stringify(encrypt({ publicKey: getEncryptionPublicKey('11'.repeat(32)), data: 'x', version: 'x25519-xsalsa20-poly1305' }))).toString('hex')}`;

describe('signing through a connection (viem wallet client as the dapp)', () => {
  const anvil = useAnvil({ chainId: 5777 });
  let engine: Engine;
  let addresses: Address[];
  let provider: OriginProvider;
  let account: Address;

  beforeAll(async () => {
    ({ engine, addresses } = await engineWithAccounts(anvil(), 2));
    provider = engine.connect(DAPP);
    await connectOrigin(engine, provider, addresses, 'hour');
    account = addresses[0]!;
  });
  afterAll(async () => {
    await engine.destroy();
  });

  it('personal_sign: every request still asks the user, and viem verifies the signature', async () => {
    const { walletClient } = viemClients(provider, 5777, account);
    const prompt = nextApproval(engine, 'personal_sign');
    const signing = walletClient.signMessage({ message: 'hello from the dapp' });
    const request = await prompt;
    expect(request.origin).toBe(DAPP);
    expect(request.requestData.from).toBe(account);
    engine.actions.approveRequest(request.id, undefined);
    const signature = await signing;
    expect(
      await verifyMessage({ address: account, message: 'hello from the dapp', signature }),
    ).toBe(true);
    const recovered = await provider.request({
      method: 'personal_ecRecover',
      params: ['hello from the dapp', signature],
    });
    expect(recovered).toBe(account);
  });

  it('eth_signTypedData_v4 and _v3 verify with viem; _v1 recovers with eth-sig-util', async () => {
    const { walletClient } = viemClients(provider, 5777, account);
    const answers = autoAnswer(engine);
    try {
      const typed = {
        domain: mailDomain(5777),
        types: MAIL_TYPES,
        primaryType: 'Mail',
        message: MAIL_MESSAGE,
      } as const;
      const v4 = await walletClient.signTypedData(typed);
      expect(await verifyTypedData({ address: account, ...typed, signature: v4 })).toBe(true);

      const v3 = await provider.request<Hex>({
        method: 'eth_signTypedData_v3',
        params: [
          account,
          JSON.stringify({
            types: {
              EIP712Domain: [
                { name: 'name', type: 'string' },
                { name: 'version', type: 'string' },
                { name: 'chainId', type: 'uint256' },
                { name: 'verifyingContract', type: 'address' },
              ],
              ...MAIL_TYPES,
            },
            domain: mailDomain(5777),
            primaryType: 'Mail',
            message: MAIL_MESSAGE,
          }),
        ],
      });
      expect(await verifyTypedData({ address: account, ...typed, signature: v3 })).toBe(true);

      const v1Data = [{ type: 'string', name: 'message', value: 'Hi, Alice!' }];
      const v1 = await provider.request<string>({
        method: 'eth_signTypedData',
        params: [v1Data, account],
      });
      expect(
        recoverTypedSignature({ data: v1Data, signature: v1, version: SignTypedDataVersion.V1 }),
      ).toBe(account);
      expect(answers.seen.map((r) => r.type)).toEqual(['typed_data', 'typed_data', 'typed_data']);
    } finally {
      answers.stop();
    }
  });

  it('eth_sign of a raw hash is signed only after a danger-flagged approval', async () => {
    const hash = `0x${'ab'.repeat(32)}` as Hex;
    const prompt = nextApproval(engine, 'eth_sign');
    const signing = provider.request<Hex>({ method: 'eth_sign', params: [account, hash] });
    const request = await prompt;
    expect(request.requestData).toMatchObject({ dangerWarning: true, data: hash });
    engine.actions.approveRequest(request.id, undefined);
    expect((await recoverAddress({ hash, signature: await signing })).toLowerCase()).toBe(account);
  });

  it('eth_getEncryptionPublicKey and eth_decrypt round-trip a message encrypted by eth-sig-util', async () => {
    const answers = autoAnswer(engine);
    try {
      const publicKey = await provider.request<string>({
        method: 'eth_getEncryptionPublicKey',
        params: [account],
      });
      expect(publicKey).toBe(getEncryptionPublicKey(anvil().privateKeys[0]!.slice(2)));
      const sealed = encrypt({
        publicKey,
        data: 'a secret for the wallet',
        version: 'x25519-xsalsa20-poly1305',
      });
      const data = `0x${Buffer.from(JSON.stringify(sealed)).toString('hex')}`;
      expect(await provider.request({ method: 'eth_decrypt', params: [data, account] })).toBe(
        'a secret for the wallet',
      );
    } finally {
      answers.stop();
    }
  });

  it('decryptMessageInline shows the plaintext of a waiting decrypt only, before the dapp gets it', async () => {
    const publicKey = getEncryptionPublicKey(anvil().privateKeys[0]!.slice(2));
    const sealed = encrypt({ publicKey, data: 'preview me', version: 'x25519-xsalsa20-poly1305' });
    const data = `0x${Buffer.from(JSON.stringify(sealed)).toString('hex')}`;
    const prompt = nextApproval(engine, 'decrypt');
    let settled = false;
    const decrypting = provider
      .request({ method: 'eth_decrypt', params: [data, account] })
      .finally(() => (settled = true));
    const request = await prompt;
    expect(await engine.actions.decryptMessageInline(request.id)).toBe('preview me');
    expect(settled).toBe(false); // the preview answers the dapp nothing
    expect(await rejectionOf(engine.actions.decryptMessageInline('no-such-id'))).toMatchObject({
      data: { code: 'approvals.requestNotFound' },
    });
    engine.actions.approveRequest(request.id, undefined);
    expect(await decrypting).toBe('preview me');
    // Settled: no preview any more.
    expect(await rejectionOf(engine.actions.decryptMessageInline(request.id))).toMatchObject({
      data: { code: 'approvals.requestNotFound' },
    });
  });

  it('rejections give 4001 with the spec message of each kind', async () => {
    const answers = autoAnswer(engine, () => 'reject');
    try {
      const cases: [string, unknown[], string][] = [
        [
          'personal_sign',
          ['0x68656c6c6f', account],
          'Orrery Message Signature: User denied message signature.',
        ],
        [
          'eth_sign',
          [account, `0x${'cd'.repeat(32)}`],
          'Orrery Message Signature: User denied message signature.',
        ],
        [
          'eth_signTypedData',
          [[{ type: 'string', name: 'm', value: 'x' }], account],
          'Orrery Message Signature: User denied message signature.',
        ],
        [
          'eth_getEncryptionPublicKey',
          [account],
          'Orrery EncryptionPublicKey: User denied message EncryptionPublicKey.',
        ],
        ['eth_decrypt', [sealedHex(), account], 'User denied message Ddecryption.'],
      ];
      for (const [method, params, message] of cases) {
        expect(await rejectionOf(provider.request({ method, params }))).toMatchObject({
          code: 4001,
          message,
        });
      }
    } finally {
      answers.stop();
    }
  });

  it('refuses typed data nested past the limit with -32602, before any prompt', async () => {
    // EIP-712 allows recursive struct types, so a message may nest as deep as a dapp likes.
    const types = {
      EIP712Domain: [{ name: 'chainId', type: 'uint256' }],
      Node: [
        { name: 'label', type: 'string' },
        { name: 'child', type: 'Node[]' },
      ],
    };
    const nested = (levels: number): unknown =>
      levels === 0 ? { label: 'leaf', child: [] } : { label: 'node', child: [nested(levels - 1)] };
    const data = (levels: number) =>
      JSON.stringify({
        types,
        primaryType: 'Node',
        domain: { chainId: 5777 },
        message: nested(levels),
      });
    const requested: string[] = [];
    const answers = autoAnswer(engine, (request) => {
      requested.push(request.type);
      return 'reject';
    });
    try {
      expect(
        await rejectionOf(
          provider.request({ method: 'eth_signTypedData_v4', params: [account, data(2_000)] }),
        ),
      ).toMatchObject({
        code: -32602,
        message: 'Typed data may not be nested deeper than 64 levels.',
      });
      expect(requested).toEqual([]);
      // A shallow message of the same recursive type still reaches the user.
      expect(
        await rejectionOf(
          provider.request({ method: 'eth_signTypedData_v4', params: [account, data(3)] }),
        ),
      ).toMatchObject({ code: 4001 });
      expect(requested).toHaveLength(1);
    } finally {
      answers.stop();
    }
  });

  it('refuses any account the origin is not shown with 4100 Unauthorized origin, before any prompt', async () => {
    const requested: string[] = [];
    const answers = autoAnswer(engine, (request) => {
      requested.push(request.type);
      return 'reject';
    });
    try {
      const stranger = engine.connect('https://stranger.example');
      const unauthorized = { code: 4100, message: 'Unauthorized origin' };
      expect(
        await rejectionOf(stranger.request({ method: 'personal_sign', params: ['0x68', account] })),
      ).toMatchObject(unauthorized);
      // Granted, but not the selected account: an origin acts only for the selected address.
      for (const method of ['personal_sign', 'eth_getEncryptionPublicKey']) {
        const params = method === 'personal_sign' ? ['0x68', addresses[1]] : [addresses[1]];
        expect(await rejectionOf(provider.request({ method, params }))).toMatchObject(unauthorized);
      }
      expect(
        await rejectionOf(
          provider.request({ method: 'eth_signTypedData_v4', params: [addresses[1], '{}'] }),
        ),
      ).toMatchObject(unauthorized);
      expect(
        await rejectionOf(
          provider.request({
            method: 'eth_sendTransaction',
            params: [{ from: addresses[1], to: account }],
          }),
        ),
      ).toMatchObject(unauthorized);
      // The wallet's own origin: the spec's internal error for a non-selected account.
      const wallet = engine.connect('orrery');
      expect(
        await rejectionOf(
          wallet.request({ method: 'personal_sign', params: ['0x68', addresses[1]] }),
        ),
      ).toMatchObject({ message: 'Internally initiated transaction is using invalid account.' });
      expect(requested).toEqual([]);
      // Missing or malformed `from` gets the controller's validation message.
      expect(
        await rejectionOf(provider.request({ method: 'personal_sign', params: ['0x68'] })),
      ).toMatchObject({
        code: -32602,
        message: 'from field is required.',
      });
    } finally {
      answers.stop();
    }
  });

  it('typed data naming another chain asks to switch first; an unknown chain gives 4902', async () => {
    const typed = (chainId: number) =>
      JSON.stringify({
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'version', type: 'string' },
            { name: 'chainId', type: 'uint256' },
            { name: 'verifyingContract', type: 'address' },
          ],
          ...MAIL_TYPES,
        },
        domain: mailDomain(chainId),
        primaryType: 'Mail',
        message: MAIL_MESSAGE,
      });
    expect(
      await rejectionOf(
        provider.request({ method: 'eth_signTypedData_v4', params: [account, typed(999_999)] }),
      ),
    ).toMatchObject({
      code: 4902,
      message: 'unsupported chain, please add this chain before switching',
    });
    const answers = autoAnswer(engine, () => 'reject');
    try {
      expect(
        await rejectionOf(
          provider.request({ method: 'eth_signTypedData_v4', params: [account, typed(1)] }),
        ),
      ).toMatchObject({ code: 4001, message: 'User denied switch chain request.' });
      expect(answers.seen.map((r) => r.type)).toEqual(['switch_chain']);
    } finally {
      answers.stop();
    }
  });
});

describe('the EIP-712 specification example', () => {
  // chain id 1, as in the specification; the key is keccak256("cow").
  const anvil = useAnvil({ chainId: 1 });
  const COW_KEY = '0xc85ef7d79691fe79573b1a7064c19c1a9819ebdbd1faaab1a8ec92344438aaf4';

  it('gives the published signature through a connection', async () => {
    const { engine } = await engineWithAccounts(anvil(), 0);
    try {
      const cow = (
        await engine.actions.importAccountWithPrivateKey(COW_KEY)
      ).toLowerCase() as Address;
      expect(cow).toBe('0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826');
      engine.actions.setSelectedAddress(cow);
      const provider = engine.connect(DAPP);
      await connectOrigin(engine, provider, [cow]);
      const { walletClient } = viemClients(provider, 1, cow);
      const answers = autoAnswer(engine);
      const signature = await walletClient.signTypedData({
        domain: mailDomain(1),
        types: MAIL_TYPES,
        primaryType: 'Mail',
        message: MAIL_MESSAGE,
      });
      answers.stop();
      expect(signature).toBe(
        '0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b915621c',
      );
    } finally {
      await engine.destroy();
    }
  });
});
