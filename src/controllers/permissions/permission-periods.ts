/** How long a dapp connection lasts, as the user chooses it (spec part 1 §6, part 2 §9). */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Period ids and their lengths. A month is 30 days and a year 365 days. */
export const PERMISSION_PERIODS = {
  hour: HOUR_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
  year: 365 * DAY_MS,
} as const;

export type PermissionPeriod = keyof typeof PERMISSION_PERIODS;

/** In the order a picker shows them. */
export const PERMISSION_PERIOD_IDS = Object.keys(PERMISSION_PERIODS) as PermissionPeriod[];

export function isPermissionPeriod(value: unknown): value is PermissionPeriod {
  return typeof value === 'string' && Object.hasOwn(PERMISSION_PERIODS, value);
}
