/**
 * Pure signing: transactions (legacy with EIP-155, EIP-2930, EIP-1559) for any chain id, and
 * message hashes. No state, no I/O; the keyring passes the key in and forgets it.
 */
import { type Hex, isAddress } from '../../shared/primitives';
import { createCustomCommon, Hardfork, Mainnet, type Common } from '@ethereumjs/common';
import {
  createAccessList2930Tx,
  createFeeMarket1559Tx,
  createLegacyTx,
  type AccessList,
  type TypedTransaction,
} from '@ethereumjs/tx';
import { personalSign } from '@metamask/eth-sig-util';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/** A quantity as the JSON-RPC API writes it (0x hex), or a number / bigint from code. */
export type Quantity = string | number | bigint;

/** Transaction envelope types this module signs. */
export const TRANSACTION_TYPES = { legacy: '0x0', accessList: '0x1', feeMarket: '0x2' } as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[keyof typeof TRANSACTION_TYPES];

/** An EIP-2930 access list as JSON-RPC writes it; checked before use. */
export type AccessListInput = readonly { address: string; storageKeys: readonly string[] }[];

/** The signable subset of the spec's txParams. Quantities are 0x hex strings. */
export interface SignableTxParams {
  from?: string;
  to?: string | null;
  value?: Quantity;
  data?: string;
  /** Alias of data used by newer RPC clients; data wins when both are set. */
  input?: string;
  gas?: Quantity;
  /** Alias of gas. */
  gasLimit?: Quantity;
  gasPrice?: Quantity;
  maxFeePerGas?: Quantity;
  maxPriorityFeePerGas?: Quantity;
  nonce?: Quantity;
  type?: Quantity;
  accessList?: AccessListInput;
  /** When present it must equal the chain id the transaction is signed for. */
  chainId?: Quantity;
}

export interface SignedTransaction {
  type: TransactionType;
  /** The signed serialization, ready for eth_sendRawTransaction. */
  rawTx: Hex;
  hash: Hex;
  r: Hex;
  s: Hex;
  v: Hex;
}

export interface SignOptions {
  /** Rules to sign under; any hardfork from London on accepts all three types. */
  hardfork?: Hardfork;
}

export const DEFAULT_SIGNING_HARDFORK: Hardfork = Hardfork.Cancun;

const toHex = (bytes: Uint8Array): Hex => `0x${bytesToHex(bytes)}`;
const quantityHex = (value: bigint): Hex => `0x${value.toString(16)}`;

/** Parses a quantity: 0x hex, a safe non-negative integer, or a bigint. Decimal strings are refused (ambiguous). */
export function parseQuantity(value: Quantity, field: string): bigint {
  if (typeof value === 'bigint') {
    if (value < 0n) throw new Error(`${field} must not be negative.`);
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new Error(`${field} must be a non-negative integer.`);
    return BigInt(value);
  }
  if (!/^0x[0-9a-fA-F]*$/.test(value))
    throw new Error(`${field} must be a 0x-prefixed hex quantity, got ${value}.`);
  return value === '0x' ? 0n : BigInt(value);
}

/** Accepts a 32-byte key as bytes or hex (0x optional). */
export function privateKeyBytes(privateKey: Uint8Array | string): Uint8Array {
  const bytes =
    typeof privateKey === 'string' ? hexToBytes(privateKey.replace(/^0x/i, '')) : privateKey;
  if (bytes.length !== 32 || !secp256k1.utils.isValidSecretKey(bytes))
    throw new Error('Invalid private key.');
  return bytes;
}

/** The lowercase 0x address of a private key. */
export function privateKeyToAddress(privateKey: Uint8Array | string): Hex {
  const publicKey = secp256k1.getPublicKey(privateKeyBytes(privateKey), false);
  return toHex(keccak_256(publicKey.subarray(1)).subarray(12));
}

