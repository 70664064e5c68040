/**
 * What the transaction approval (C1) shows of a pending transaction: its category's title, who
 * receives what, the decoded token call (the engine decodes ERC-20/721/1155 calls with viem's
 * ABI coding into `methodParams`), and whether the balance covers value plus the most the fees
 * can cost.
 */
import BigNumber from 'bignumber.js';

import type { UiState } from '../../background/contract/ui-state';
import { formatTokenAmount, toFiat } from '../format/amounts';

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
    /** The amount is a count of one collectible id (ERC-1155), not a token's base units. */
    amountIsCount: boolean;
    /** The amount in base units (decimal), for its fiat value. */
    baseUnits: string | null;
    /** The token's decimals when the account's token list knows it, else null. */
    decimals: number | null;
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
      amountIsCount: category === 'safeTransferFrom',
      baseUnits: raw === null ? null : decimal(raw),
      decimals: known?.decimals ?? null,
      symbol: known?.symbol ?? null,
      tokenId: id === null ? null : decimal(id),
    };
  }
  return { title, to, valueWei: tx.txParams.value ?? '0x0', token, data };
}

/** The token rates as the engine keeps them: per lowercase contract, in `currency`, for `chainId`. */
export interface TokenRates {
  tokenRates: Readonly<Record<string, number>>;
  currency: string;
  chainId: string | null;
}

/**
 * A token transfer's amount in the user's currency ("12.34 USD"), or null when it cannot be told
 * honestly: not a transfer (an allowance is a ceiling, not a value moved), a token the wallet
 * does not know the decimals of, rates of another chain or currency, or no rate (0 = none).
 */
export function tokenAmountFiat(
  view: TransactionView,
  rates: TokenRates,
  currentCurrency: string,
  chainId: string,
): string | null {
  const { token } = view;
  if (!token || (view.title !== 'transfer' && view.title !== 'transferFrom')) return null;
  if (token.baseUnits === null || token.decimals === null) return null;
  if (rates.currency.toLowerCase() !== currentCurrency.toLowerCase()) return null;
  if (rates.chainId !== null && BigInt(rates.chainId) !== BigInt(chainId)) return null;
  const rate = rates.tokenRates[token.contract.toLowerCase()] ?? 0;
  if (!(rate > 0)) return null;
  return `${toFiat(token.baseUnits, token.decimals, rate)} ${currentCurrency.toUpperCase()}`;
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
