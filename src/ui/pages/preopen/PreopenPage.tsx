import { observer } from 'mobx-react-lite';
import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { useStore } from '../../app-context';
import { usePageTitle } from '../../hooks/use-page-title';
import { readPreopenId } from '../../approvals/preopen-protocol';
import { confirmWindowPath } from '../../approvals/window-protocol';
import {
  listenForShow,
  reportShowing,
  startPreopenWindow,
  type PreopenShowRequest,
} from './preopen-window';
import styles from '../ComingSoonPage.module.css';

/**
 * /redirect?preopenInstanceId=… (450×700): the window a host page opened inside the user's click
 * before sending its request. It waits, saying so, until the embed iframe names the site whose
 * request it is; it then takes that site's first request queued since and moves to its /confirm
 * screen, which settles it in the engine and closes the window.
 */
export const PreopenPage = observer(function PreopenPage() {
  const { t } = useTranslation();
  usePageTitle(t('preopen.title'));
  const ui = useStore().ui;
  const navigate = useNavigate();
  const preopenInstanceId = readPreopenId(useLocation().search);
  const [wanted, setWanted] = useState<PreopenShowRequest | null>(null);

  useEffect(() => {
    if (!preopenInstanceId) return;
    startPreopenWindow(preopenInstanceId);
    return listenForShow(setWanted);
  }, [preopenInstanceId]);

  // The oldest request of that site queued since the iframe asked (the engine and this page
  // share the clock of one browser).
  const pending = ui.ApprovalController.pendingApprovals;
  const request = wanted
    ? Object.values(pending)
        .filter((item) => item.origin === wanted.origin && item.time >= wanted.since)
        .sort((a, b) => a.time - b.time || a.id.localeCompare(b.id))[0]
    : undefined;
  useEffect(() => {
    if (!request) return;
    reportShowing(request.id);
    void navigate(`/${confirmWindowPath(request.id, request.origin)}`, { replace: true });
  }, [request, navigate]);

  return (
    <section className={styles.coming} aria-labelledby="preopen-title">
      <ExternalLink aria-hidden="true" className={styles.icon} />
      <h1 id="preopen-title" className={styles.title}>
        {t('preopen.title')}
      </h1>
      <p className={styles.text} role="status">
        {preopenInstanceId ? t('preopen.waiting') : t('preopen.nothing')}
      </p>
    </section>
  );
});

export default PreopenPage;
