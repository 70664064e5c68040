// The activity list (views.md §3.12): the wallet's own transactions, the server's past
// transactions and top-up orders, merged by hash, each with the spec's type and status, and the
// filters by type, date and status. Pure, so it is unit-tested without a browser.
import type { UiState } from '../../background/contract/ui-state';

export const TYPE_FILTERS = ['all', 'send', 'receive', 'topup'] as const;
export const DATE_FILTERS = ['all', 'lastOneWeek', 'lastOneMonth', 'lastSixMonths'] as const;
export const STATUS_FILTERS = [
  'all',
  'successful',
  'unsuccessful',
  'pending',
  'cancelled',
  'cancelling',
] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];
export type DateFilter = (typeof DATE_FILTERS)[number];
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export interface ActivityFilters {
  type: TypeFilter;
  date: DateFilter;
  status: StatusFilter;
}

export type ActivityType =
  'send' | 'receive' | 'topup' | 'contractInteraction' | 'contractDeployment';
export type ActivityStatus = Exclude<StatusFilter, 'all'>;

export interface ActivityItem {
  key: string;
  /** The wallet's own transaction id: cancel, speed-up and retry apply to these. */
  txId: string | null;
  hash: string | null;
  /** ms since epoch. */
  time: number;
  type: ActivityType;
  from: string;
  to: string;
  /** Base units (wei for the native coin), decimal text; '' when unknown. */
  value: string;
  symbol: string;
  status: ActivityStatus;
  nonce: string | null;
  gas: string | null;
  /** Max fee per gas or gas price, wei, 0x hex. */
  gasPrice: string | null;
  /** When the (first) submission left the wallet, for the cancel delay. */
  submittedTime: number | null;
}

/** 'A pending transaction can be cancelled only after a delay' (A§4): the spec gives none; 60 s. */
export const CANCEL_DELAY_MS = 60_000;
/** Each replacement raises the fee by 11% (A§4, factor 11/10). */
export const replacementFee = (wei: bigint): bigint => (wei * 11n + 9n) / 10n;

const DAY = 86_400_000;
const DATE_WINDOW: Record<DateFilter, number> = {
  all: Number.POSITIVE_INFINITY,
  lastOneWeek: 7 * DAY,
  lastOneMonth: 30 * DAY,
  lastSixMonths: 182 * DAY,
};

type OwnTx = UiState['TransactionController']['uiTransactions'][number];

function ownStatus(tx: OwnTx, all: readonly OwnTx[]): ActivityStatus | null {
  const sameNonce = all.filter(
    (other) =>
      other !== tx &&
      other.txParams.nonce !== undefined &&
      other.txParams.nonce === tx.txParams.nonce &&
      other.txParams.from === tx.txParams.from,
  );
  const cancels = sameNonce.filter((other) => other.type === 'cancel');
  if (cancels.some((cancel) => cancel.status === 'confirmed')) return 'cancelled';
  if (cancels.some((cancel) => cancel.status === 'submitted') && tx.status === 'submitted')
    return 'cancelling';
  switch (tx.status) {
    case 'confirmed':
      return 'successful';
    case 'failed':
    case 'rejected':
      return 'unsuccessful';
    case 'dropped':
      // Replaced by its own speed-up: the replacement carries on in the list.
      return sameNonce.some((other) => other.hash === tx.replacedBy) ? null : 'unsuccessful';
    default:
      return 'pending';
  }
}

function ownType(tx: OwnTx, address: string): ActivityType {
  if (tx.transactionCategory === 'contractDeployment' || !tx.txParams.to)
    return 'contractDeployment';
  if (tx.txParams.from.toLowerCase() !== address) return 'receive';
  const category = tx.transactionCategory ?? '';
  return category === 'sentEther' ||
    category.startsWith('transfer') ||
    category.startsWith('safeTransfer') ||
    category === 'retry'
    ? 'send'
    : 'contractInteraction';
}

