// The layers of docs/architecture.md are enforced by lint (eslint.config.mjs): these cases lint
// one import at a time as if it were written in a file of each layer, and expect exactly the
// forbidden ones to fail.
import { execFileSync } from 'node:child_process';

// Static imports and re-exports are no-restricted-imports' part; import() expressions are
// no-restricted-syntax's (eslint.config.mjs).
const RULES = ['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax'];

// ESLint loads its ESM config with a dynamic import, which jest's module sandbox refuses: lint
// in a plain Node process. It prints, per probe, how many restricted-import errors it found.
const LINT_PROBES = `
const { ESLint } = require('eslint');
const RULES = ${JSON.stringify(RULES)};
(async () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const probes = JSON.parse(require('fs').readFileSync(0, 'utf8'));
  const counts = [];
  for (const { file, code } of probes) {
    const [result] = await eslint.lintText(code + '\\nexport const used = [value];\\n', { filePath: file });
    counts.push(result.messages.filter((m) => RULES.includes(m.ruleId)).length);
  }
  process.stdout.write(JSON.stringify(counts));
})();
`;

function lintProbes(probes: { file: string; code: string }[]): number[] {
  const output = execFileSync(process.execPath, ['-e', LINT_PROBES], {
    input: JSON.stringify(probes),
    encoding: 'utf8',
  });
  return JSON.parse(output) as number[];
}

