import { parseTypedDataJson } from '../../../src/controllers/messages/typed-data-json';

describe('parseTypedDataJson: one parse of typed data shared by its readers', () => {
  it('gives the same frozen value for the same text, a new one for other text', () => {
    const json = JSON.stringify({ domain: { chainId: 1 }, message: { a: [{ b: 'c' }] } });
    const first = parseTypedDataJson(json) as { message: { a: { b: string }[] } };
    expect(parseTypedDataJson(`${json}`)).toBe(first);
    expect(Object.isFrozen(first.message.a[0])).toBe(true);
    expect(() => {
      'use strict';
      first.message.a[0]!.b = 'changed';
    }).toThrow(TypeError);
    expect(parseTypedDataJson('{"other":true}')).toEqual({ other: true });
    expect(parseTypedDataJson(json)).not.toBe(first);
    expect(parseTypedDataJson(json)).toEqual(first);
  });

  it('freezes nesting deeper than the call stack and throws as JSON.parse does', () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    expect(Object.isFrozen(parseTypedDataJson(deep))).toBe(true);
    expect(() => parseTypedDataJson('{not json')).toThrow(SyntaxError);
  });
});
