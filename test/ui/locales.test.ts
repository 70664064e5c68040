/**
 * Every string in every language: each namespace file exists in all six, with exactly the
 * English keys, the same placeholders, and a real translation (not the English text). Every key
 * the views use exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { PERMISSION_PERIOD_IDS } from '../../src/controllers/permissions/permission-periods';
import { CONTACT_ERROR_KEYS, CONTACT_VERIFIERS } from '../../src/shared/contact-validation';
import { LOCALES } from '../../src/shared/preferences';
import { WHITE_LABEL_REFUSAL_REASONS } from '../../src/shared/white-label';
import { loadLocale } from '../../src/ui/i18n/load-locale';
import { NAMESPACES } from '../../src/ui/i18n/namespaces';
import { CONNECT_PERIODS } from '../../src/ui/view-models/approvals';
import { TRANSACTION_TITLES } from '../../src/ui/view-models/transaction-approval';
import { FEE_SPEEDS } from '../../src/ui/features/fees/fee-model';
import { PASSWORD_RULES } from '../../src/ui/view-models/password';

const ROOT = path.resolve(__dirname, '../..');
const LOCALES_DIR = path.join(ROOT, 'locales');

/**
 * Values that may read the same as in English, with why: symbols, placeholders-only texts and
 * words other languages borrow unchanged.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  // "Status" is the German and English word alike.
  'walletHome.status.networkStatus': ['de'],
  // Spanish borrows "Tokens" unchanged.
  'walletHome.tokens': ['es'],
  // "Standard" is the German word too.
  'homeAssets.standard': ['de'],
};

function flatten(value: unknown, prefix = ''): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') keys[at] = child;
    else Object.assign(keys, flatten(child, at));
  }
  return keys;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('are one file per namespace in each language, and nothing else', () => {
    for (const language of LOCALES) {
      const files = readdirSync(path.join(LOCALES_DIR, language)).sort();
      expect([language, files]).toEqual([language, NAMESPACES.map((ns) => `${ns}.json`).sort()]);
    }
  });

  it('give every language exactly the English keys, the same placeholders, and real translations', async () => {
    const english = flatten(await loadLocale('en'));
    expect(Object.keys(english).length).toBeGreaterThan(150);
    const problems: string[] = [];
    for (const language of LOCALES.filter((code) => code !== 'en')) {
      const other = flatten(await loadLocale(language));
      for (const key of Object.keys(english)) {
        if (!(key in other)) problems.push(`${language}: missing ${key}`);
      }
      for (const key of Object.keys(other)) {
        if (!(key in english)) problems.push(`${language}: extra ${key}`);
      }
      for (const [key, text] of Object.entries(english)) {
        const translated = other[key];
        if (translated === undefined) continue;
        if (!translated.trim()) problems.push(`${language}: empty ${key}`);
        if (translated === text && !SAME_AS_ENGLISH[key]?.includes(language))
          problems.push(`${language}: ${key} is the English text "${text}"`);
        if (placeholders(translated).join() !== placeholders(text).join())
          problems.push(`${language}: ${key} has placeholders ${placeholders(translated).join()}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('have every key the views name, literal or built from a known list', async () => {
    const english = flatten(await loadLocale('en'));
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name)) sources.push(readFileSync(full, 'utf8'));
      }
    };
    walk(path.join(ROOT, 'src/ui'));
    const namespaces = NAMESPACES.join('|');
    const literal = new RegExp(`['"\`]((?:${namespaces})\\.[A-Za-z0-9_.]+)['"\`]`, 'g');
    const used = new Set(
      sources
        .flatMap((source) => [...source.matchAll(literal)].map((m) => m[1]!))
        .filter((key) => !key.endsWith('.json')), // file names in comments
    );
    // Keys the views build at run time, from their lists.
    for (const rule of PASSWORD_RULES) used.add(`login.rules.${rule.key}`);
    for (const status of ['loading', 'available']) {
      used.add(`network.status.${status}`);
      used.add(`walletHome.status.${status}`);
    }
    for (const theme of ['light', 'dark']) used.add(`walletSettings.${theme}`);
    for (const section of ['display', 'networks', 'contacts', 'permissions', 'crashReports'])
      used.add(`walletSettings.sections.${section}`);
    for (const reason of WHITE_LABEL_REFUSAL_REASONS) used.add(`whiteLabel.reason.${reason}`);
    for (const kind of CONTACT_VERIFIERS) used.add(`walletSettings.kinds.${kind}`);
    for (const key of Object.values(CONTACT_ERROR_KEYS)) used.add(key);
    for (const type of ['normal', 'threshold', 'app_scoped', 'imported'])
      used.add(`accountMenu.types.${type}`);
    for (const period of PERMISSION_PERIOD_IDS) used.add(`walletSettings.periods.${period}`);
    for (const period of CONNECT_PERIODS) used.add(`confirm.connect.periods.${period}`);
    for (const title of TRANSACTION_TITLES) used.add(`confirm.tx.titles.${title}`);
    for (const speed of FEE_SPEEDS) used.add(`fees.speeds.${speed}`);
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((key) => !(key in english)).sort()).toEqual([]);
  });

  it('refuse a language outside the supported six', async () => {
    await expect(loadLocale('fr')).rejects.toThrow('Unsupported locale: fr');
    await expect(loadLocale('../package')).rejects.toThrow('Unsupported locale');
  });
});
