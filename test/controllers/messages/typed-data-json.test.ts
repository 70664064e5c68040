import {
  parseTypedDataJson,
  TYPED_DATA_MAX_DEPTH,
  TypedDataTooDeepError,
} from '../../../src/controllers/messages/typed-data-json';

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

  it('refuses nesting past the limit without overflowing, and throws as JSON.parse does', () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    expect(Object.isFrozen(parseTypedDataJson(nested(TYPED_DATA_MAX_DEPTH)))).toBe(true);
    expect(() => parseTypedDataJson(nested(TYPED_DATA_MAX_DEPTH + 1))).toThrow(
      TypedDataTooDeepError,
    );
    expect(() => parseTypedDataJson(nested(20_000))).toThrow(
      `Typed data may not be nested deeper than ${TYPED_DATA_MAX_DEPTH} levels.`,
    );
    expect(() => parseTypedDataJson('{not json')).toThrow(SyntaxError);
  });
});
