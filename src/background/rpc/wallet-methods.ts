import type { JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import type { Json, JsonRpcParams } from '@metamask/utils';

import { methodMiddleware } from './method-middleware';
import {
  invalidParams,
  isPlainObject,
  networkState,
  networkVersion,
  paramsArray,
  providerState,
  type RpcContext,
} from './rpc-context';

/** Longest name and icon URL kept from wallet_sendDomainMetadata (the UI shows them). */
const MAX_NAME_LENGTH = 100;
const MAX_ICON_LENGTH = 2048;

/** What any origin may ask without a prompt: chain id, provider state, domain metadata. */
export function createWalletMethodsMiddleware(
  ctx: RpcContext,
): JsonRpcMiddleware<JsonRpcParams, Json> {
  return methodMiddleware({
    eth_chainId: () => networkState(ctx).providerConfig.chainId,
    wallet_getCurrentChainId: () => networkState(ctx).providerConfig.chainId,
    net_version: () => networkVersion(networkState(ctx)),
    wallet_getProviderState: () => providerState(ctx),
    wallet_sendDomainMetadata: (req) => {
      const [metadata] = paramsArray(req.params);
      if (!isPlainObject(metadata) || typeof metadata.name !== 'string' || !metadata.name.trim()) {
        throw invalidParams(
          'wallet_sendDomainMetadata needs {name, icon}: name must be a non-empty string.',
        );
      }
      const { icon } = metadata;
      if (icon !== undefined && icon !== null && typeof icon !== 'string') {
        throw invalidParams('wallet_sendDomainMetadata: icon must be a string or null.');
      }
      const domainMetadata = {
        name: metadata.name.trim().slice(0, MAX_NAME_LENGTH),
        icon: typeof icon === 'string' && icon.length <= MAX_ICON_LENGTH ? icon : null,
      };
      ctx.connection.domainMetadata = domainMetadata;
      // The approval screens show it in their header (views never reach the connection).
      ctx.messenger.call('ApprovalController:setDappMetadata', ctx.origin, domainMetadata);
      return true;
    },
  });
}
