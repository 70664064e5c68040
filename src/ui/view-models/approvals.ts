/**
 * What the approval window (/confirm) shows, from the engine's state: which request, where it
 * stands in the queue, who asks, and each request's data in a form a person can read.
 * Everything the dapp supplied is display-only here and is refused when it does not fit.
 */
import type { UiState } from '../../background/contract/ui-state';

type Approvals = UiState['ApprovalController'];
export type PendingApproval = Approvals['pendingApprovals'][string];
export type ApprovalKind = PendingApproval['type'];

/** The approval types this window has a screen for; any other shows 'No new transactions.'. */
export const APPROVAL_SCREENS = [
  'connect',
  'personal_sign',
  'eth_sign',
  'typed_data',
  'encryption_public_key',
  'decrypt',
  'watch_asset',
  'add_chain',
  'switch_chain',
  'transaction',
] as const satisfies readonly ApprovalKind[];

export type WindowRequest =
  /** No such request: settled already, or never was ('No new transactions.'). */
  | { status: 'none' }
  /** The id exists but belongs to another origin than the window was opened for: refused. */
  | { status: 'mismatch' }
  | { status: 'show'; request: PendingApproval; position: number; total: number };

/**
 * The request a window opened for `id` (and `origin`, when its URL names one) shows, and its
 * place among every pending request, oldest first ("1 of 3").
 */
export function windowRequest(
  approvals: Pick<Approvals, 'pendingApprovals'>,
  id: string | null,
  origin: string | null,
): WindowRequest {
  const request = id ? approvals.pendingApprovals[id] : undefined;
  if (!request || !(APPROVAL_SCREENS as readonly string[]).includes(request.type)) {
    return { status: 'none' };
  }
  if (origin !== null && origin !== request.origin) return { status: 'mismatch' };
  const queue = Object.values(approvals.pendingApprovals).sort(
    (a, b) => a.time - b.time || a.id.localeCompare(b.id),
  );
  return {
    status: 'show',
    request,
    position: queue.findIndex((entry) => entry.id === request.id) + 1,
    total: queue.length,
  };
}

/** The origin as the header shows it: the host for https, with the scheme otherwise. */
export function originLabel(origin: string): string {
  try {
    const url = new URL(origin);
    return url.protocol === 'https:' ? url.host : `${url.protocol}//${url.host}`;
  } catch {
    return origin;
  }
}

/**
 * The dapp's icon URL if it is one the window may load: https, or an inline raster/SVG image
 * (an <img> runs no script). Anything else (http, javascript:, blob:) shows the default icon.
 */
export function safeIconUrl(icon: string | null | undefined): string | null {
  if (!icon) return null;
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(icon)) return icon;
  try {
    return new URL(icon).protocol === 'https:' ? icon : null;
  } catch {
    return null;
  }
}

/** What the dapp said about itself, if anything, for the header. */
export function dappIdentity(
  approvals: Pick<Approvals, 'dappMetadata'>,
  origin: string,
): { name: string | null; icon: string | null } {
  const metadata = approvals.dappMetadata[origin];
  return { name: metadata?.name ?? null, icon: safeIconUrl(metadata?.icon) };
}

/** The account that will act: the request's `from`, else the selected address. */
export function actingAccount(
  request: PendingApproval,
  selectedAddress: string | null | undefined,
): string | null {
  const from = (request.requestData as { from?: unknown }).from;
  return typeof from === 'string' && from ? from.toLowerCase() : (selectedAddress ?? null);
}

/**
 * A personal_sign message: the text when the bytes are printable UTF-8 (line breaks and tabs
 * allowed), else the hex itself. Data without 0x is already text (spec part 1 §5).
 */
export function readableMessage(data: string): { kind: 'text' | 'hex'; value: string } {
  if (!/^0x([0-9a-f]{2})*$/i.test(data)) return { kind: 'text', value: data };
  const bytes = new Uint8Array(
    (data.slice(2).match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)),
  );
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // eslint-disable-next-line no-control-regex -- control characters are what makes it unreadable
    if (text.length > 0 && !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) {
      return { kind: 'text', value: text };
    }
  } catch {
    // Not UTF-8: shown as hex.
  }
  return { kind: 'hex', value: data };
}

/** One row of a typed-data tree: a name with either a value or children. */
export interface TypedDataNode {
  name: string;
  type?: string;
  value?: string;
  children?: TypedDataNode[];
}

export interface TypedDataView {
  version: string;
  /** V3/V4: the domain's fields; V1 has none. */
  domain: TypedDataNode[];
  primaryType: string | null;
  message: TypedDataNode[];
  /** The domain's chain id as a decimal string, when it names one. */
  chainId: string | null;
  verifyingContract: string | null;
}

function toNodes(value: unknown, name: string, type?: string): TypedDataNode {
  if (Array.isArray(value)) {
    return {
      name,
      ...(type ? { type } : {}),
      children: value.map((item, index) => toNodes(item, String(index))),
    };
  }
  if (typeof value === 'object' && value !== null) {
    return {
      name,
      ...(type ? { type } : {}),
      children: Object.entries(value).map(([key, child]) => toNodes(child, key)),
    };
  }
  return { name, ...(type ? { type } : {}), value: String(value) };
}

function parseChainId(value: unknown): string | null {
  try {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
    if (typeof value === 'string' && /^(0x[0-9a-f]+|\d+)$/i.test(value)) {
      return BigInt(value).toString();
    }
  } catch {
    // Not a number: none shown.
  }
  return null;
}

/** Typed data V1 (a list of {type, name, value}) or V3/V4 (domain, primaryType, message). */
export function typedDataView(data: unknown, version: string): TypedDataView {
  let parsed: unknown = data;
  if (typeof data === 'string') {
    try {
      parsed = JSON.parse(data);
    } catch {
      parsed = data;
    }
  }
  if (Array.isArray(parsed)) {
    const message = parsed.map((entry: unknown) => {
      const { name, type, value } = (entry ?? {}) as Record<string, unknown>;
      return toNodes(value, String(name), typeof type === 'string' ? type : undefined);
    });
    return {
      version,
      domain: [],
      primaryType: null,
      message,
      chainId: null,
      verifyingContract: null,
    };
  }
  const typed = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<
    string,
    unknown
  >;
  const domain = (
    typeof typed.domain === 'object' && typed.domain !== null ? typed.domain : {}
  ) as Record<string, unknown>;
  const message = typed.message;
  return {
    version,
    domain: Object.entries(domain).map(([key, value]) => toNodes(value, key)),
    primaryType: typeof typed.primaryType === 'string' ? typed.primaryType : null,
    message:
      typeof message === 'object' && message !== null
        ? Object.entries(message).map(([key, value]) => toNodes(value, key))
        : [],
    chainId: parseChainId(domain.chainId),
    verifyingContract:
      typeof domain.verifyingContract === 'string' ? domain.verifyingContract : null,
  };
}

/** Whether a typed-data domain names another chain than the active one (hex chain id). */
export function chainMismatch(view: TypedDataView, activeChainId: string): boolean {
  return view.chainId !== null && view.chainId !== BigInt(activeChainId).toString();
}

/** Connect's period choices, as the engine offers them (spec part 1 §6). */
export const CONNECT_PERIODS = ['hour', 'week', 'month', 'year'] as const;
export type ConnectPeriod = (typeof CONNECT_PERIODS)[number];

/** The periods a connect request offers, in the spec's order; unknown ones are dropped. */
export function connectPeriods(periods: readonly string[]): ConnectPeriod[] {
  return CONNECT_PERIODS.filter((period) => periods.includes(period));
}
