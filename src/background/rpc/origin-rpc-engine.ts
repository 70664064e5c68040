import { createAsyncMiddleware, JsonRpcEngine } from '@metamask/json-rpc-engine';
import { providerErrors } from '@metamask/rpc-errors';
import type { Json } from '@metamask/utils';

import type { NetworkState } from '../../controllers/network/NetworkController';
import type { RpcProvider } from '../../controllers/network/rpc-provider';

/** Methods that act for an account. They need the user's consent and never reach the node. */
const ACCOUNT_METHODS = new Set([
  'eth_requestAccounts',
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_sign',
  'personal_sign',
  'personal_ecRecover',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_getEncryptionPublicKey',
  'eth_decrypt',
  'wallet_requestPermissions',
  'wallet_addEthereumChain',
  'wallet_switchEthereumChain',
  'wallet_watchAsset',
]);

/** Node administration namespaces a dapp must never reach through the wallet. */
const FORBIDDEN_PREFIXES = [
  'anvil_',
  'evm_',
  'hardhat_',
  'debug_',
  'admin_',
  'miner_',
  'personal_',
  'txpool_',
];

export interface OriginRpcContext {
  origin: string;
  getNetworkState(): NetworkState;
  getNetworkProvider(): RpcProvider;
}

/**
 * One JSON-RPC engine per connection: answers what the wallet itself knows, refuses what needs
 * consent, and passes plain chain reads to the network. Permissions and approvals plug in ahead
 * of the pass-through as they arrive.
 */
export function createOriginRpcEngine({
  origin,
  getNetworkState,
  getNetworkProvider,
}: OriginRpcContext): JsonRpcEngine {
  const engine = new JsonRpcEngine();

  engine.push((req, _res, next) => {
    (req as typeof req & { origin: string }).origin = origin;
    next();
  });

  engine.push(
    createAsyncMiddleware(async (req, res, next) => {
      const network = getNetworkState();
      switch (req.method) {
        case 'eth_chainId':
          res.result = network.providerConfig.chainId;
          return;
        case 'net_version':
          res.result =
            network.networkId ?? String(Number.parseInt(network.providerConfig.chainId, 16));
          return;
        case 'eth_accounts':
        case 'eth_coinbase':
          // No origin has been granted an account yet: reads stay empty until the user connects.
          res.result = req.method === 'eth_accounts' ? [] : null;
          return;
        case 'wallet_getProviderState':
          res.result = {
            accounts: [],
            chainId: network.providerConfig.chainId,
            networkVersion: network.networkId ?? 'loading',
            isUnlocked: false,
          };
          return;
        default:
          await next();
      }
    }),
  );

  engine.push((req, _res, next, end) => {
    if (ACCOUNT_METHODS.has(req.method)) {
      end(
        providerErrors.unauthorized({
          message: `${req.method} needs the user's permission, which ${origin} has not been given.`,
        }),
      );
      return;
    }
    if (
      FORBIDDEN_PREFIXES.some((prefix) => req.method.startsWith(prefix)) ||
      req.method.startsWith('wallet_')
    ) {
      end(providerErrors.unsupportedMethod({ data: { method: req.method } }));
      return;
    }
    next();
  });

  engine.push(
    createAsyncMiddleware(async (req, res) => {
      if (getNetworkState().networkStatus !== 'available') {
        throw providerErrors.chainDisconnected({
          message: 'Orrery is having trouble connecting to the network',
        });
      }
      // Node errors keep their own code (the network provider throws them as JsonRpcError).
      res.result = await getNetworkProvider().request<Json>({
        method: req.method,
        params: req.params as Json[] | undefined,
      });
    }),
  );

  return engine;
}
