import {
  CONTACT_ERROR_KEYS as KEYS,
  filterContacts,
  isValidEthContactAddress,
  validateContact,
} from '../../../src/controllers/preferences/contact-validation';

// EIP-1191's published test vectors: the same addresses checksummed for chain 30 and chain 31.
const EIP1191_RSK_MAINNET = [
  '0x5aaEB6053f3e94c9b9a09f33669435E7ef1bEAeD',
  '0xFb6916095cA1Df60bb79ce92cE3EA74c37c5d359',
  '0xDBF03B407c01E7CD3cBea99509D93F8Dddc8C6FB',
  '0xD1220A0Cf47c7B9BE7a2e6ba89F429762E7B9adB',
];
const EIP1191_RSK_TESTNET = [
  '0x5aAeb6053F3e94c9b9A09F33669435E7EF1BEaEd',
  '0xFb6916095CA1dF60bb79CE92ce3Ea74C37c5D359',
  '0xdbF03B407C01E7cd3cbEa99509D93f8dDDc8C6fB',
  '0xd1220a0CF47c7B9Be7A2E6Ba89f429762E7b9adB',
];
// EIP-55 checksum of the first vector (what mainnet wallets show).
const EIP55 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('Ethereum contact addresses', () => {
  it.each(EIP1191_RSK_MAINNET)('%s is valid on RSK mainnet (30), not on testnet (31)', (a) => {
    expect(isValidEthContactAddress(a, 30)).toBe(true);
    expect(isValidEthContactAddress(a, 31)).toBe(false);
  });
  it.each(EIP1191_RSK_TESTNET)('%s is valid on RSK testnet (31), not on mainnet (30)', (a) => {
    expect(isValidEthContactAddress(a, 31)).toBe(true);
    expect(isValidEthContactAddress(a, 30)).toBe(false);
  });
  it('RSK rejects lowercase and EIP-55 forms; other chains take any valid address', () => {
    expect(isValidEthContactAddress(EIP55.toLowerCase(), 30)).toBe(false);
    expect(isValidEthContactAddress(EIP55, 30)).toBe(false);
    expect(isValidEthContactAddress(EIP55.toLowerCase(), 1)).toBe(true);
    expect(isValidEthContactAddress(EIP1191_RSK_MAINNET[0]!, 1)).toBe(true);
    expect(isValidEthContactAddress(EIP55, undefined)).toBe(true);
    expect(isValidEthContactAddress('0x123', 1)).toBe(false);
    expect(isValidEthContactAddress(`${EIP55}00`, 1)).toBe(false);
  });
});

const c = (contact_verifier: string, contact_verifier_id: string) => ({
  contact_verifier,
  contact_verifier_id,
});

describe('validateContact by login type', () => {
  it.each([
    ['eth', EIP55, 1, null],
    ['eth', '0xnotanaddress', 1, KEYS.eth],
    ['eth', EIP55, 30, KEYS.eth],
    ['eth', EIP1191_RSK_MAINNET[1]!, 30, null],
    ['eth', EIP1191_RSK_TESTNET[1]!, 31, null],
    ['google', 'alice@example.com', 1, null],
    ['google', 'alice@example', 1, KEYS.email],
    ['google', 'alice example@x.com', 1, KEYS.email],
    ['reddit', 'ab', 1, KEYS.reddit],
    ['reddit', 'abc', 1, null],
    ['reddit', 'a-b_c1', 1, null],
    ['reddit', 'a'.repeat(20), 1, null],
    ['reddit', 'a'.repeat(21), 1, KEYS.reddit],
    ['reddit', 'has space', 1, KEYS.reddit],
    ['discord', '123456789012345678', 1, null],
    ['discord', '12345678901234567', 1, KEYS.discord],
    ['discord', '1234567890123456789', 1, KEYS.discord],
    ['discord', '12345678901234567a', 1, KEYS.discord],
    ['twitter', '@jack', 1, null],
    ['twitter', `@${'a'.repeat(15)}`, 1, null],
    ['twitter', `@${'a'.repeat(16)}`, 1, KEYS.twitter],
    ['twitter', 'jack', 1, KEYS.twitter],
    ['twitter', '@', 1, KEYS.twitter],
    ['github', 'octo-cat', 1, null],
    ['github', 'a'.repeat(39), 1, null],
    ['github', 'a'.repeat(40), 1, KEYS.github],
    ['github', '-octo', 1, KEYS.github],
    ['github', 'octo-', 1, KEYS.github],
    ['github', 'oc--to', 1, KEYS.github],
    ['github', 'oc to', 1, KEYS.github],
    ['ens', 'vitalik.eth', 1, null],
    ['ens', 'pay.vitalik.eth', 1, null],
    ['ens', 'vitalik.com', 1, KEYS.ens],
    ['ens', '.eth', 1, KEYS.ens],
    ['unstoppable', 'brad.crypto', 1, null],
    ['unstoppable', 'brad.eth', 1, KEYS.unstoppable],
    ['bit', 'alice.bit', 1, null],
    ['bit', 'alice.eth', 1, KEYS.bit],
    ['twitch', 'anyone', 1, null],
    ['google', '   ', 1, KEYS.required],
    ['myspace', 'tom', 1, KEYS.unknownVerifier],
  ] as const)('%s %s on chain %i → %s', (verifier, id, chainId, expected) => {
    expect(validateContact(c(verifier, id), [], chainId)).toBe(expected);
  });

  it('refuses a duplicate of the same kind; addresses compare without case', () => {
    const existing = [c('eth', EIP55.toLowerCase()), c('twitter', '@jack')];
    expect(validateContact(c('eth', EIP55), existing, 1)).toBe(KEYS.duplicate);
    expect(validateContact(c('twitter', '@jack'), existing, 1)).toBe(KEYS.duplicate);
    expect(validateContact(c('twitter', '@Jack'), existing, 1)).toBeNull();
    expect(validateContact(c('reddit', 'jack'), [c('github', 'jack')], 1)).toBeNull();
  });
});

describe('filterContacts', () => {
  const contacts = [c('eth', EIP55), c('google', 'a@b.co'), c('eth', EIP1191_RSK_MAINNET[0]!)];
  it('keeps only the default verifier when ETH-transfer-only is set', () => {
    expect(filterContacts(contacts, { ethTransferOnly: true })).toEqual([contacts[0], contacts[2]]);
    expect(filterContacts(contacts, { ethTransferOnly: true, defaultVerifier: 'google' })).toEqual([
      contacts[1],
    ]);
    expect(filterContacts(contacts, { ethTransferOnly: false })).toEqual(contacts);
  });
});
