/** @jest-environment jsdom */
import { carryEngineMode, chooseEngineMode } from '../../src/ui/bridge/connect-engine';

describe('the engine mode of a page and of the windows it opens', () => {
  it('uses the SharedWorker where there is one, unless the page is forced to the fallback', () => {
    expect(chooseEngineMode('', true)).toBe('shared');
    expect(chooseEngineMode('', false)).toBe('dedicated');
    expect(chooseEngineMode('?engine=dedicated', true)).toBe('dedicated');
    expect(chooseEngineMode('?engine=shared', false)).toBe('dedicated');
  });

  it('carries a forced mode to an opened window, so it joins the same engine lineage', () => {
    const confirm = 'https://wallet.test/v5.0.2/confirm?id=1&origin=https%3A%2F%2Fdapp.test';
    expect(new URL(carryEngineMode(confirm, '?engine=dedicated')).searchParams.get('engine')).toBe(
      'dedicated',
    );
    expect(new URL(carryEngineMode(confirm, '?x=1&engine=shared')).searchParams.get('id')).toBe(
      '1',
    );
    expect(carryEngineMode(confirm, '?engine=shared')).toContain('engine=shared');
  });

  it('adds nothing when the page chose its mode itself, or was given an unknown one', () => {
    const confirm = 'https://wallet.test/confirm?id=1';
    expect(carryEngineMode(confirm, '')).toBe(confirm);
    expect(carryEngineMode(confirm, '?engine=%3Cscript%3E')).toBe(confirm);
  });
});