const cases: [layer: string, file: string, code: string, allowed: boolean][] = [
  [
    'ui',
    'src/ui/pages/Probe.tsx',
    "import { value } from '../../background/contract/action-api';",
    true,
  ],
  ['ui', 'src/ui/pages/Probe.tsx', "import { value } from '../../shared/networks';", true],
  [
    'ui',
    'src/ui/pages/Probe.tsx',
    "import { value } from '../../controllers/network/NetworkController';",
    false,
  ],
  [
    'ui',
    'src/ui/pages/Probe.tsx',
    "import { value } from '../../background/engine/create-engine';",
    false,
  ],
  ['ui', 'src/ui/pages/Probe.tsx', "import { value } from '../../background';", false],
  ['ui', 'src/ui/pages/Probe.tsx', "import { value } from '../../server/app';", false],
  ['embed', 'src/embed/probe.ts', "import { value } from '../background/contract/protocol';", true],
  ['embed', 'src/embed/probe.ts', "import { value } from '../ui/app-context';", false],
  [
    'embed',
    'src/embed/probe.ts',
    "import { value } from '../controllers/keyring/KeyringController';",
    false,
  ],
  ['controllers', 'src/controllers/x/probe.ts', "import { value } from '../../shared/api';", true],
  [
    'controllers',
    'src/controllers/x/probe.ts',
    "import { value } from '../network/NetworkController';",
    true,
  ],
  [
    'controllers',
    'src/controllers/x/probe.ts',
    "import { value } from '../../background/engine/root-messenger';",
    false,
  ],
  [
    'controllers',
    'src/controllers/x/probe.ts',
    "import { value } from '../../ui/app-context';",
    false,
  ],
  [
    'shared',
    'src/shared/probe.ts',
    "import { value } from '../controllers/network/NetworkController';",
    false,
  ],
  ['server', 'src/server/probe.ts', "import { value } from '../shared/api';", true],
  [
    'server',
    'src/server/probe.ts',
    "import { value } from '../controllers/backend/api-client';",
    false,
  ],
  [
    'contract',
    'src/background/contract/probe.ts',
    "import type { value } from '../../controllers/network/NetworkController';",
    true,
  ],
  [
    'contract',
    'src/background/contract/probe.ts',
    "import { value } from '../../controllers/network/NetworkController';",
    false,
  ],
  [
    'contract',
    'src/background/contract/probe.ts',
    "import { value } from '../engine/create-engine';",
    false,
  ],
  [
    'engine',
    'src/background/engine/probe.ts',
    "import { value } from '../../controllers/network/NetworkController';",
    true,
  ],
  [
    'engine',
    'src/background/engine/probe.ts',
    "import { value } from '../../ui/app-context';",
    false,
  ],
  ['engine', 'src/background/probe.ts', "import { value } from '../embed/provider-wire';", false],
  ['engine', 'src/background/rpc/probe.ts', "import { value } from '../../server/app';", false],
  // import() expressions keep the same boundaries.
  [
    'ui',
    'src/ui/pages/Probe.tsx',
    "const value = await import('../../controllers/network/NetworkController');",
    false,
  ],
  [
    'ui',
    'src/ui/pages/Probe.tsx',
    "const value = await import('../../background/engine/create-engine');",
    false,
  ],
  [
    'ui',
    'src/ui/pages/Probe.tsx',
    "const value = await import('../../background/contract/action-api');",
    true,
  ],
  ['ui', 'src/ui/pages/Probe.tsx', "const value = await import('./Other');", true],
  [
    'controllers',
    'src/controllers/x/probe.ts',
    "const value = await import('../../background/engine/root-messenger');",
    false,
  ],
  [
    'controllers',
    'src/controllers/x/probe.ts',
    "const value = await import('../network/NetworkController');",
    true,
  ],
  [
    'contract',
    'src/background/contract/probe.ts',
    "const value = await import('../engine/create-engine');",
    false,
  ],
  ['embed', 'src/embed/probe.ts', "const value = await import('../ui/app-context');", false],
  ['shared', 'src/shared/probe.ts', "const value = await import('../ui/app-context');", false],
  [
    'server',
    'src/server/probe.ts',
    "const value = await import('../controllers/backend/api-client');",
    false,
  ],
  // One Hex type: src/shared/primitives.ts's, never a library's own, in any layer.
  ['ui', 'src/ui/pages/Probe.tsx', "import type { Hex as value } from 'viem';", false],
  [
    'controllers',
    'src/controllers/x/probe.ts',
    "import type { Hex as value } from '@metamask/utils';",
    false,
  ],
  [
    'controllers',
    'src/controllers/x/probe.ts',
    "import { encodeFunctionData as value, type Hex } from 'viem';",
    false,
  ],
  [
    'controllers',
    'src/controllers/x/probe.ts',
    "import type { Hex as value } from '../../shared/primitives';",
    true,
  ],
  [
    'controllers',
    'src/controllers/x/probe.ts',
    "import { encodeFunctionData as value } from 'viem';",
    true,
  ],
  ['engine', 'src/background/engine/probe.ts', "import type { Hex as value } from 'viem';", false],
  [
    'contract',
    'src/background/contract/probe.ts',
    "import type { Hex as value } from 'viem';",
    false,
  ],
  ['server', 'src/server/probe.ts', "import type { Hex as value } from 'viem';", false],
  ['embed', 'src/embed/probe.ts', "import type { Hex as value } from '@metamask/utils';", false],
  ['shared', 'src/shared/probe.ts', "import type { Hex as value } from '@metamask/utils';", false],
  [
    'shared',
    'src/shared/primitives.ts',
    "export type { Hex as value } from '@metamask/utils';",
    true,
  ],
];

describe('import boundaries (lint)', () => {
  it('refuses exactly the imports that cross a layer the wrong way', () => {
    const counts = lintProbes(cases.map(([, file, code]) => ({ file, code })));
    const outcome = cases.map(([layer, , code], index) => [layer, code, counts[index] === 0]);
    expect(outcome).toEqual(cases.map(([layer, , code, allowed]) => [layer, code, allowed]));
  });

  it('the whole source tree keeps them', () => {
    const output = execFileSync(
      process.execPath,
      ['node_modules/eslint/bin/eslint.js', 'src', '--format', 'json'],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const results = JSON.parse(output) as {
      filePath: string;
      messages: { ruleId: string | null }[];
    }[];
    const broken = results.flatMap((result) =>
      result.messages
        .filter((message) => RULES.includes(message.ruleId ?? ''))
        .map(() => result.filePath),
    );
    expect(broken).toEqual([]);
  });
});
