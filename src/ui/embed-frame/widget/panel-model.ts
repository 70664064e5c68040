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
  return { address, balance, network, chain };
}
