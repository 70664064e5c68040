/**
 * White-label configuration (spec part 1 §1, §3): the operator's or the embedding host's name,
 * logos, colours, default language and feature flags. It arrives as untrusted JSON (config.json
 * for the standalone wallet, the host's init for the embed): every field is checked, known and
 * valid values are kept, and every other one is refused with a reason the views show, never
 * dropped silently.
 */
import { isLocale, type Locale } from './preferences';

/** The palette colours a white-label may set; each maps to one design token in the views. */
export const WHITE_LABEL_COLORS = [
  'primary',
  'onPrimary',
  'background',
  'surface',
  'text',
  'textMuted',
  'border',
  'success',
  'warning',
  'danger',
] as const;
export type WhiteLabelColor = (typeof WHITE_LABEL_COLORS)[number];

/** Names the published embed SDK's hosts use for the same colours (torus-embed's palette). */
const COLOR_ALIASES: Readonly<Record<string, WhiteLabelColor>> = { torusBrand1: 'primary' };

/** Longest product name accepted: it appears in titles and headings. */
export const WHITE_LABEL_NAME_MAX = 40;

// Type aliases (not interfaces): controller state must be assignable to Json.
export type WhiteLabelTheme = {
  /** Which base palette the white-label's colours belong to, and the theme a new user starts in. */
  isDark: boolean;
  colors: Partial<Record<WhiteLabelColor, string>>;
};

export type WhiteLabel = {
  /** True when any white-label setting was accepted. */
  isActive: boolean;
  /** Replaces the product name (titles, headings). */
  name: string | null;
  /** Where the logo links to. */
  url: string | null;
  /** Logo for dark backgrounds. */
  logoLight: string | null;
  /** Logo for light backgrounds. */
  logoDark: string | null;
  theme: WhiteLabelTheme;
  /** The language of a user who has not chosen one. */
  defaultLanguage: Locale | null;
  /** Hides every top-up entry and route. */
  topupHide: boolean;
  /** Hides the featured billboard (home, discover). */
  featuredBillboardHide: boolean;
  /** Limits contacts to the default verifier (ETH addresses). */
  ethTransferOnly: boolean;
  /** Shows the logo in the full-page loader instead of the spinner. */
  useLogoLoader: boolean;
};

/** Why a value was refused; the views show each with its own message. */
export const WHITE_LABEL_REFUSAL_REASONS = [
  'unknownField',
  'notObject',
  'notText',
  'tooLong',
  'notBoolean',
  'invalidColor',
  'invalidUrl',
  'unsupportedLanguage',
] as const;
export type WhiteLabelRefusalReason = (typeof WHITE_LABEL_REFUSAL_REASONS)[number];

/** One refused value: where it was (`theme.colors.primary`) and why. */
export type WhiteLabelRefusal = { field: string; reason: WhiteLabelRefusalReason };

export interface ParsedWhiteLabel {
  whiteLabel: WhiteLabel;
  refused: WhiteLabelRefusal[];
}

export function defaultWhiteLabel(): WhiteLabel {
  return {
    isActive: false,
    name: null,
    url: null,
    logoLight: null,
    logoDark: null,
    theme: { isDark: false, colors: {} },
    defaultLanguage: null,
    topupHide: false,
    featuredBillboardHide: false,
    ethTransferOnly: false,
    useLogoLoader: false,
  };
}

/** `#rgb` or `#rrggbb`: the only colour forms accepted, so a value can never carry other CSS. */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);
}

/** An absolute http(s) URL, or a path on the wallet's own origin (`/logo.svg`, not `//host`). */
export function isSafeAssetUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const BOOLEAN_FIELDS = [
  'topupHide',
  'featuredBillboardHide',
  'ethTransferOnly',
  'useLogoLoader',
] as const;
const URL_FIELDS = ['url', 'logoLight', 'logoDark'] as const;

/**
 * Checks a white-label object field by field. `undefined` and `null` mean "none given"; anything
 * else that is not an object is refused as a whole.
 */
export function parseWhiteLabel(raw: unknown): ParsedWhiteLabel {
  const whiteLabel = defaultWhiteLabel();
  const refused: WhiteLabelRefusal[] = [];
  if (raw === undefined || raw === null) return { whiteLabel, refused };
  if (!isRecord(raw))
    return { whiteLabel, refused: [{ field: 'whiteLabel', reason: 'notObject' }] };

  let accepted = 0;
  const refuse = (field: string, reason: WhiteLabelRefusalReason) => {
    refused.push({ field, reason });
  };
  for (const [field, value] of Object.entries(raw)) {
    if (value === undefined || value === null) continue;
    if (field === 'isActive') {
      // Derived from what was accepted; a host may still send it.
      if (typeof value !== 'boolean') refuse(field, 'notBoolean');
    } else if (field === 'name') {
      if (typeof value !== 'string' || !value.trim()) refuse(field, 'notText');
      else if (value.trim().length > WHITE_LABEL_NAME_MAX) refuse(field, 'tooLong');
      else {
        whiteLabel.name = value.trim();
        accepted++;
      }
    } else if ((URL_FIELDS as readonly string[]).includes(field)) {
      if (!isSafeAssetUrl(value)) refuse(field, 'invalidUrl');
      else {
        whiteLabel[field as (typeof URL_FIELDS)[number]] = value;
        accepted++;
      }
    } else if ((BOOLEAN_FIELDS as readonly string[]).includes(field)) {
      if (typeof value !== 'boolean') refuse(field, 'notBoolean');
      else {
        whiteLabel[field as (typeof BOOLEAN_FIELDS)[number]] = value;
        accepted++;
      }
    } else if (field === 'defaultLanguage') {
      if (typeof value !== 'string' || !isLocale(value)) refuse(field, 'unsupportedLanguage');
      else {
        whiteLabel.defaultLanguage = value;
        accepted++;
      }
    } else if (field === 'theme') {
      accepted += parseTheme(value, whiteLabel.theme, refuse);
    } else {
      refuse(field, 'unknownField');
    }
  }
  whiteLabel.isActive = accepted > 0;
  return { whiteLabel, refused };
}

function parseTheme(
  raw: unknown,
  theme: WhiteLabelTheme,
  refuse: (field: string, reason: WhiteLabelRefusalReason) => void,
): number {
  if (!isRecord(raw)) {
    refuse('theme', 'notObject');
    return 0;
  }
  let accepted = 0;
  for (const [field, value] of Object.entries(raw)) {
    if (value === undefined || value === null) continue;
    if (field === 'isDark') {
      if (typeof value !== 'boolean') refuse('theme.isDark', 'notBoolean');
      else {
        theme.isDark = value;
        accepted++;
      }
    } else if (field === 'colors') {
      if (!isRecord(value)) {
        refuse('theme.colors', 'notObject');
        continue;
      }
      for (const [name, colour] of Object.entries(value)) {
        const key =
          COLOR_ALIASES[name] ??
          ((WHITE_LABEL_COLORS as readonly string[]).includes(name)
            ? (name as WhiteLabelColor)
            : undefined);
        if (!key) refuse(`theme.colors.${name}`, 'unknownField');
        else if (!isHexColor(colour)) refuse(`theme.colors.${name}`, 'invalidColor');
        else {
          theme.colors[key] = colour.toLowerCase();
          accepted++;
        }
      }
    } else {
      refuse(`theme.${field}`, 'unknownField');
    }
  }
  return accepted;
}
