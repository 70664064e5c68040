// Public content: GET /dapps, GET /billboard (grouped by call-to-action link, then locale),
// GET /announcements (grouped by locale). Rows are maintained in the database directly.
import type { App, AppContext } from '../context';

export function registerContentRoutes(app: App, ctx: AppContext): void {
  app.get('/dapps', async () => {
    const dapps = await ctx.db
      .selectFrom('dapps')
      .select(['id', 'name', 'url', 'description', 'logo', 'category', 'network'])
      .orderBy('position')
      .orderBy('id')
      .execute();
    return { dapps };
  });

  app.get('/billboard', async () => {
    const rows = await ctx.db
      .selectFrom('billboard')
      .select([
        'id',
        'call_to_action_link',
        'locale',
        'title',
        'description',
        'image_url',
        'call_to_action_text',
      ])
      .where('active', '=', true)
      .orderBy('id')
      .execute();
    const grouped: Record<
      string,
      Record<string, Omit<(typeof rows)[number], 'call_to_action_link'>>
    > = {};
    for (const { call_to_action_link, ...item } of rows) {
      (grouped[call_to_action_link] ??= {})[item.locale] = item;
    }
    return grouped;
  });

  app.get('/announcements', async () => {
    const rows = await ctx.db
      .selectFrom('announcements')
      .select(['id', 'locale', 'announcement', 'created_at'])
      .where('active', '=', true)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const grouped: Record<
      string,
      Array<{ id: number; locale: string; announcement: string; created_at: string }>
    > = {};
    for (const row of rows)
      (grouped[row.locale] ??= []).push({ ...row, created_at: row.created_at.toISOString() });
    return grouped;
  });
}
