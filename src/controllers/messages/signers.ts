/**
 * The signing operations behind dapp requests, on a key the keyring hands over for one call.
 * Results are exactly what @metamask/eth-sig-util 8.2.0 produces, the behaviour dapps verify.
 */
import type { Hex } from '../../shared/primitives';
import {
  decrypt,
  getEncryptionPublicKey,
  personalSign,
  recoverPersonalSignature,
  signTypedData,
  SignTypedDataVersion,
  type EthEncryptedData,
  type TypedDataV1Field,
  type TypedMessage,
  type MessageTypes,
} from '@metamask/eth-sig-util';

import { signHash } from '../keyring/sign-transaction';
import type { CheckedTypedData, TypedMessageParams } from './typed-data-validation';

/** A 32-byte private key, as bytes or hex (0x optional). */
export type PrivateKey = Uint8Array | string;

function keyBuffer(privateKey: PrivateKey): Buffer {
  const bytes =
    typeof privateKey === 'string'
      ? Buffer.from(privateKey.replace(/^0x/i, ''), 'hex')
      : Buffer.from(privateKey);
  if (bytes.length !== 32) throw new Error('Invalid private key.');
  return bytes;
}

/** eth_sign: the 32-byte data signed as is (no prefix). */
export function signEthMessage(data: Hex, privateKey: PrivateKey): Hex {
  return signHash(data, keyBuffer(privateKey));
}

/** personal_sign: EIP-191 over the message bytes. */
export function signPersonal(data: Hex, privateKey: PrivateKey): Hex {
  return personalSign({ privateKey: keyBuffer(privateKey), data }) as Hex;
}

/** personal_ecRecover: the lowercase address that signed `data`. */
export function recoverPersonal(data: Hex, signature: string): Hex {
  return recoverPersonalSignature({ data, signature }).toLowerCase() as Hex;
}

/**
 * eth_signTypedData V1 (array), V3 and V4 (JSON string). `parsed` is V3/V4's data as the
 * validator already parsed it; without it the JSON is parsed here.
 */
export function signTyped(
  params: TypedMessageParams,
  privateKey: PrivateKey,
  parsed?: CheckedTypedData,
): Hex {
  const privateKeyBuffer = keyBuffer(privateKey);
  if (params.version === 'V1') {
    return signTypedData({
      privateKey: privateKeyBuffer,
      data: params.data as TypedDataV1Field[],
      version: SignTypedDataVersion.V1,
    }) as Hex;
  }
  const data =
    parsed !== undefined && !Array.isArray(parsed)
      ? parsed
      : (JSON.parse(params.data as string) as TypedMessage<MessageTypes>);
  return signTypedData({
    privateKey: privateKeyBuffer,
    data,
    version: params.version === 'V3' ? SignTypedDataVersion.V3 : SignTypedDataVersion.V4,
  }) as Hex;
}

/** eth_getEncryptionPublicKey: the base64 x25519 public key of the account. */
export function encryptionPublicKey(privateKey: PrivateKey): string {
  return getEncryptionPublicKey(keyBuffer(privateKey).toString('hex'));
}

/** eth_decrypt: `data` is the hex of the encrypted message's JSON. */
export function decryptMessage(data: Hex, privateKey: PrivateKey): string {
  const encryptedData = JSON.parse(
    Buffer.from(data.slice(2), 'hex').toString('utf8'),
  ) as EthEncryptedData;
  return decrypt({ encryptedData, privateKey: keyBuffer(privateKey).toString('hex') });
}
