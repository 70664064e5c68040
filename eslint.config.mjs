// Lint rules: typescript-eslint's recommended set on all TypeScript sources, and the import
// boundaries that keep the architecture's layers (docs/architecture.md, "Rules that keep it
// this shape"): views and the embed SDK reach the engine only through its contract; controllers
// and the shared bottom layer never import the layers above them.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** A relative import that reaches into one of the top-level folders under src/. */
const into = (...folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;
/** A relative import into src/background, other than its contract folder. */
const BACKGROUND_BUT_CONTRACT = '^(\\.\\./)+background(/(?!contract(/|$)).*)?$';
/** Inside src/background: an import of an engine folder (from the contract, one level up). */
const ENGINE_FOLDERS = '^\\.\\./(engine|rpc|sync|actions|persistence)(/|$)|^\\.\\./[a-z-]+$';

/** The one `Hex` type is src/shared/primitives.ts's: no second definition from a library. */
const ONE_HEX = ['viem', '@metamask/utils'].map((name) => ({
  name,
  importNames: ['Hex'],
  message: 'Import the one Hex type from src/shared/primitives.',
}));
/** The file that defines it, the one place allowed to import a library's Hex. */
const HEX_HOME = 'src/shared/primitives.ts';

/**
 * The same boundaries for `import()` expressions, which no-restricted-imports does not see.
 * (esquery reads a selector's regular expression up to the next '/', so slashes are written
 * as \x2F.)
 */
const dynamicImports = (message, regexes) =>
  regexes.map((regex) => ({
    selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
    message,
  }));

const restrict = (message, regexes, allowTypeImports = false, paths = ONE_HEX) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { paths, patterns: regexes.map((regex) => ({ regex, message, allowTypeImports })) },
  ],
  'no-restricted-syntax': ['error', ...dynamicImports(message, regexes)],
});

const SHARED_MESSAGE =
  'src/shared is the bottom layer: it imports npm packages and src/shared only.';
const SHARED_FORBIDDEN = [into('controllers', 'background', 'ui', 'embed', 'server')];

const CONTROLLERS_MESSAGE =
  'Controllers import only other controllers and src/shared: the engine, views, embed and server sit above them.';
const CONTROLLERS_FORBIDDEN = [into('background', 'ui', 'embed', 'server')];

export const importBoundaries = [
  // Every file of src/ (the layers below narrow it further, each repeating the Hex rule, since
  // a later entry's options replace an earlier one's).
  { files: ['src/**'], ignores: [HEX_HOME], rules: restrict('', []) },
  {
    files: ['src/ui/**'],
    rules: restrict('Views reach the engine only through src/background/contract and src/shared.', [
      into('controllers', 'server'),
      BACKGROUND_BUT_CONTRACT,
    ]),
  },
  {
    files: ['src/embed/**'],
    rules: restrict(
      'The embed SDK runs in dapp pages: it imports the contract and src/shared, never the views or the engine.',
      [into('controllers', 'server', 'ui'), BACKGROUND_BUT_CONTRACT],
    ),
  },
  { files: ['src/controllers/**'], rules: restrict(CONTROLLERS_MESSAGE, CONTROLLERS_FORBIDDEN) },
  {
    files: ['src/shared/**'],
    ignores: [HEX_HOME],
    rules: restrict(SHARED_MESSAGE, SHARED_FORBIDDEN),
  },
  { files: [HEX_HOME], rules: restrict(SHARED_MESSAGE, SHARED_FORBIDDEN, false, []) },
  {
    files: ['src/server/**'],
    rules: restrict('The backend shares only src/shared (the API contract) with the wallet.', [
      into('controllers', 'background', 'ui', 'embed'),
    ]),
  },
  {
    // The composition root sits below the views, the embed SDK and the backend.
    files: ['src/background/**'],
    rules: restrict('The engine never imports the views, the embed SDK or the server.', [
      into('ui', 'embed', 'server'),
    ]),
  },
  {
    // The contract names controller state and parameter types, but carries no engine code.
    // (After the background's entry: its options replace that one's for the contract.)
    files: ['src/background/contract/**'],
    rules: restrict(
      'The contract may name engine types (import type) but imports no engine code.',
      [into('controllers', 'ui', 'embed', 'server'), ENGINE_FOLDERS],
      true,
    ),
  },
];

/**
 * A controller's messenger actions are typed from its methods (`MethodActions`), never written
 * out as `{ type, handler }` by hand, so a handler cannot drift from the method it calls.
 */
export const methodActionTypes = {
  files: ['src/controllers/**'],
  ignores: ['src/controllers/messenger/method-actions.ts'],
  rules: {
    // Repeats the controllers' dynamic-import boundary: this entry's options replace it.
    'no-restricted-syntax': [
      'error',
      ...dynamicImports(CONTROLLERS_MESSAGE, CONTROLLERS_FORBIDDEN),
      {
        selector: "TSPropertySignature[key.name='handler']",
        message:
          'Type messenger actions from the methods: MethodActions (controllers/messenger/method-actions.ts).',
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.data/', '.cache/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  ...importBoundaries,
  methodActionTypes,
  {
    // Command-line scripts and benchmarks report to the console by design.
    files: ['scripts/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
);
