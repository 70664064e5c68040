/** A SignatureController wired to a real ApprovalController through a root messenger. */
import type { Hex } from '../../../src/shared/primitives';
import { bytesToHex } from '@noble/hashes/utils.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

import type { ApprovalController } from '../../../src/controllers/approvals/ApprovalController';
import type { ApprovalType } from '../../../src/controllers/approvals/approval-types';
import {
  SignatureController,
  signatureControllerName,
  type SignatureControllerMessenger,
  type SignatureControllerOptions,
} from '../../../src/controllers/messages/SignatureController';
import {
  createApprovalController,
  createChildMessenger,
  createRoot,
  type TestRootMessenger,
} from '../approvals/harness';

/** The EIP-712 example's key: keccak256('cow'), address 0xcd2a…d826. */
export const COW_KEY = `0x${bytesToHex(keccak_256(new TextEncoder().encode('cow')))}` as Hex;
export const COW = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826' as Hex;
/** anvil's first dev account. */
export const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as Hex;
export const DEV = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' as Hex;

export const UNKNOWN_ACCOUNT_ERROR = 'Orrery Keyring - Unable to find matching address.';

export type SignatureHarness = {
  root: TestRootMessenger;
  approvals: ApprovalController;
  signatures: SignatureController;
  chain: { id: string | undefined };
  /** Approves the pending approval of `type` (the only one of it) with no value. */
  approve(type: ApprovalType): void;
  reject(type: ApprovalType): void;
};

export function createSignatureHarness(
  options: Partial<Omit<SignatureControllerOptions, 'messenger'>> = {},
): SignatureHarness {
  const root = createRoot();
  const approvals = createApprovalController(root);
  const chain: { id: string | undefined } = { id: '0x1' };
  const keys: Record<string, Hex> = { [COW]: COW_KEY, [DEV]: DEV_KEY };
  const signatures = new SignatureController({
    messenger: createChildMessenger<SignatureControllerMessenger>(root, signatureControllerName, [
      'ApprovalController:addRequest',
    ]),
    // Like the keyring: the key of a known account, else its error.
    getPrivateKey: (address) => {
      const key = keys[address];
      if (!key) throw new Error(UNKNOWN_ACCOUNT_ERROR);
      return key;
    },
    getActiveChainId: () => chain.id,
    ...options,
  });
  const pendingOf = (type: ApprovalType) => {
    const matches = approvals.getPending().filter((request) => request.type === type);
    if (matches.length !== 1)
      throw new Error(`expected one pending ${type}, found ${matches.length}`);
    return matches[0]!;
  };
  return {
    root,
    approvals,
    signatures,
    chain,
    approve: (type) => approvals.approve(pendingOf(type).id),
    reject: (type) => approvals.reject(pendingOf(type).id),
  };
}

/** Lets queued promise callbacks run. */
export const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
