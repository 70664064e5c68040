/**
 * What the host's `init_stream` message configures, checked field by field: allow what is known,
 * refuse the rest (listed in `refused`, never thrown: init must answer, a hang is worse). The
 * host's loginConfig is merged over a fresh copy of the defaults, so no host changes them.
 */
import { parseWhiteLabel, type ParsedWhiteLabel } from '../../shared/white-label';
import { isBuiltInNetworkType, parseChainId } from '../../shared/networks';
import type { Hex } from '../../shared/primitives';
import type { InitStreamData } from '../../embed/torus-wire';
import type { LoginConfigItem } from '../view-models/login-options';

export const BUTTON_POSITIONS = ['bottom-left', 'top-left', 'bottom-right', 'top-right'] as const;
export type ButtonPosition = (typeof BUTTON_POSITIONS)[number];

/** torus-embed's defaults (embed-protocol.md: `new Torus({...})`). */
export const DEFAULT_BUTTON_POSITION: ButtonPosition = 'bottom-left';
export const DEFAULT_BUTTON_SIZE = 56;
/** The button must stay tappable (WCAG 2.5.8's 24 px) and not cover the host. */
export const BUTTON_SIZE_RANGE = { min: 24, max: 120 } as const;
const MAX_LOGIN_ITEMS = 50;
const MAX_TEXT = 200;

/** The ways in the login modal offers before the host adds any (social login: its own issue). */
export function defaultLoginConfig(): Record<string, LoginConfigItem> {
  return {};
}

export interface EmbedNetworkRequest {
  /** A built-in network key or an http(s) RPC URL. */
  host: string;
  chainId: Hex | null;
}

export interface EmbedConfig {
  loginConfig: Record<string, LoginConfigItem>;
  whiteLabel: ParsedWhiteLabel;
  buttonPosition: ButtonPosition;
  buttonSize: number;
  widgetVisible: boolean;
  network: EmbedNetworkRequest | null;
  apiKey: string;
  mfaLevel: string;
  /** `field: why` for every value refused (logged for the host's developer). */
  refused: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_TEXT;

function parseLoginItem(verifier: string, raw: unknown): LoginConfigItem | string {
  if (!isRecord(raw)) return 'not an object';
  if (!text(raw.typeOfLogin) || !text(raw.name)) return 'typeOfLogin and name must be text';
  const item: LoginConfigItem = { verifier, typeOfLogin: raw.typeOfLogin, name: raw.name };
  for (const key of ['description', 'logoLight', 'logoDark', 'logoHover'] as const) {
    if (text(raw[key])) item[key] = raw[key];
  }
  for (const key of ['mainOption', 'showOnModal', 'showOnDesktop', 'showOnMobile'] as const) {
    if (typeof raw[key] === 'boolean') item[key] = raw[key];
  }
  if (Number.isInteger(raw.priority)) item.priority = raw.priority as number;
  return item;
}

/** A host's network (init, or setProvider's provider_change): the request, or why it is refused. */
export function parseNetwork(raw: unknown): EmbedNetworkRequest | string {
  if (!isRecord(raw) || typeof raw.host !== 'string') return 'host must be text';
  const { host } = raw;
  if (!isBuiltInNetworkType(host)) {
    try {
      const url = new URL(host);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'not an http(s) RPC URL';
    } catch {
      return 'neither a known network nor an RPC URL';
    }
  }
  if (raw.chainId === undefined || raw.chainId === null) return { host, chainId: null };
  try {
    return { host, chainId: parseChainId(raw.chainId as string | number) };
  } catch {
    return 'chainId must be a positive integer';
  }
}

export function parseInitConfig(raw: InitStreamData | undefined): EmbedConfig {
  const input: InitStreamData = isRecord(raw) ? raw : {};
  const refused: string[] = [];

  const loginConfig = defaultLoginConfig();
  if (isRecord(input.loginConfig)) {
    for (const [verifier, item] of Object.entries(input.loginConfig).slice(0, MAX_LOGIN_ITEMS)) {
      const parsed = text(verifier) ? parseLoginItem(verifier, item) : 'bad verifier name';
      if (typeof parsed === 'string') refused.push(`loginConfig.${verifier}: ${parsed}`);
      else loginConfig[verifier] = { ...loginConfig[verifier], ...parsed };
    }
  } else if (input.loginConfig !== undefined) {
    refused.push('loginConfig: not an object');
  }

  const whiteLabel = parseWhiteLabel(input.whiteLabel ?? {});
  for (const { field, reason } of whiteLabel.refused)
    refused.push(`whiteLabel.${field}: ${reason}`);

  let buttonPosition = DEFAULT_BUTTON_POSITION;
  if ((BUTTON_POSITIONS as readonly unknown[]).includes(input.buttonPosition)) {
    buttonPosition = input.buttonPosition as ButtonPosition;
  } else if (input.buttonPosition !== undefined) {
    refused.push('buttonPosition: not one of ' + BUTTON_POSITIONS.join(', '));
  }

  let buttonSize = DEFAULT_BUTTON_SIZE;
  const size = input.buttonSize;
  if (
    typeof size === 'number' &&
    Number.isInteger(size) &&
    size >= BUTTON_SIZE_RANGE.min &&
    size <= BUTTON_SIZE_RANGE.max
  ) {
    buttonSize = size;
  } else if (size !== undefined) {
    refused.push(
      `buttonSize: an integer from ${BUTTON_SIZE_RANGE.min} to ${BUTTON_SIZE_RANGE.max}`,
    );
  }

  let network: EmbedNetworkRequest | null = null;
  if (input.network !== undefined) {
    const parsed = parseNetwork(input.network);
    if (typeof parsed === 'string') refused.push(`network: ${parsed}`);
    else network = parsed;
  }

  return {
    loginConfig,
    whiteLabel,
    buttonPosition,
    buttonSize,
    widgetVisible: input.torusWidgetVisibility !== false,
    network,
    apiKey: text(input.apiKey) ? input.apiKey : 'torus-default',
    mfaLevel: text(input.mfaLevel) ? input.mfaLevel : 'default',
    refused,
  };
}
