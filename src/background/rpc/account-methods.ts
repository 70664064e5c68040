import type { JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import { providerErrors, rpcErrors } from '@metamask/rpc-errors';
import type { Json, JsonRpcParams } from '@metamask/utils';

import {
  isSigningMethod,
  SIGNING_METHODS,
  toSigningCall,
  type SigningCall,
} from '../../controllers/messages/rpc-params';
import { parseTypedDataJson } from '../../controllers/messages/typed-data-json';
import { UNAUTHORIZED_ORIGIN_MESSAGE } from '../../controllers/transactions/constants';
import { validateSender } from '../../controllers/transactions/validate-tx-params';
import { ensureActiveChain } from './chain-methods';
import { methodMiddleware, type MethodHandler } from './method-middleware';
import {
  exposedAccounts,
  invalidParams,
  isPlainObject,
  paramsArray,
  type RpcContext,
} from './rpc-context';

/**
 * An origin acts only for an account it is shown: the selected address, within its grant (the
 * wallet's own origin: the selected address). The grant only allows asking; the user still
 * approves each request. The refusal is the transaction controller's sender check.
 */
function assertMayActFor(ctx: RpcContext, from: unknown): void {
  // A missing or malformed `from` is left to the controller's validation and its spec message.
  if (typeof from !== 'string' || from === '') return;
  validateSender(from, exposedAccounts(ctx)[0], ctx.origin, ctx.walletOrigin);
}

/** The chain a typed-data V3/V4 request names in its domain, if any. */
function typedDataChainId(call: SigningCall): unknown {
  if (call.action !== 'signTypedData' || call.version === 'V1') return undefined;
  const { data } = call.params;
  try {
    // The validator and the signer reuse this parse (typed-data-json.ts).
    const parsed: unknown = typeof data === 'string' ? parseTypedDataJson(data) : data;
    if (isPlainObject(parsed) && isPlainObject(parsed.domain)) return parsed.domain.chainId;
  } catch {
    // Unparseable data gets the typed-data validator's own message.
  }
  return undefined;
}

async function sign(ctx: RpcContext, method: string, params: unknown): Promise<Json> {
  if (!isSigningMethod(method)) throw rpcErrors.methodNotFound();
  const call = toSigningCall(method, params);
  const { messenger, origin } = ctx;
  if (call.action === 'personalEcRecover') {
    return messenger.call('SignatureController:personalEcRecover', call.params);
  }
  assertMayActFor(ctx, call.params.from);
  await ensureActiveChain(ctx, typedDataChainId(call));
  switch (call.action) {
    case 'ethSign':
      return await messenger.call('SignatureController:ethSign', call.params, origin);
    case 'personalSign':
      return await messenger.call('SignatureController:personalSign', call.params, origin);
    case 'signTypedData':
      return await messenger.call(
        'SignatureController:signTypedData',
        call.params,
        call.version,
        origin,
      );
    case 'getEncryptionPublicKey':
      return await messenger.call(
        'SignatureController:getEncryptionPublicKey',
        call.params,
        origin,
      );
    case 'decrypt':
      return await messenger.call('SignatureController:decrypt', call.params, origin);
  }
}

async function sendTransaction(ctx: RpcContext, params: unknown): Promise<Json> {
  const [txParams] = paramsArray(params);
  if (!isPlainObject(txParams)) throw invalidParams('eth_sendTransaction expects [transaction].');
  assertMayActFor(ctx, txParams.from);
  if (txParams.from === undefined) {
    // The dapp may leave out `from`: it is the account it is shown.
    const [account] = exposedAccounts(ctx);
    if (!account) throw providerErrors.unauthorized({ message: UNAUTHORIZED_ORIGIN_MESSAGE });
    txParams.from = account;
  }
  await ensureActiveChain(ctx, txParams.chainId);
  // Resolves with the hash once submitted; 4001 with the spec's message when the user rejects.
  return await ctx.messenger.call('TransactionController:addTransaction', txParams, {
    origin: ctx.origin,
  });
}

/**
 * Everything that acts for an account: transactions and every signing method, each through its
 * controller, which asks the user. Only for an account the origin is shown.
 */
export function createAccountMiddleware(ctx: RpcContext): JsonRpcMiddleware<JsonRpcParams, Json> {
  const handlers: Record<string, MethodHandler> = {
    eth_sendTransaction: (req) => sendTransaction(ctx, req.params),
  };
  for (const method of SIGNING_METHODS) handlers[method] = (req) => sign(ctx, method, req.params);
  return methodMiddleware(handlers);
}
