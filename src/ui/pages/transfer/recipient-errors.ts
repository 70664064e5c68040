import { failureCode } from '../../../background/contract/errors';
import type { RecipientKind } from '../../view-models/transfer';

/** The engine's identifier rule keys (walletSettings.invalidEns, …); ours have the same names. */
const RULE_KEY =
  /^walletSettings\.(invalid(?:Eth|Email|Reddit|Discord|Twitter|Github|Ens|Unstoppable|Bit|ContactType))$/u;

/** What a failed recipient lookup tells the user, as a walletTransfer message key. */
export function lookupErrorKey(error: unknown, kind: RecipientKind): string {
  const data = (error as { data?: { detail?: unknown; status?: unknown } }).data;
  switch (failureCode(error)) {
    case 'backend.invalidInput':
      // The engine names the identifier rule's key (walletSettings.invalid*); ours mirror them.
      return typeof data?.detail === 'string' && RULE_KEY.test(data.detail)
        ? `walletTransfer.${data.detail.replace(RULE_KEY, '$1')}`
        : 'walletTransfer.invalidInput';
    case 'backend.notSignedIn':
    case 'backend.loggedOut':
      return 'walletTransfer.lookupSignIn';
    case 'backend.requestFailed':
      if (data?.status !== 404) return 'walletTransfer.lookupUnavailable';
      if (kind === 'bit') return 'walletTransfer.notAnyBitAddress';
      if (kind === 'ens') return 'walletTransfer.invalidEns';
      if (kind === 'unstoppable') return 'walletTransfer.invalidUnstoppable';
      return 'walletTransfer.noSuchUser';
    default:
      return 'walletTransfer.lookupUnavailable';
  }
}
