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
export const migrations: readonly Migration[] = [
  { version: 1, migrate: (states) => states },
  { version: 2, migrate: splitUserPreferences },
];

type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const RECORD_LISTS = ['contacts', 'permissions', 'customTokens', 'customNfts', 'customNetworks'];

/**
 * Version 2: UserPreferencesController split along its concerns. Its tokens go to
 * BackendSessionController, each address's settings to UserRecordController and its record
 * lists to BackendRecordsController.
 */
function splitUserPreferences(states: PersistedStates): PersistedStates {
  const { UserPreferencesController: old, ...rest } = states;
  if (!isObject(old)) return rest;
  const settings: JsonObject = {};
  const records: JsonObject = {};
  if (isObject(old.identities)) {
    for (const [address, identity] of Object.entries(old.identities)) {
      if (!isObject(identity)) continue;
      const lists: JsonObject = {};
      const values: JsonObject = {};
      for (const [key, value] of Object.entries(identity))
        (RECORD_LISTS.includes(key) ? lists : values)[key] = value;
      settings[address] = values;
      records[address] = lists;
    }
  }
  return {
    ...rest,
    BackendSessionController: { jwtTokens: isObject(old.jwtTokens) ? old.jwtTokens : {} },
    UserRecordController: { identities: settings },
    BackendRecordsController: { records },
  };
}

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