/** Every activity item of the address, newest first; cancels show on the transaction they cancel. */
export function activityItems(
  state: Pick<
    UiState,
    'TransactionController' | 'PastTransactionsController' | 'NetworkController'
  >,
  address: string,
): ActivityItem[] {
  const self = address.toLowerCase();
  const { ticker, chainId } = state.NetworkController.providerConfig;
  const own = state.TransactionController.uiTransactions.filter(
    (tx) => tx.txParams.from.toLowerCase() === self && tx.status !== 'unapproved',
  );
  const items: ActivityItem[] = [];
  const seen = new Set<string>();
  for (const tx of own) {
    if (tx.type === 'cancel') {
      if (tx.hash) seen.add(tx.hash.toLowerCase());
      continue;
    }
    const status = ownStatus(tx, own);
    if (tx.hash) seen.add(tx.hash.toLowerCase());
    if (status === null) continue;
    items.push({
      key: tx.id,
      txId: tx.id,
      hash: tx.hash ?? null,
      time: tx.time,
      type: ownType(tx, self),
      from: tx.txParams.from,
      to: tx.txParams.to ?? '',
      value: BigInt(tx.txParams.value ?? '0x0').toString(),
      symbol: ticker,
      status,
      nonce: tx.txParams.nonce ?? null,
      gas: tx.txParams.gas ?? null,
      gasPrice: tx.txParams.maxFeePerGas ?? tx.txParams.gasPrice ?? null,
      submittedTime: tx.submittedTime ?? null,
    });
  }
  for (const past of state.PastTransactionsController.pastTransactions[self] ?? []) {
    const hash = past.transaction_hash.toLowerCase();
    if (seen.has(hash) || past.network !== chainId || past.is_cancel) continue;
    seen.add(hash);
    const status: ActivityStatus =
      past.cancelStatus ??
      (past.status === 'confirmed'
        ? 'successful'
        : past.status === 'submitted' || past.status === 'pending'
          ? 'pending'
          : 'unsuccessful');
    items.push({
      key: `past-${hash}`,
      txId: null,
      hash: past.transaction_hash,
      time: Date.parse(past.date),
      type: past.from.toLowerCase() === self ? 'send' : 'receive',
      from: past.from,
      to: past.to,
      value: '',
      symbol: past.symbol ?? ticker,
      status,
      nonce: past.nonce,
      gas: past.gas,
      gasPrice: past.gasPrice,
      submittedTime: null,
    });
  }
  // Block-explorer history (G14): what no other source listed, e.g. sends from another wallet.
  for (const row of state.PastTransactionsController.explorerTransactions?.[self] ?? []) {
    const hash = row.hash.toLowerCase();
    if (seen.has(hash) || row.network !== chainId) continue;
    seen.add(hash);
    const sent = row.from.toLowerCase() === self;
    items.push({
      key: `explorer-${hash}`,
      txId: null,
      hash: row.hash,
      time: Date.parse(row.created_at),
      type: row.contract_address
        ? 'contractDeployment'
        : row.function_name && sent
          ? 'contractInteraction'
          : sent
            ? 'send'
            : 'receive',
      from: row.from,
      to: row.to ?? row.contract_address ?? '',
      value: /^[0-9]{1,78}$/u.test(row.value) ? row.value : '',
      symbol: ticker,
      status: row.status === 'confirmed' ? 'successful' : 'unsuccessful',
      nonce: row.nonce,
      gas: row.gas_used || row.gas,
      gasPrice: /^[0-9]{1,78}$/u.test(row.gasPrice)
        ? `0x${BigInt(row.gasPrice).toString(16)}`
        : null,
      submittedTime: null,
    });
  }
  for (const order of state.PastTransactionsController.paymentTx[self] ?? []) {
    items.push({
      key: `order-${order.id}`,
      txId: null,
      hash: null,
      time: Date.parse(order.date),
      type: 'topup',
      from: order.from,
      to: order.to,
      value: '',
      symbol: order.totalAmountString,
      status:
        order.status === 'confirmed' || order.status === 'successful'
          ? 'successful'
          : order.status === 'pending' || order.status === 'submitted'
            ? 'pending'
            : 'unsuccessful',
      nonce: null,
      gas: null,
      gasPrice: null,
      submittedTime: null,
    });
  }
  return items.sort((a, b) => b.time - a.time);
}

export function filterActivity(
  items: readonly ActivityItem[],
  filters: ActivityFilters,
  now: number,
): ActivityItem[] {
  return items.filter(
    (item) =>
      (filters.type === 'all' || item.type === filters.type) &&
      (filters.status === 'all' || item.status === filters.status) &&
      now - item.time <= DATE_WINDOW[filters.date],
  );
}

/** When a pending own transaction may be cancelled (its submission + the delay), else null. */
export function cancelAllowedAt(item: ActivityItem): number | null {
  if (item.status !== 'pending' || item.txId === null || item.submittedTime === null) return null;
  return item.submittedTime + CANCEL_DELAY_MS;
}

const CSV_COLUMNS = ['date', 'type', 'from', 'to', 'amount', 'token', 'fee', 'status', 'hash'];
const csvCell = (value: string) =>
  /[",\n]/u.test(value) ? `"${value.replace(/"/gu, '""')}"` : value;

/** The filtered rows as CSV (issue 12: date, type, from, to, amount, token, fee, status, hash). */
export function activityCsv(
  items: readonly ActivityItem[],
  amountOf: (item: ActivityItem) => string,
  feeOf: (item: ActivityItem) => string,
): string {
  const rows = items.map((item) =>
    [
      new Date(item.time).toISOString(),
      item.type,
      item.from,
      item.to,
      amountOf(item),
      item.symbol,
      feeOf(item),
      item.status,
      item.hash ?? '',
    ].map(csvCell),
  );
  return [CSV_COLUMNS, ...rows].map((row) => row.join(',')).join('\n');
}
