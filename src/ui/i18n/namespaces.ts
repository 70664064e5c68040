/**
 * The translation files of each language: `locales/<lang>/<namespace>.json`, one per area of
 * the app, so screens built in parallel never edit the same file. Each file's keys live under
 * its namespace (`login.json`'s "title" is the key `login.title`); at load the files of a
 * language are merged into one resource. Add a namespace here and a file per language;
 * test/ui/locales.test.ts checks they match.
 */
export const NAMESPACES = [
  'accountMenu',
  'app',
  'confirm',
  'confirmWindow',
  'embed',
  'embedLogin',
  'fees',
  'homeAssets',
  'homeMore',
  'login',
  'loginSession',
  'navBar',
  'preopen',
  'network',
  'socialLogin',
  'thresholdKey',
  'toast',
  'walletActivity',
  'walletHome',
  'walletPrivacy',
  'walletSettings',
  'transferExtras',
  'transferFees',
  'walletTransfer',
  'whiteLabel',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
