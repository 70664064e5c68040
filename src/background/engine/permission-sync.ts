import type { BackendRecordsController } from '../../controllers/backend-records/BackendRecordsController';
import { BackendChangeError, BackendErrorCode } from '../../controllers/backend/errors';
import type { PermissionGrant } from '../../controllers/permissions/PermissionController';
import type { PermissionPeriod } from '../../controllers/permissions/permission-periods';
import type { PermissionInput } from '../../shared/api';
import type { RootMessenger } from './root-messenger';

/** The server's period ids (shared/api PERMISSION_PERIOD_SECONDS) for the engine's. */
const SERVER_PERIOD: Record<PermissionPeriod, NonNullable<PermissionInput['period']>> = {
  hour: '1h',
  week: '1w',
  month: '1m',
  year: '1y',
};

/** What the server records for a grant; null for an origin it would refuse (not http(s)). */
export function permissionRecord(grant: PermissionGrant): PermissionInput | null {
  let url: URL;
  try {
    url = new URL(grant.origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return {
    name: url.host.slice(0, 100),
    action: 'eth_accounts',
    origin: url.origin,
    period: SERVER_PERIOD[grant.period],
  };
}

/**
 * Every new grant (a dapp's connect approval or a site added in settings) is recorded on the
 * backend (POST /permissions) when the selected address is signed in (views.md G19). The grant
 * itself is the engine's and stands either way: signed out, nothing is sent; a failed request
 * leaves the grant in place and is reported through `onError` (the records list shows only what
 * the server stored, so the views can tell).
 */
export function syncGrantsToBackend(
  messenger: RootMessenger,
  records: Pick<BackendRecordsController, 'addPermission'>,
  onError: (error: unknown) => void = () => undefined,
): () => void {
  const handler = (grant: PermissionGrant) => {
    const record = permissionRecord(grant);
    if (!record) return;
    records.addPermission(record).catch((error: unknown) => {
      if (error instanceof BackendChangeError && error.data.code === BackendErrorCode.notSignedIn) {
        return;
      }
      onError(error);
    });
  };
  messenger.subscribe('PermissionController:granted', handler);
  return () => messenger.unsubscribe('PermissionController:granted', handler);
}
