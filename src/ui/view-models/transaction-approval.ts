/**
 * What the transaction approval (C1) shows of a pending transaction: its category's title, who
 * receives what, the decoded token call (the engine decodes ERC-20/721/1155 calls with viem's
 * ABI coding into `methodParams`), and whether the balance covers value plus the most the fees
 * can cost.
 */
import BigNumber from 'bignumber.js';

import type { UiState } from '../../background/contract/ui-state';
import { formatTokenAmount } from '../format/amounts';

export type UiTransaction = UiState['TransactionController']['uiTransactions'][number];
type Token = { tokenAddress: string; symbol: string; decimals: number };

/** The category names the screen has titles for; anything else is a plain transaction. */
export const TRANSACTION_TITLES = [
  'sentEther',
  'transfer',
  'transferFrom',
  'approve',
  'safeTransferFrom',
  'contractInteraction',
  'contractDeployment',
  'transaction',
  'cancel',
  'retry',
] as const;
export type TransactionTitle = (typeof TRANSACTION_TITLES)[number];

export interface TransactionView {
  title: TransactionTitle;
  /** The account or contract the transaction is sent to; null for a deployment. */
  to: string | null;
  /** Native value in wei (hex). */
  valueWei: string;
  /** The token call, when the data is a known token method. */
  token: {
    contract: string;
    /** Transfer recipient or approval spender. */
    counterparty: string | null;
    /** A transferFrom's owner. */
    from: string | null;
    /** "12.5 TKN", or the raw amount in base units when the token is unknown. */
    amount: string | null;
    symbol: string | null;
    /** A collectible transfer's token id (decimal). */
    tokenId: string | null;
  } | null;
  data: string | null;
}

function param(tx: UiTransaction, ...names: string[]): string | null {
  const found = tx.methodParams?.find((entry) => names.includes(entry.name));
  return found ? found.value : null;
}

const decimal = (hex: string) => new BigNumber(hex.replace(/^0x/, '') || '0', 16).toFixed();

export function transactionView(tx: UiTransaction, tokens: readonly Token[]): TransactionView {
  const category = tx.transactionCategory ?? 'transaction';
  const title = (TRANSACTION_TITLES as readonly string[]).includes(category)
    ? (category as TransactionTitle)
    : 'transaction';
  const to = tx.txParams.to ?? null;
  const data = tx.txParams.data && tx.txParams.data !== '0x' ? tx.txParams.data : null;
  let token: TransactionView['token'] = null;
  if (to && ['transfer', 'transferFrom', 'approve', 'safeTransferFrom'].includes(category)) {
    const known = tokens.find((entry) => entry.tokenAddress.toLowerCase() === to.toLowerCase());
    const raw = param(tx, '_value');
    const id = param(tx, '_tokenId', '_id');
    token = {
      contract: to,
      counterparty: param(tx, '_to', '_spender'),
      from: param(tx, '_from'),
      amount:
        raw === null
          ? null
          : known
            ? formatTokenAmount(raw, known.decimals, Math.min(known.decimals, 6))
            : decimal(raw),
      symbol: known?.symbol ?? null,
      tokenId: id === null ? null : decimal(id),
    };
  }
  return { title, to, valueWei: tx.txParams.value ?? '0x0', token, data };
}

/** True when balance < value + gas limit × max fee (the most it can cost). */
export function insufficientFunds(
  balanceWei: string | undefined,
  valueWei: string,
  maxFeeWei: BigNumber | null,
): boolean {
  if (balanceWei === undefined || maxFeeWei === null) return false;
  const balance = new BigNumber(balanceWei.replace(/^0x/, '') || '0', 16);
  const value = new BigNumber(valueWei.replace(/^0x/, '') || '0', 16);
  return balance.lt(value.plus(maxFeeWei));
}
