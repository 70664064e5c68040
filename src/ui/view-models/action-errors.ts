/**
 * What to tell the user when an action fails. The engine's refusals carry its own texts (spec
 * strings such as 'Incorrect Password Entered.'); the ones a screen expects are shown as our
 * translated message keys. Anything else is shown as the engine said it: a clear reason beats
 * a vague one.
 */
const KNOWN_FAILURES: readonly { startsWith: string; key: string }[] = [
  { startsWith: 'Incorrect Password Entered.', key: 'login.errors.incorrectPassword' },
  { startsWith: 'Cannot import an empty key.', key: 'accountMenu.errors.emptyKey' },
  { startsWith: 'Cannot import invalid private key.', key: 'accountMenu.errors.invalidKey' },
  { startsWith: 'Already added', key: 'accountMenu.errors.alreadyAdded' },
  { startsWith: 'Invalid seed phrase', key: 'accountMenu.errors.incorrectSeedPhrase' },
  {
    startsWith: 'Incorrect password for this keystore file.',
    key: 'accountMenu.errors.keystorePassword',
  },
  { startsWith: 'This is not a valid keystore file', key: 'accountMenu.errors.keystoreInvalid' },
  {
    startsWith: 'A password is required to import this keystore',
    key: 'accountMenu.errors.keystorePasswordRequired',
  },
];

export interface FailureMessage {
  /** A message key to translate, or null to show `text` as is. */
  key: string | null;
  text: string;
}

export function failureMessage(error: unknown): FailureMessage {
  const text =
    error &&
    typeof error === 'object' &&
    typeof (error as { message?: unknown }).message === 'string'
      ? (error as { message: string }).message
      : String(error);
  const known = KNOWN_FAILURES.find(({ startsWith }) => text.startsWith(startsWith));
  return { key: known?.key ?? null, text };
}
