import { observer } from 'mobx-react-lite';
import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { CarriedLink } from '../routes/carried-links';
import { usePageTitle } from '../hooks/use-page-title';
import styles from './ComingSoonPage.module.css';

/**
 * A route whose screen is not built yet: says so plainly, under the route's own title and guard
 * (never the login page, which is for unknown paths only).
 */
export const ComingSoonPage = observer(function ComingSoonPage({
  titleKey,
  embedded = false,
}: {
  /** Message key of the screen's title. */
  titleKey: string;
  /** Inside the embed iframe: no link into the wallet. */
  embedded?: boolean;
}) {
  const { t } = useTranslation();
  const title = t(titleKey);
  usePageTitle(title);
  return (
    <section className={styles.coming} data-testid="coming-soon" aria-labelledby="coming-title">
      <Hourglass aria-hidden="true" className={styles.icon} />
      <h1 id="coming-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.text}>{t('app.comingSoon')}</p>
      {!embedded && (
        <CarriedLink to="/wallet/home" className={styles.link}>
          {t('app.backHome')}
        </CarriedLink>
      )}
    </section>
  );
});

export default ComingSoonPage;
