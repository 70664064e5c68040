import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TriangleAlert, X } from 'lucide-react';

import { useStore } from '../app-context';
import styles from './WhiteLabelNotice.module.css';

/**
 * Says which white-label settings the engine refused (ux.md: configuration is never ignored
 * silently). The operator sees it at once; a user can dismiss it for this page.
 */
export const WhiteLabelNotice = observer(function WhiteLabelNotice() {
  const { t } = useTranslation();
  const refused = useStore().ui.WhiteLabelController.refused;
  const [dismissed, setDismissed] = useState(false);
  if (refused.length === 0 || dismissed) return null;
  return (
    <aside
      className={styles.notice}
      aria-labelledby="white-label-notice"
      data-testid="white-label-notice"
    >
      <TriangleAlert aria-hidden="true" className={styles.icon} />
      <div className={styles.text}>
        <p id="white-label-notice" className={styles.title}>
          {t('whiteLabel.refusedTitle', { count: refused.length })}
        </p>
        <ul className={styles.list}>
          {refused.map(({ field, reason }) => (
            <li key={`${field}:${reason}`}>
              <code>{field}</code>: {t(`whiteLabel.reason.${reason}`)}
            </li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label={t('app.dismiss')}
        onClick={() => setDismissed(true)}
      >
        <X aria-hidden="true" />
      </button>
    </aside>
  );
});
