// Why a network action failed: stable codes next to the messages (the spec's text where it has
// one). Views and tests match on the code.
import { CodedError } from '../errors/coded-error';

export const NetworkErrorCode = {
  /** No built-in or custom network has the requested chain id (switch chain). */
  unsupportedChain: 'network.unsupportedChain',
  /** Not a built-in network type, or one without an RPC endpoint. */
  unknownNetworkType: 'network.unknownNetworkType',
  /** A custom network's name, RPC URL, explorer URL or chain id is not acceptable. */
  invalidCustomNetwork: 'network.invalidCustomNetwork',
  customNetworkExists: 'network.customNetworkExists',
  customNetworkNotFound: 'network.customNetworkNotFound',
  /** The RPC endpoint did not answer eth_chainId in time, or not over HTTP 2xx. */
  rpcUnreachable: 'network.rpcUnreachable',
  /** The RPC endpoint answered, but not with a chain id. */
  rpcBadAnswer: 'network.rpcBadAnswer',
} as const;
export type NetworkErrorCode = (typeof NetworkErrorCode)[keyof typeof NetworkErrorCode];

/** Spec part 1 §5, switch chain. */
export const UNSUPPORTED_CHAIN_MESSAGE =
  'unsupported chain, please add this chain before switching';

export class NetworkError extends CodedError<{ code: NetworkErrorCode }> {
  constructor(code: NetworkErrorCode, message: string, options?: { cause?: unknown }) {
    super({ code }, message, options);
    this.name = 'NetworkError';
  }
}
