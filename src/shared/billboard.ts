// The featured billboard (spec part 1 §3 'billboard'; part 2 §7 GET /billboard, 'grouped by
// call-to-action link, then locale'): the server's answer checked item by item and reduced to
// the user's language. Content is data from the server: only https links and images pass.

/** One billboard item as the home screen shows it. */
export interface BillboardItem {
  id: number;
  /** https URL the call to action opens (in a new tab, without opener). */
  link: string;
  title: string;
  description: string | null;
  /** https image, or null for none. */
  imageUrl: string | null;
  /** The button text; null means the view's own wording. */
  callToAction: string | null;
}

/** More would not be looked at; the server's table is filled by hand. */
export const MAX_BILLBOARD_ITEMS = 10;
const FALLBACK_LOCALE = 'en';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function httpsUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

/**
 * The items for `locale` (else English), one per call-to-action link, in the server's order.
 * Links that are not https, items without a title and anything malformed are left out.
 */
export function billboardForLocale(reply: unknown, locale: string): BillboardItem[] {
  if (!isRecord(reply)) return [];
  const items: BillboardItem[] = [];
  for (const [rawLink, byLocale] of Object.entries(reply)) {
    const link = httpsUrl(rawLink);
    if (!link || !isRecord(byLocale)) continue;
    const item = byLocale[locale] ?? byLocale[FALLBACK_LOCALE];
    if (!isRecord(item) || typeof item.id !== 'number') continue;
    const title = text(item.title, 120);
    if (!title) continue;
    items.push({
      id: item.id,
      link,
      title,
      description: text(item.description, 400),
      imageUrl: httpsUrl(item.image_url),
      callToAction: text(item.call_to_action_text, 40),
    });
    if (items.length === MAX_BILLBOARD_ITEMS) break;
  }
  return items;
}
