import type { Json } from '@metamask/utils';

/** Persisted controller states keyed by controller name (without the `meta` entry). */
export type PersistedStates = Record<string, Json>;

export interface Migration {
  /** The version this migration produces. */
  version: number;
  migrate(states: PersistedStates): PersistedStates;
}

/**
 * The schema history. Version 1 is the first persisted shape: unversioned data (or none) is
 * taken as it is. Each later change to a persisted key adds one migration here.
 */
export const migrations: readonly Migration[] = [{ version: 1, migrate: (states) => states }];

export const CURRENT_STATE_VERSION = migrations.at(-1)?.version ?? 0;

/**
 * Brings stored states from `fromVersion` up to the newest version, one migration at a time.
 * Refuses data written by a newer wallet rather than guessing at its shape.
 */
export function runMigrations(
  states: PersistedStates,
  fromVersion: number,
  list: readonly Migration[] = migrations,
): { states: PersistedStates; version: number } {
  const newest = list.at(-1)?.version ?? 0;
  if (fromVersion > newest) {
    throw new Error(
      `Stored state is version ${fromVersion}, newer than this wallet understands (${newest}).`,
    );
  }
  let current = states;
  let version = fromVersion;
  for (const migration of list) {
    if (migration.version <= version) continue;
    if (migration.version !== version + 1) {
      throw new Error(
        `Migration to version ${migration.version} does not follow version ${version}.`,
      );
    }
    current = migration.migrate(structuredClone(current));
    version = migration.version;
  }
  return { states: current, version };
}
