import {
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  type Address,
  type EIP1193RequestFn,
} from 'viem';

import type { AnvilInstance } from '../../../scripts/lib/anvil';
import type {
  ApprovalRequest,
  ApprovalType,
} from '../../../src/controllers/approvals/approval-types';
import {
  createEngine,
  type Engine,
  type EngineOptions,
} from '../../../src/background/engine/create-engine';
import { MemoryStorage } from '../../../src/background/persistence/memory-storage';
import type { OriginProvider } from '../../../src/background/rpc/origin-provider';

export { waitFor } from '../helpers';

export const PASSWORD = 'correct horse battery staple';

/** An engine on anvil with a vault holding anvil's first `accounts` keys; the first is selected. */
export async function engineWithAccounts(
  anvil: AnvilInstance,
  accounts = 2,
  options: Partial<EngineOptions> = {},
): Promise<{ engine: Engine; addresses: Address[] }> {
  const engine = await createEngine({
    storage: new MemoryStorage(),
    network: { rpcUrl: anvil.rpcUrl, chainId: `0x${anvil.chainId.toString(16)}` },
    blockPollingInterval: 50,
    ...options,
  });
  await engine.actions.createNewVault(PASSWORD);
  const addresses: Address[] = [];
  for (const key of anvil.privateKeys.slice(0, accounts)) {
    addresses.push(
      (await engine.actions.importAccountWithPrivateKey(key)).toLowerCase() as Address,
    );
  }
  if (addresses[0]) engine.actions.setSelectedAddress(addresses[0]);
  return { engine, addresses };
}

/** Resolves with the next approval request (of `type`, when given) the engine adds. */
export function nextApproval<T extends ApprovalType>(
  engine: Engine,
  type?: T,
): Promise<ApprovalRequest<T>> {
  return new Promise((resolve) => {
    const handler = (request: ApprovalRequest) => {
      if (type && request.type !== type) return;
      engine.messenger.unsubscribe('ApprovalController:requestAdded', handler);
      resolve(request as ApprovalRequest<T>);
    };
    engine.messenger.subscribe('ApprovalController:requestAdded', handler);
  });
}

/**
 * Answers every approval as `decide` says: a value approves, `'reject'` rejects. Returns a stop
 * function. The approvals seen are collected in `seen`.
 */
export function autoAnswer(
  engine: Engine,
  decide: (request: ApprovalRequest) => unknown = () => undefined,
): { seen: ApprovalRequest[]; stop: () => void } {
  const seen: ApprovalRequest[] = [];
  const handler = (request: ApprovalRequest) => {
    seen.push(request);
    queueMicrotask(() => {
      const value = decide(request);
      if (value === 'reject') engine.actions.rejectRequest(request.id);
      else engine.actions.approveRequest(request.id, value as never);
    });
  };
  engine.messenger.subscribe('ApprovalController:requestAdded', handler);
  return {
    seen,
    stop: () => engine.messenger.unsubscribe('ApprovalController:requestAdded', handler),
  };
}

/** Grants `origin` the given accounts for `period` through a real connect prompt. */
export async function connectOrigin(
  engine: Engine,
  provider: OriginProvider,
  accounts: string[],
  period = 'hour',
): Promise<unknown> {
  const prompt = nextApproval(engine, 'connect');
  const answer = provider.request({ method: 'eth_requestAccounts' });
  engine.actions.approveRequest((await prompt).id, { accounts, period });
  return await answer;
}

/** viem clients whose only transport is the connection's provider (an independent dapp client). */
export function viemClients(provider: OriginProvider, chainId: number, account: Address) {
  const chain = defineChain({
    id: chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://unused.invalid'] } },
  });
  const transport = custom({ request: provider.request as EIP1193RequestFn });
  return {
    walletClient: createWalletClient({ account, chain, transport, pollingInterval: 50 }),
    publicClient: createPublicClient({ chain, transport, pollingInterval: 50 }),
  };
}

/** The error a promise rejects with. */
export async function rejectionOf(
  promise: Promise<unknown>,
): Promise<{ code?: number; message?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: number; message?: string };
  }
  throw new Error('expected a rejection');
}
