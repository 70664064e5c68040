/**
 * EIP-6963 multi-wallet discovery: the SDK announces its provider so wagmi, viem and any
 * modern dapp find it without special code, and announces again on every request event.
 */
export interface Eip6963ProviderInfo {
  uuid: string;
  name: string;
  /** A data URI (RFC 2397), as the EIP requires. */
  icon: string;
  /** Reverse DNS name of the wallet. */
  rdns: string;
}

export const ORRERY_RDNS = 'app.orrery.wallet';

/** The orbit mark (src/ui/favicon.svg) as a data URI. */
export const ORRERY_ICON =
  'data:image/svg+xml;base64,' +
  'PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA2NCA2NCI+PGNpcmNsZSBjeD0iMzIiIGN5PSIzMiIgcj0iOSIgZmlsbD0iI2YwYjE0YSIvPjxlbGxpcHNlIGN4PSIzMiIgY3k9IjMyIiByeD0iMjciIHJ5PSIxMSIgZmlsbD0ibm9uZSIgc3Ryb2tlPSIjM2E1NmQ0IiBzdHJva2Utd2lkdGg9IjQiIHRyYW5zZm9ybT0icm90YXRlKC0yNSAzMiAzMikiLz48Y2lyY2xlIGN4PSI1NSIgY3k9IjIyIiByPSI1IiBmaWxsPSIjM2E1NmQ0Ii8+PC9zdmc+';

/** Announces now and on every `eip6963:requestProvider`; returns the function that stops it. */
export function announceProvider(
  target: Window,
  info: Eip6963ProviderInfo,
  provider: unknown,
): () => void {
  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider });
  const announce = () =>
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  target.addEventListener('eip6963:requestProvider', announce);
  announce();
  return () => target.removeEventListener('eip6963:requestProvider', announce);
}
