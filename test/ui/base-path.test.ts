import { basenameFromBaseUri } from '../../src/ui/base-path';

describe('basenameFromBaseUri', () => {
  it.each([
    ['http://localhost:4050/', '/'],
    ['http://localhost:4050/v5.0.2/', '/v5.0.2/'],
    ['http://localhost:4050/v5.0.2/index.html', '/v5.0.2/'],
  ])('%s routes under %s', (base, basename) => {
    expect(basenameFromBaseUri(base)).toBe(basename);
  });
});