/** Which envelope the params describe: an explicit type wins, else fee-market fields, else an access list. */
export function resolveTransactionType(txParams: SignableTxParams): TransactionType {
  if (txParams.type !== undefined && txParams.type !== null) {
    const type = parseQuantity(txParams.type, 'type');
    if (type === 0n) return TRANSACTION_TYPES.legacy;
    if (type === 1n) return TRANSACTION_TYPES.accessList;
    if (type === 2n) return TRANSACTION_TYPES.feeMarket;
    throw new Error(`Unsupported transaction type ${quantityHex(type)}.`);
  }
  if (txParams.maxFeePerGas !== undefined || txParams.maxPriorityFeePerGas !== undefined) {
    return TRANSACTION_TYPES.feeMarket;
  }
  if (txParams.accessList !== undefined) return TRANSACTION_TYPES.accessList;
  return TRANSACTION_TYPES.legacy;
}

function optionalQuantity(value: Quantity | undefined, field: string): bigint | undefined {
  return value === undefined || value === null ? undefined : parseQuantity(value, field);
}

function parseAccessList(accessList: AccessListInput | undefined): AccessList {
  if (accessList === undefined || accessList === null) return [];
  if (!Array.isArray(accessList)) throw new Error('accessList must be an array.');
  return accessList.map((item: { address?: unknown; storageKeys?: unknown }, index) => {
    if (!isAddress(item?.address)) {
      throw new Error(`accessList[${index}].address must be a 0x address.`);
    }
    const keys = item.storageKeys;
    if (
      !Array.isArray(keys) ||
      !keys.every((k) => typeof k === 'string' && /^0x[0-9a-fA-F]{64}$/.test(k))
    ) {
      throw new Error(`accessList[${index}].storageKeys must be 32-byte 0x hex strings.`);
    }
    return { address: item.address as Hex, storageKeys: keys as Hex[] };
  });
}

const commons = new Map<string, Common>();

/** One Common per chain and hardfork: building one deep-copies the chain definition. */
function commonFor(chainId: bigint, hardfork: Hardfork): Common {
  if (chainId > BigInt(Number.MAX_SAFE_INTEGER))
    throw new Error(`Chain id ${quantityHex(chainId)} is too large.`);
  const cacheKey = `${chainId}:${hardfork}`;
  let common = commons.get(cacheKey);
  if (!common) {
    // The chain definition only matters for its id and hardfork rules; Mainnet is a complete template.
    common = createCustomCommon({ chainId: Number(chainId) }, Mainnet, { hardfork });
    commons.set(cacheKey, common);
  }
  return common;
}

/** Builds the unsigned ethereumjs transaction for a chain; exported for serialization checks. */
export function buildUnsignedTransaction(
  txParams: SignableTxParams,
  chainId: Quantity,
  { hardfork = DEFAULT_SIGNING_HARDFORK }: SignOptions = {},
): TypedTransaction {
  const chain = parseQuantity(chainId, 'chainId');
  const declared = optionalQuantity(txParams.chainId, 'chainId');
  if (declared !== undefined && declared !== chain) {
    throw new Error(
      `Transaction chainId ${quantityHex(declared)} does not match the chain id ${quantityHex(chain)} it is signed for.`,
    );
  }
  const type = resolveTransactionType(txParams);
  const hasFeeMarketFields =
    txParams.maxFeePerGas !== undefined || txParams.maxPriorityFeePerGas !== undefined;
  if (type !== TRANSACTION_TYPES.feeMarket && hasFeeMarketFields) {
    throw new Error(
      `A type ${type} transaction cannot carry maxFeePerGas or maxPriorityFeePerGas.`,
    );
  }
  if (type === TRANSACTION_TYPES.feeMarket && txParams.gasPrice !== undefined) {
    throw new Error('gasPrice cannot be mixed with maxFeePerGas or maxPriorityFeePerGas.');
  }
  const to =
    txParams.to === null || txParams.to === undefined || txParams.to === '0x'
      ? undefined
      : txParams.to;
  const data = txParams.data ?? txParams.input;
  const base = {
    nonce: optionalQuantity(txParams.nonce, 'nonce'),
    gasLimit: optionalQuantity(txParams.gas ?? txParams.gasLimit, 'gas'),
    to: to as Hex | undefined,
    value: optionalQuantity(txParams.value, 'value'),
    data: data as Hex | undefined,
  };
  const common = commonFor(chain, hardfork);
  switch (type) {
    case TRANSACTION_TYPES.legacy:
      return createLegacyTx(
        { ...base, gasPrice: optionalQuantity(txParams.gasPrice, 'gasPrice') },
        { common },
      );
    case TRANSACTION_TYPES.accessList:
      return createAccessList2930Tx(
        {
          ...base,
          chainId: chain,
          gasPrice: optionalQuantity(txParams.gasPrice, 'gasPrice'),
          accessList: parseAccessList(txParams.accessList),
        },
        { common },
      );
    case TRANSACTION_TYPES.feeMarket:
      return createFeeMarket1559Tx(
        {
          ...base,
          chainId: chain,
          maxFeePerGas: optionalQuantity(txParams.maxFeePerGas, 'maxFeePerGas'),
          maxPriorityFeePerGas: optionalQuantity(
            txParams.maxPriorityFeePerGas,
            'maxPriorityFeePerGas',
          ),
          accessList: parseAccessList(txParams.accessList),
        },
        { common },
      );
  }
}

