// Versioned in-code migrations, applied in name order and recorded by kysely's Migrator.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { migration0001 } from './migrations/0001_initial';
import { migration0002 } from './migrations/0002_scale_out';
import { migration0003 } from './migrations/0003_login';
import { migration0004 } from './migrations/0004_email_outbox_delivery';
import type { Database } from './schema';

/** Every migration, keyed by a name that sorts in the order they must run. Append only. */
export const migrations: Record<string, Migration> = {
  '0001_initial': migration0001,
  '0002_scale_out': migration0002,
  '0003_login': migration0003,
  '0004_email_outbox_delivery': migration0004,
};

const apiMigrations: MigrationProvider = {
  getMigrations: async () => migrations,
};

/**
 * Applies pending migrations (the API's, or another database's own set); returns the names
 * applied in this run. Throws on failure.
 */
export async function migrateToLatest<DB = Database>(
  db: Kysely<DB>,
  provider: MigrationProvider = apiMigrations,
): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
