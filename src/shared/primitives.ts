/**
 * Ethereum primitives every side shares (engine, views, embed, server). One `Hex` type, from
 * @metamask/utils, so a value typed in a controller is the same type in a view.
 */
export type { Hex } from '@metamask/utils';
