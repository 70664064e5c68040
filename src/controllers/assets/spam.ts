/**
 * Likely-spam tokens: fake balances and look-alike tokens are common attacks (address poisoning,
 * "claim your airdrop" tokens). A token is likely spam when it is neither on the chain's known
 * list nor added by the user, and either
 * - its symbol or name imitates a known token of the chain or the chain's native coin, or
 * - it arrived unasked (the account never sent any) and has no value (no market price).
 * The user's own verdict wins over both rules (a token folded away is one action from the list).
 */
/** Why a token is folded away: a look-alike, unasked and worthless, or the user said so. */
export type SpamReason = 'imitation' | 'unsolicited' | 'user';

// Letters from other scripts that look like Latin ones, and digits or signs used as letters:
// LOOKALIKE_FROM[i] reads as LOOKALIKE_TO[i].
const LOOKALIKE_FROM = 'авекмнорстухіјѕԁԛԝɡıαβεζηικμνορτυχ01$';
const LOOKALIKE_TO = 'abekmhopctyxijsdqwgiabeznikmvoptuxols';

/**
 * A label as it looks: compatibility forms folded (fullwidth, mathematical letters), case and
 * look-alike letters folded, everything but letters and digits dropped (spaces, zero-width
 * characters, dots).
 */
export function visibleForm(label: string): string {
  let folded = '';
  for (const char of label.normalize('NFKC').toLowerCase()) {
    const at = LOOKALIKE_FROM.indexOf(char);
    folded += at === -1 ? char : LOOKALIKE_TO[at];
  }
  return folded.replace(/[^\p{L}\p{N}]/gu, '');
}

/** A label set to compare against: the known tokens' symbols and names, and the native ticker. */
export function knownLabels(
  known: Iterable<{ symbol: string; name: string; address: string }>,
  nativeTicker: string,
): Map<string, Set<string>> {
  const labels = new Map<string, Set<string>>();
  const add = (label: string, address: string) => {
    const form = visibleForm(label);
    if (form.length < 2) return;
    const owners = labels.get(form) ?? new Set<string>();
    owners.add(address.toLowerCase());
    labels.set(form, owners);
  };
  for (const token of known) {
    add(token.symbol, token.address);
    add(token.name, token.address);
  }
  add(nativeTicker, 'native');
  return labels;
}

/** Whether a token shows a known token's symbol or name while being another contract. */
export function imitatesKnown(
  token: { address: string; symbol: string; name: string },
  labels: ReadonlyMap<string, ReadonlySet<string>>,
): boolean {
  const address = token.address.toLowerCase();
  return [token.symbol, token.name].some((label) => {
    const owners = labels.get(visibleForm(label));
    return owners !== undefined && !owners.has(address);
  });
}

export interface SpamFacts {
  /** On the chain's known list, or added by the user (custom or watched). */
  trusted: boolean;
  imitation: boolean;
  /** The account sent some of it (it did not just arrive). */
  sent: boolean;
  /** A market price above zero is known. */
  hasValue: boolean;
  /** The user's verdict for this token, if any. */
  userVerdict?: boolean;
}

/** Why a token is likely spam, or undefined when it is not. */
export function spamReason(facts: SpamFacts): SpamReason | undefined {
  if (facts.userVerdict === false) return undefined;
  if (facts.userVerdict === true) return 'user';
  if (facts.trusted) return undefined;
  if (facts.imitation) return 'imitation';
  if (!facts.sent && !facts.hasValue) return 'unsolicited';
  return undefined;
}
