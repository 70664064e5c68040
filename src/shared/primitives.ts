/**
 * Ethereum primitives every side shares (engine, views, embed, server). One `Hex` type, from
 * @metamask/utils, so a value typed in a controller is the same type in a view; and one address
 * rule, so the engine, the views and the server accept the same addresses.
 */
import type { Hex } from '@metamask/utils';

export type { Hex };

/** An account or contract address: 0x and 40 hex digits, in any letter case. */
export type Address = Hex;

/** The address rule as regular-expression text (JSON Schema patterns are built from it). */
export const ADDRESS_TEXT = '0x[0-9a-fA-F]{40}';
const ADDRESS = new RegExp(`^${ADDRESS_TEXT}$`, 'u');

/**
 * Whether `value` has the shape of an address. Letter case is not checked here: where a
 * mixed-case address must carry a valid EIP-55 checksum, the caller checks that too.
 */
export function isAddress(value: unknown): value is Address {
  return typeof value === 'string' && ADDRESS.test(value);
}
