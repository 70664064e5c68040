import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '../../components/Button';
import {
  notificationPermission,
  requestNotificationPermission,
  type NotificationPermissionState,
} from './notification-permission';
import styles from './NotificationPrompt.module.css';

/**
 * Offers desktop notifications from a click (browsers ignore a prompt that is not a user's
 * gesture); says so when they are blocked; shows nothing where the browser has none.
 */
export function NotificationPrompt() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<NotificationPermissionState>(notificationPermission);
  const [asking, setAsking] = useState(false);

  if (permission === 'unsupported' || permission === 'granted') return null;
  return (
    <div className={styles.prompt} data-testid="notification-prompt">
      <BellRing aria-hidden="true" className={styles.icon} />
      {permission === 'denied' ? (
        <p className={styles.text}>{t('transferExtras.notify.blocked')}</p>
      ) : (
        <>
          <p className={styles.text}>{t('transferExtras.notify.offer')}</p>
          <Button
            size="sm"
            loading={asking}
            onClick={() => {
              setAsking(true);
              void requestNotificationPermission()
                .then(setPermission, () => setPermission(notificationPermission()))
                .finally(() => setAsking(false));
            }}
          >
            {t('transferExtras.notify.turnOn')}
          </Button>
        </>
      )}
    </div>
  );
}
