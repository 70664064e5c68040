import { billboardForLocale, MAX_BILLBOARD_ITEMS } from '../../src/shared/billboard';

const item = (id: number, locale: string, extra: Record<string, unknown> = {}) => ({
  id,
  locale,
  title: `Title ${id} ${locale}`,
  description: 'About it',
  image_url: 'https://cdn.example/a.png',
  call_to_action_text: 'Try it',
  ...extra,
});

describe('billboardForLocale (GET /billboard as home shows it)', () => {
  it('picks the user language, else English, one item per link in the server order', () => {
    const reply = {
      'https://one.example/': { en: item(1, 'en'), de: item(2, 'de') },
      'https://two.example/x': { en: item(3, 'en') },
      'https://three.example/': { ja: item(4, 'ja') },
    };
    expect(billboardForLocale(reply, 'de')).toEqual([
      {
        id: 2,
        link: 'https://one.example/',
        title: 'Title 2 de',
        description: 'About it',
        imageUrl: 'https://cdn.example/a.png',
        callToAction: 'Try it',
      },
      expect.objectContaining({ id: 3, link: 'https://two.example/x' }),
    ]);
    expect(billboardForLocale(reply, 'ja').map((i) => i.id)).toEqual([1, 3, 4]);
  });

  it('refuses links that are not https, drops unsafe images and malformed items', () => {
    const reply = {
      'javascript:alert(1)': { en: item(1, 'en') },
      'http://plain.example/': { en: item(2, 'en') },
      'not a url': { en: item(3, 'en') },
      'https://ok.example/': {
        en: item(4, 'en', { image_url: 'data:image/svg+xml,<svg/>', call_to_action_text: '  ' }),
      },
      'https://untitled.example/': { en: item(5, 'en', { title: '' }) },
      'https://badid.example/': { en: item(6, 'en', { id: '6' }) },
      'https://list.example/': [item(7, 'en')],
    };
    expect(billboardForLocale(reply, 'en')).toEqual([
      {
        id: 4,
        link: 'https://ok.example/',
        title: 'Title 4 en',
        description: 'About it',
        imageUrl: null,
        callToAction: null,
      },
    ]);
    expect(billboardForLocale(null, 'en')).toEqual([]);
    expect(billboardForLocale([], 'en')).toEqual([]);
  });

  it('keeps at most ten items and bounds the texts', () => {
    const reply = Object.fromEntries(
      Array.from({ length: 15 }, (_, i) => [
        `https://n${i}.example/`,
        { en: item(i, 'en', { title: 'x'.repeat(500) }) },
      ]),
    );
    const items = billboardForLocale(reply, 'en');
    expect(items).toHaveLength(MAX_BILLBOARD_ITEMS);
    expect(items[0]!.title).toHaveLength(120);
  });
});