/** Signs txParams with the key for the given chain (legacy transactions get EIP-155 replay protection). */
export function signTransaction(
  txParams: SignableTxParams,
  privateKey: Uint8Array | string,
  chainId: Quantity,
  options: SignOptions = {},
): SignedTransaction {
  const key = privateKeyBytes(privateKey);
  if (txParams.from !== undefined && txParams.from.toLowerCase() !== privateKeyToAddress(key)) {
    throw new Error(`The key does not belong to ${txParams.from}.`);
  }
  const signed = buildUnsignedTransaction(txParams, chainId, options).sign(key);
  if (signed.r === undefined || signed.s === undefined || signed.v === undefined) {
    throw new Error('Signing produced no signature.');
  }
  return {
    type: resolveTransactionType(txParams),
    rawTx: toHex(signed.serialize()),
    hash: toHex(signed.hash()),
    r: quantityHex(signed.r),
    s: quantityHex(signed.s),
    v: quantityHex(signed.v),
  };
}

/** A 65-byte r ‖ s ‖ v signature of a 32-byte hash, v = 27 + recovery bit. No hashing is added. */
export function signHash(hash: Uint8Array | string, privateKey: Uint8Array | string): Hex {
  const digest = typeof hash === 'string' ? hexToBytes(hash.replace(/^0x/i, '')) : hash;
  if (digest.length !== 32) throw new Error('A hash to sign must be 32 bytes.');
  // 'recovered' puts the recovery bit first; prehash false because the input is already a hash.
  const recovered = secp256k1.sign(digest, privateKeyBytes(privateKey), {
    prehash: false,
    format: 'recovered',
  });
  const recovery = recovered[0] ?? 0;
  const signature = new Uint8Array(65);
  signature.set(recovered.subarray(1, 65), 0);
  signature[64] = 27 + recovery;
  return toHex(signature);
}

/**
 * personal_sign (EIP-191) by @metamask/eth-sig-util: the library the dapp-facing signatures
 * (messages/signers.ts) and the backend's sign-in check (server/auth/personal-sign.ts) use, so
 * the wallet and the server agree by construction. A 0x-hex string is the bytes it encodes; any
 * other string is UTF-8 text.
 */
export function signPersonalMessage(
  message: string | Uint8Array,
  privateKey: Uint8Array | string,
): Hex {
  return personalSign({
    privateKey: Buffer.from(privateKeyBytes(privateKey)),
    data: typeof message === 'string' ? message : Buffer.from(message),
  }) as Hex;
}
