// ENS names are normalised per ENSIP-15 before hashing: the examples the standard itself gives
// (docs.ens.domains/ensip/15, sections Normalize, Tokenize and Validate).
import { normalizeName } from '../../src/server/lookup/ens';

const cp = (...points: number[]) => String.fromCodePoint(...points);

describe('normalizeName (ENSIP-15 examples)', () => {
  it.each([
    ['"_$A" → "_$a" (ASCII)', cp(0x5f, 0x24, 0x41), cp(0x5f, 0x24, 0x61)],
    ['"E︎̃" → "ẽ" (Latin, NFC)', cp(0x45, 0xfe0e, 0x303), cp(0x1ebd)],
    ['"𓆏🐸" stays (Restricted: Egyp)', cp(0x1318f, 0x1f438), cp(0x1318f, 0x1f438)],
    [
      '"A💩︎︎b" → "a💩b" (emoji token, presentation stripped)',
      cp(0x41, 0xfe0e, 0x1f4a9, 0xfe0e, 0xfe0e, 0x62),
      cp(0x61, 0x1f4a9, 0x62),
    ],
    ['"a™️" → "atm" (mapped)', cp(0x61, 0x2122, 0xfe0f), 'atm'],
    ['"🈁" → "ココ" (mapped emoji)', cp(0x1f201), cp(0x30b3, 0x30b3)],
    ['"___" (leading underscores)', '___', '___'],
    ['"__abc"', '__abc', '__abc'],
    ['"ab-c"', 'ab-c', 'ab-c'],
    ['"---a"', '---a', '---a'],
    ['"a’s" (fenced inside)', cp(0x61, 0x2019, 0x73), cp(0x61, 0x2019, 0x73)],
  ])('%s', (_name, label, normalized) => {
    expect(normalizeName(`${label}.eth`)).toBe(`${normalized}.eth`);
  });

  it.each([
    ['"nı̇ck": disallowed character', cp(0x6e, 0x131, 0x307, 0x63, 0x6b)],
    ['"‼": disallowed character', cp(0x203c)],
    ['"abc__": underscore not at the start', 'abc__'],
    ['"_abc_": underscore not at the start', '_abc_'],
    ['"xn--": hyphens in 3rd and 4th place', 'xn--'],
    ['"----"', '----'],
    ['"’85": fenced first', cp(0x2019, 0x38, 0x35)],
    ['"6’0’’": fenced contiguous', cp(0x36, 0x2019, 0x30, 0x2019, 0x2019)],
    ['"x̀̀": a non-spacing mark twice', cp(0x78, 0x300, 0x300)],
    ['"0х": whole-script confusable (Cyrillic ha)', cp(0x30, 0x445)],
  ])('refuses %s with a 400 naming the reason', (_name, label) => {
    let error: unknown;
    try {
      normalizeName(`${label}.eth`);
    } catch (err) {
      error = err;
    }
    expect(error).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^querystring\.key is not a valid name: ./u),
    });
  });

  it('is idempotent', () => {
    for (const name of ['RaFFY.eTh', cp(0x41, 0xfe0e, 0x1f4a9, 0x62) + '.eth', 'Ａｂｃ.eth'])
      expect(normalizeName(normalizeName(name))).toBe(normalizeName(name));
  });
});
