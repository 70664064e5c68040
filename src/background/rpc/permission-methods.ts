import type { JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import { providerErrors } from '@metamask/rpc-errors';
import type { Json, JsonRpcParams } from '@metamask/utils';

import { ETH_ACCOUNTS_PERMISSION } from '../../controllers/permissions/PermissionController';
import { methodMiddleware } from './method-middleware';
import {
  exposedAccounts,
  invalidParams,
  isPlainObject,
  isUnlocked,
  paramsArray,
  type RpcContext,
} from './rpc-context';

/** EIP-2255 params: `[{eth_accounts: {}}]`; eth_accounts is the only permission there is. */
function requireEthAccountsRequest(method: string, params: unknown): void {
  const [request] = paramsArray(params);
  if (!isPlainObject(request) || Object.keys(request).length === 0) {
    throw invalidParams(`${method} expects [{ "eth_accounts": {} }].`);
  }
  const unknown = Object.keys(request).filter((name) => name !== ETH_ACCOUNTS_PERMISSION);
  if (unknown.length > 0) {
    throw invalidParams(
      `${method}: unknown permission(s) ${unknown.join(', ')}; only eth_accounts exists.`,
    );
  }
}

/**
 * A connect request made while the wallet is locked waits until the user unlocks it: the
 * accounts to offer are only known then (as a wallet shows its unlock screen first). A logout
 * meanwhile refuses it (4001) with every pending request (spec part 1 §4), as the approval
 * queue's `allRejected` says; a plain lock does not.
 */
function untilUnlocked(ctx: RpcContext): Promise<void> {
  if (isUnlocked(ctx)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const refuse = () => {
      stop();
      reject(providerErrors.userRejectedRequest());
    };
    const stop = () => {
      try {
        ctx.messenger.unsubscribe('ApprovalController:allRejected', refuse);
      } catch {
        // Already gone (the engine stopped).
      }
    };
    ctx.messenger.subscribe('ApprovalController:allRejected', refuse);
    ctx.messenger.subscribeOnce('KeyringController:unlock', () => {
      stop();
      resolve();
    });
  });
}

/**
 * Accounts and grants: eth_accounts answers without a prompt (empty until connected or while
 * locked); eth_requestAccounts and wallet_requestPermissions ask the user through a connect approval.
 */
export function createPermissionMiddleware(
  ctx: RpcContext,
): JsonRpcMiddleware<JsonRpcParams, Json> {
  const { messenger, origin } = ctx;
  return methodMiddleware({
    eth_accounts: () => exposedAccounts(ctx),
    eth_coinbase: () => exposedAccounts(ctx)[0] ?? null,
    eth_requestAccounts: async () => {
      await untilUnlocked(ctx);
      const exposed = exposedAccounts(ctx);
      if (exposed.length > 0) return exposed;
      if (origin !== ctx.walletOrigin) {
        await messenger.call('PermissionController:requestPermissions', origin);
      }
      return exposedAccounts(ctx);
    },
    wallet_requestPermissions: async (req) => {
      requireEthAccountsRequest(req.method, req.params);
      await untilUnlocked(ctx);
      return await messenger.call('PermissionController:requestPermissions', origin);
    },
    wallet_getPermissions: () => messenger.call('PermissionController:getPermissions', origin),
    wallet_revokePermissions: (req) => {
      requireEthAccountsRequest(req.method, req.params);
      messenger.call('PermissionController:revokePermissions', origin);
      return null;
    },
  });
}
