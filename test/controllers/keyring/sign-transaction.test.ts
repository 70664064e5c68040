import type { AccessList } from '@ethereumjs/tx';
import { loadTests } from '@ethersproject/testcases';
import { recoverPersonalSignature } from '@metamask/eth-sig-util';
import { hashMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

import {
  buildUnsignedTransaction,
  privateKeyToAddress,
  signHash,
  signPersonalMessage,
  signTransaction,
  type SignableTxParams,
} from '../../../src/controllers/keyring/sign-transaction';

const toHex = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString('hex')}`;

describe('signTransaction', () => {
  it('reproduces the EIP-155 example byte for byte', () => {
    // From the EIP-155 text: nonce 9, 20 gwei, 21000 gas, 1 ether to 0x3535…35, chain 1, key 0x4646…46.
    const signed = signTransaction(
      {
        nonce: '0x9',
        gasPrice: '0x4a817c800',
        gas: '0x5208',
        to: '0x3535353535353535353535353535353535353535',
        value: '0xde0b6b3a7640000',
      },
      `0x${'46'.repeat(32)}`,
      '0x1',
    );
    expect(signed.rawTx).toBe(
      '0xf86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a76400008025a028ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83',
    );
    expect(signed.type).toBe('0x0');
    expect(signed.v).toBe('0x25');
    expect(signed.r).toBe('0x28ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276');
    expect(signed.s).toBe('0x67cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83');
    expect(signed.hash).toBe('0x33469b22e9f636356c4160a87eb19df52b7412e8eac32a4a55ffe88ea8350788');
  });

  describe('@ethersproject/testcases typed-transactions', () => {
    interface TypedVector {
      name: string;
      address: string;
      key: string;
      signed: string;
      unsigned: string;
      tx: {
        type: number;
        data?: string;
        gasLimit?: string;
        gasPrice?: string;
        maxFeePerGas?: string;
        maxPriorityFeePerGas?: string;
        nonce?: number;
        to?: string;
        value?: string;
        chainId?: number;
        accessList?: AccessList;
      };
    }
    const vectors = loadTests('typed-transactions') as TypedVector[];
    const params = ({ tx }: TypedVector): SignableTxParams => ({
      type: tx.type,
      nonce: tx.nonce,
      gas: tx.gasLimit,
      gasPrice: tx.gasPrice,
      maxFeePerGas: tx.maxFeePerGas,
      maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
      to: tx.to,
      value: tx.value,
      data: tx.data,
      accessList: tx.accessList,
    });

    it('covers both typed envelopes', () => {
      const types = new Set(vectors.map((vector) => vector.tx.type));
      expect([...types].sort()).toEqual([1, 2]);
      expect(vectors.length).toBeGreaterThan(1000);
    });

    it('signs every vector to the published serialization', () => {
      const mismatches: string[] = [];
      for (const vector of vectors) {
        const chainId = vector.tx.chainId ?? 0;
        const unsigned = toHex(
          buildUnsignedTransaction(params(vector), chainId).getMessageToSign() as Uint8Array, // typed envelopes sign one byte string
        );
        const signed = signTransaction(
          { ...params(vector), from: vector.address },
          vector.key,
          chainId,
        );
        if (signed.rawTx !== vector.signed || unsigned !== vector.unsigned)
          mismatches.push(vector.name);
        if (privateKeyToAddress(vector.key) !== vector.address.toLowerCase())
          mismatches.push(`${vector.name} address`);
      }
      expect(mismatches).toEqual([]);
    });
  });

  describe('@ethersproject/testcases transactions (legacy, EIP-155 on chain 5)', () => {
    interface LegacyVector {
      name: string;
      privateKey: string;
      accountAddress: string;
      signedTransactionChainId5: string;
      nonce?: string;
      gasPrice?: string;
      gasLimit?: string;
      to?: string;
      value?: string;
      data?: string;
    }
    const vectors = loadTests('transactions') as LegacyVector[];

    // ethers draws random gas limits above 2^64 - 1; consensus caps gas at uint64, so those must be refused.
    const maxUint64 = 2n ** 64n - 1n;
    const exceedsUint64 = (value?: string): boolean =>
      value !== undefined && value !== '0x' && BigInt(value) > maxUint64;

    it('signs every vector to the published chain-5 serialization', () => {
      const mismatches: string[] = [];
      let compared = 0;
      let refused = 0;
      for (const vector of vectors) {
        const sign = () =>
          signTransaction(
            {
              nonce: vector.nonce,
              gasPrice: vector.gasPrice,
              gas: vector.gasLimit,
              to: vector.to,
              value: vector.value,
              data: vector.data,
            },
            vector.privateKey,
            5,
          );
        if (exceedsUint64(vector.gasLimit) || exceedsUint64(vector.nonce)) {
          expect(sign).toThrow(/cannot exceed MAX_UINT64/);
          refused += 1;
          continue;
        }
        if (sign().rawTx !== vector.signedTransactionChainId5) mismatches.push(vector.name);
        compared += 1;
      }
      expect(mismatches).toEqual([]);
      expect(compared).toBeGreaterThan(500);
      expect(compared + refused).toBe(vectors.length);
    });
  });

  it('infers the envelope from the fee fields', () => {
    const key = `0x${'46'.repeat(32)}`;
    expect(signTransaction({ maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1' }, key, 1).type).toBe(
      '0x2',
    );
    expect(signTransaction({ accessList: [], gasPrice: '0x1' }, key, 1).type).toBe('0x1');
    expect(signTransaction({ gasPrice: '0x1' }, key, 1).type).toBe('0x0');
  });

  it('refuses contradictory or malformed params with a clear error', () => {
    const key = `0x${'46'.repeat(32)}`;
    expect(() => signTransaction({ gasPrice: '0x1', maxFeePerGas: '0x2' }, key, 1)).toThrow(
      'gasPrice cannot be mixed with maxFeePerGas or maxPriorityFeePerGas.',
    );
    expect(() => signTransaction({ type: '0x0', maxFeePerGas: '0x2' }, key, 1)).toThrow(
      /cannot carry maxFeePerGas/,
    );
    expect(() => signTransaction({ chainId: '0x5' }, key, 1)).toThrow(
      /does not match the chain id 0x1/,
    );
    expect(() => signTransaction({ value: '1.5' }, key, 1)).toThrow(
      /value must be a 0x-prefixed hex quantity/,
    );
    expect(() => signTransaction({ type: '0x3' }, key, 1)).toThrow(
      'Unsupported transaction type 0x3.',
    );
    expect(() =>
      signTransaction({ from: '0x3535353535353535353535353535353535353535' }, key, 1),
    ).toThrow(/does not belong to/);
    expect(() => signTransaction({}, `0x${'00'.repeat(32)}`, 1)).toThrow('Invalid private key.');
    expect(() =>
      signTransaction({ accessList: [{ address: '0x12', storageKeys: [] }] }, key, 1),
    ).toThrow('accessList[0].address must be a 0x address.');
    expect(() =>
      signTransaction(
        { accessList: [{ address: `0x${'12'.repeat(20)}`, storageKeys: ['0x01'] }] },
        key,
        1,
      ),
    ).toThrow('accessList[0].storageKeys must be 32-byte 0x hex strings.');
  });
});

describe('message signing', () => {
  // The default anvil/hardhat account 0 and its key (test mnemonic, m/44'/60'/0'/0/0).
  const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
  const address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

  it('derives the address of a key', () => {
    expect(privateKeyToAddress(key)).toBe(address);
  });

  it('signs a personal message that recovers to the signer, 0x hex as the bytes it encodes', () => {
    const signature = signPersonalMessage('hello world', key);
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(['1b', '1c']).toContain(signature.slice(-2));
    expect(signPersonalMessage('0x68656c6c6f20776f726c64', key)).toBe(signature);
    expect(signPersonalMessage(new TextEncoder().encode('hello world'), key)).toBe(signature);
    expect(recoverPersonalSignature({ data: 'hello world', signature })).toBe(address);
    expect(recoverPersonalSignature({ data: 'hello world!', signature })).not.toBe(address);
  });

  it('matches an independent implementation (viem) for text and raw-byte messages', async () => {
    const account = privateKeyToAccount(key);
    for (const message of ['hello world', '', 'Orrery Signin ✓ 日本', 'x'.repeat(300)]) {
      expect(signPersonalMessage(message, key)).toBe(await account.signMessage({ message }));
    }
    const raw = '0xdeadbeef00';
    expect(signPersonalMessage(raw, key)).toBe(await account.signMessage({ message: { raw } }));
  });

  it('signHash signs the given hash without hashing it again', () => {
    // keccak256("\x19Ethereum Signed Message:\n11hello world"), by viem.
    const hash = hashMessage('hello world');
    expect(signHash(hash, key)).toBe(signPersonalMessage('hello world', key));
    expect(() => signHash('0x1234', key)).toThrow('A hash to sign must be 32 bytes.');
  });
});
