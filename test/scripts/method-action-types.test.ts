// Controllers type their messenger actions from their methods (issue #9): lint refuses an action
// type written out by hand with its own `handler` signature (eslint.config.mjs,
// methodActionTypes). Linted in a plain Node process, as ESLint's ESM config needs.
import { execFileSync } from 'node:child_process';

const LINT = `
const { ESLint } = require('eslint');
(async () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const probes = JSON.parse(require('fs').readFileSync(0, 'utf8'));
  const counts = [];
  for (const { file, code } of probes) {
    const [result] = await eslint.lintText(code, { filePath: file });
    counts.push(result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length);
  }
  process.stdout.write(JSON.stringify(counts));
})();
`;

const HAND_WRITTEN = `
export class ProbeController {
  scan(account: string): Promise<number> {
    return Promise.resolve(account.length);
  }
}
export type ProbeControllerScanAction = {
  type: 'ProbeController:scan';
  handler: (account: string) => Promise<number>;
};
`;

const FROM_METHODS = `
import type { MethodActions } from '../messenger/method-actions';
export class ProbeController {
  scan(account: string): Promise<number> {
    return Promise.resolve(account.length);
  }
}
export type ProbeControllerScanAction = MethodActions<'ProbeController', ProbeController, 'scan'>;
`;

describe('messenger action types (lint)', () => {
  it('refuses a hand-written action handler type in a controller, and only there', () => {
    const probes = [
      { file: 'src/controllers/probe/ProbeController.ts', code: HAND_WRITTEN },
      { file: 'src/controllers/probe/ProbeController.ts', code: FROM_METHODS },
      { file: 'src/controllers/messenger/method-actions.ts', code: HAND_WRITTEN },
    ];
    const output = execFileSync(process.execPath, ['-e', LINT], {
      input: JSON.stringify(probes),
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual([1, 0, 0]);
  });
});
