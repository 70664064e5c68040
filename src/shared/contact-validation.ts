// Contact identifier rules by login type (spec part 1 §5) and the ETH-transfer-only filter.
// Pure: the UI shows the returned message key; the preferences controller refuses the same input.
import { isValidAddress, isValidChecksumAddress } from '@ethereumjs/util';

/** The kinds of contact address (spec part 1 §3); stored as the contact's `contact_verifier`. */
export const CONTACT_VERIFIERS = [
  'eth',
  'ens',
  'unstoppable',
  'bit',
  'google',
  'twitter',
  'reddit',
  'github',
  'discord',
  'facebook',
  'twitch',
  'bitcoin',
] as const;
export type ContactVerifier = (typeof CONTACT_VERIFIERS)[number];

/** The verifier ETH-transfer-only mode keeps (plain Ethereum addresses). */
export const DEFAULT_CONTACT_VERIFIER: ContactVerifier = 'eth';

/** Chains whose addresses carry an EIP-1191 (chain-id) checksum: RSK mainnet and testnet. */
export const RSK_CHAIN_IDS = [30, 31] as const;

/** Message keys (spec part 1 §5). The last four name rules the spec lists without a key. */
export const CONTACT_ERROR_KEYS = {
  eth: 'walletSettings.invalidEth',
  email: 'walletSettings.invalidEmail',
  reddit: 'walletSettings.invalidReddit',
  discord: 'walletSettings.invalidDiscord',
  twitter: 'walletSettings.invalidTwitter',
  github: 'walletSettings.invalidGithub',
  ens: 'walletSettings.invalidEns',
  unstoppable: 'walletSettings.invalidUnstoppable',
  bit: 'walletSettings.invalidBit',
  duplicate: 'walletSettings.duplicateContact',
  required: 'walletSettings.required',
  unknownVerifier: 'walletSettings.invalidContactType',
} as const;
export type ContactErrorKey = (typeof CONTACT_ERROR_KEYS)[keyof typeof CONTACT_ERROR_KEYS];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
const REDDIT = /^[\w-]{3,20}$/u;
const DISCORD = /^\d{18}$/u;
const TWITTER = /^@\w{1,15}$/u;
// 1 to 39 word characters or dashes; no leading or trailing dash and no double dash.
const GITHUB = /^(?!-)(?!.*--)[\w-]{1,39}(?<!-)$/u;
const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
const ENS = new RegExp(`^(?:${LABEL}\\.)+eth$`, 'iu');
const UNSTOPPABLE_TLDS = [
  'crypto',
  'nft',
  'x',
  'wallet',
  'bitcoin',
  'dao',
  '888',
  'zil',
  'blockchain',
  'coin',
];
const UNSTOPPABLE = new RegExp(`^(?:${LABEL}\\.)+(?:${UNSTOPPABLE_TLDS.join('|')})$`, 'iu');
const BIT = new RegExp(`^(?:${LABEL}\\.)+bit$`, 'iu');

/** An Ethereum address: EIP-1191 checksum on RSK chains (30, 31), plain format elsewhere. */
export function isValidEthContactAddress(address: string, chainId?: number): boolean {
  if (!isValidAddress(address)) return false;
  if (chainId !== undefined && (RSK_CHAIN_IDS as readonly number[]).includes(chainId))
    return isValidChecksumAddress(address, chainId);
  return true;
}

function identifierError(
  verifier: ContactVerifier,
  id: string,
  chainId?: number,
): ContactErrorKey | null {
  switch (verifier) {
    case 'eth':
      return isValidEthContactAddress(id, chainId) ? null : CONTACT_ERROR_KEYS.eth;
    case 'google':
      return EMAIL.test(id) ? null : CONTACT_ERROR_KEYS.email;
    case 'reddit':
      return REDDIT.test(id) ? null : CONTACT_ERROR_KEYS.reddit;
    case 'discord':
      return DISCORD.test(id) ? null : CONTACT_ERROR_KEYS.discord;
    case 'twitter':
      return TWITTER.test(id) ? null : CONTACT_ERROR_KEYS.twitter;
    case 'github':
      return GITHUB.test(id) ? null : CONTACT_ERROR_KEYS.github;
    case 'ens':
      return ENS.test(id) ? null : CONTACT_ERROR_KEYS.ens;
    case 'unstoppable':
      return UNSTOPPABLE.test(id) ? null : CONTACT_ERROR_KEYS.unstoppable;
    case 'bit':
      return BIT.test(id) ? null : CONTACT_ERROR_KEYS.bit;
    default:
      // facebook, twitch, bitcoin: the spec gives no rule beyond being present.
      return null;
  }
}

export interface ContactCandidate {
  contact_verifier: string;
  contact_verifier_id: string;
}

/** Same kind and same identifier; Ethereum addresses and names compare case-insensitively. */
function sameContact(a: ContactCandidate, b: ContactCandidate): boolean {
  if (a.contact_verifier !== b.contact_verifier) return false;
  const caseInsensitive = ['eth', 'ens', 'unstoppable', 'bit', 'google'].includes(
    a.contact_verifier,
  );
  return caseInsensitive
    ? a.contact_verifier_id.toLowerCase() === b.contact_verifier_id.toLowerCase()
    : a.contact_verifier_id === b.contact_verifier_id;
}

/**
 * The message key of the first rule the contact breaks, or null when it is valid.
 * `chainId` is the selected network's (decimal); it decides the RSK checksum rule.
 */
export function validateContact(
  contact: ContactCandidate,
  existing: readonly ContactCandidate[],
  chainId?: number,
): ContactErrorKey | null {
  const id = contact.contact_verifier_id.trim();
  if (!id) return CONTACT_ERROR_KEYS.required;
  if (!(CONTACT_VERIFIERS as readonly string[]).includes(contact.contact_verifier))
    return CONTACT_ERROR_KEYS.unknownVerifier;
  const error = identifierError(contact.contact_verifier as ContactVerifier, id, chainId);
  if (error) return error;
  if (existing.some((other) => sameContact({ ...contact, contact_verifier_id: id }, other)))
    return CONTACT_ERROR_KEYS.duplicate;
  return null;
}

/** Contacts the transfer screen offers: only the default verifier's when ETH-transfer-only. */
export function filterContacts<T extends { contact_verifier: string }>(
  contacts: readonly T[],
  {
    ethTransferOnly,
    defaultVerifier = DEFAULT_CONTACT_VERIFIER,
  }: {
    ethTransferOnly: boolean;
    defaultVerifier?: string;
  },
): T[] {
  return ethTransferOnly
    ? contacts.filter((contact) => contact.contact_verifier === defaultVerifier)
    : [...contacts];
}
