// Session restore on load (spec part 1 §2, §4): a page that finds the wallet locked asks the
// engine once to restore its namespace's login session (no popup); the app shows the full-page
// loader meanwhile. Rehydration completes in all cases: a failure is logged, the login screen
// shows, and a session whose account is gone ('No Accounts available') has logged out.
import { useEffect, useState } from 'react';

import type { RemoteActionApi } from '../../../background/contract/action-api';

export type RestoreStatus = 'waiting' | 'restoring' | 'done';

export function useSessionRestore(
  actions: Pick<RemoteActionApi, 'restoreSession'>,
  { ready, locked, namespace }: { ready: boolean; locked: boolean; namespace: string },
): { restoring: boolean; failure: unknown } {
  const [status, setStatus] = useState<RestoreStatus>('waiting');
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (!ready || status !== 'waiting') return;
    // Only a locked wallet has something to restore; an open or new one shows as it is.
    if (!locked) {
      setStatus('done');
      return;
    }
    setStatus('restoring');
    actions
      .restoreSession(namespace)
      .catch((error: unknown) => {
        console.warn('Session restore failed:', error);
        setFailure(error);
      })
      .finally(() => setStatus('done'));
  }, [actions, ready, locked, namespace, status]);
  return { restoring: status !== 'done', failure };
}
