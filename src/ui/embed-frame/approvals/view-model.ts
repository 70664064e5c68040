/**
 * What the in-page approval modal shows (spec part 1 §4: inside an embed, approval is an in-page
 * modal): the oldest pending request of the host's own origin, described for the screen.
 */
import type { UiState } from '../../../background/contract/ui-state';
import { formatTokenAmount } from '../../format/amounts';
import { readableMessage } from '../../view-models/approvals';

type Approval = UiState['ApprovalController']['pendingApprovals'][string];

/** The kinds the modal has its own text for; others show the generic one. */
export const SHOWN_KINDS = [
  'connect',
  'personal_sign',
  'typed_data',
  'transaction',
  'switch_chain',
  'add_chain',
] as const;
export type ShownKind = (typeof SHOWN_KINDS)[number] | 'other';

export interface ApprovalView {
  id: string;
  kind: ShownKind;
  origin: string;
  /** Lines of detail: the message, the typed data, the recipient and amount. */
  details: Array<{
    label: 'account' | 'message' | 'data' | 'to' | 'amount' | 'chain';
    value: string;
  }>;
  /** What approving passes along (connect: the selected account, the shortest period). */
  value: unknown;
  /** Why it cannot be approved here (the wallet is locked or has no account). */
  blocked: 'locked' | 'noAccount' | null;
}

export function approvalForOrigin(state: UiState, origin: string): ApprovalView | null {
  const mine = Object.values(state.ApprovalController.pendingApprovals)
    .filter((approval) => approval.origin === origin)
    .sort((a, b) => a.time - b.time);
  const approval: Approval | undefined = mine[0];
  if (!approval) return null;
  const kind: ShownKind = (SHOWN_KINDS as readonly string[]).includes(approval.type)
    ? (approval.type as ShownKind)
    : 'other';
  const selected = state.PreferencesController.selectedAddress ?? null;
  const unlocked = state.KeyringController.isUnlocked;
  const details: ApprovalView['details'] = [];
  let value: unknown = undefined;
  const data = approval.requestData as Record<string, unknown>;
  switch (approval.type) {
    case 'connect': {
      const periods = Array.isArray(data.periods) ? (data.periods as string[]) : [];
      value = { accounts: selected ? [selected] : [], period: periods[0] ?? 'session' };
      if (selected) details.push({ label: 'account', value: selected });
      break;
    }
    case 'personal_sign':
      // Read as the approval window reads it: one rule for what a person is shown.
      details.push({ label: 'message', value: readableMessage(String(data.data ?? '')).value });
      break;
    case 'typed_data':
      details.push({ label: 'data', value: JSON.stringify(data.data, null, 2) });
      break;
    case 'transaction': {
      const tx = state.TransactionController.uiTransactions.find((item) => item.id === data.txId);
      const params = (tx?.txParams ?? {}) as { to?: string; value?: string };
      if (params.to) details.push({ label: 'to', value: params.to });
      const ticker = state.NetworkController.providerConfig.ticker;
      details.push({
        label: 'amount',
        value: `${formatTokenAmount(params.value ?? '0x0', 18, 6)} ${ticker}`,
      });
      break;
    }
    case 'switch_chain':
    case 'add_chain':
      if (typeof data.chainId === 'string') details.push({ label: 'chain', value: data.chainId });
      break;
  }
  const blocked = !unlocked ? 'locked' : !selected ? 'noAccount' : null;
  return { id: approval.id, kind, origin: approval.origin, details, value, blocked };
}
