/**
 * What the widget panel shows, from what the host's own connection may read (eth_accounts,
 * eth_chainId, eth_getBalance): the panel sits in the host's page, so it shows only what the
 * host was granted, never the wallet's other accounts.
 */
import { findBuiltInNetworkByChainId } from '../../../shared/networks';
import { isAddress } from '../../../shared/primitives';

export interface PanelReads {
  accounts: unknown;
  chainId: unknown;
  /** Wei as 0x-hex, or null when there is no account or the read failed. */
  balance: unknown;
  /** The site's own latest transactions (the siteActivity action), or null when unread. */
  activity?: unknown;
}

/** One line of the panel's recent activity. */
export interface PanelActivity {
  id: string;
  /** '0.01 ETH'. */
  amount: string;
  /** The recipient, or null for a contract creation. */
  to: string | null;
  status: 'pending' | 'confirmed' | 'failed';
}

export interface PanelModel {
  /** The account the host is shown, or null (not connected). */
  address: string | null;
  /** Formatted with the network's ticker, e.g. '1.2345 ETH'; null when unknown. */
  balance: string | null;
  /** The network's name when it is a built-in one. */
  network: string | null;
  /** The chain id in decimal (shown as 'Chain N' when the network has no name here). */
  chain: string | null;
  /** The site's latest transactions, newest first; empty when none or not connected. */
  activity: PanelActivity[];
}

const HEX = /^0x[0-9a-f]+$/i;

/** Wei to a decimal string with at most `digits` fraction digits, rounded down, zeros trimmed. */
export function formatUnits18(wei: bigint, digits = 4): string {
  const unit = 10n ** 18n;
  const whole = wei / unit;
  const fraction = ((wei % unit) * 10n ** BigInt(digits)) / unit;
  const text = fraction.toString().padStart(digits, '0').replace(/0+$/, '');
  return text ? `${whole}.${text}` : whole.toString();
}

export function panelModel(reads: PanelReads): PanelModel {
  const first = Array.isArray(reads.accounts) ? reads.accounts[0] : undefined;
  const address = isAddress(first) ? first.toLowerCase() : null;
  const chainId =
    typeof reads.chainId === 'string' && HEX.test(reads.chainId) ? reads.chainId : null;
  const known = chainId ? findBuiltInNetworkByChainId(chainId) : undefined;
  const network = known ? known.networkName : null;
  const chain = chainId ? BigInt(chainId).toString() : null;
  const balance =
    address && typeof reads.balance === 'string' && HEX.test(reads.balance)
      ? `${formatUnits18(BigInt(reads.balance))} ${known?.ticker ?? 'ETH'}`
      : null;
  const activity = address ? activityLines(reads.activity, known?.ticker ?? 'ETH') : [];
  return { address, balance, network, chain, activity };
}

const STATUS: Record<string, PanelActivity['status']> = {
  approved: 'pending',
  signed: 'pending',
  submitted: 'pending',
  confirmed: 'confirmed',
  failed: 'failed',
  dropped: 'failed',
};

/** The engine's items, checked field by field: anything malformed is left out, not guessed. */
function activityLines(raw: unknown, ticker: string): PanelActivity[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown): PanelActivity[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, to, value, status } = item as Record<string, unknown>;
    const shown = typeof status === 'string' ? STATUS[status] : undefined;
    if (typeof id !== 'string' || !shown || typeof value !== 'string' || !HEX.test(value)) {
      return [];
    }
    return [
      {
        id,
        amount: `${formatUnits18(BigInt(value))} ${ticker}`,
        to: isAddress(to) ? to.toLowerCase() : null,
        status: shown,
      },
    ];
  });
}
