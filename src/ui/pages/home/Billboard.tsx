import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { BillboardItem } from '../../../shared/billboard';
import { isLocale } from '../../../shared/preferences';
import { useActions } from '../../app-context';
import { Card } from '../../components/Card';
import styles from './Home.module.css';

/**
 * The featured billboard (views.md §3.10, G12): the backend's items in the user's language as a
 * list of cards, each with an https link that opens in a new tab without opener. Shown only
 * while the white-label allows it (the caller checks featuredBillboardHide); when the backend is
 * absent or fails there is nothing to feature and nothing is shown.
 */
export function Billboard() {
  const { t, i18n } = useTranslation();
  const actions = useActions();
  const [items, setItems] = useState<BillboardItem[]>([]);
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  useEffect(() => {
    let current = true;
    actions
      .readBillboard(locale)
      .then((read) => {
        if (current) setItems(read);
      })
      .catch(() => {
        if (current) setItems([]); // no backend or a failure: no billboard, the rest of home stands
      });
    return () => {
      current = false;
    };
  }, [actions, locale]);
  if (items.length === 0) return null;
  return (
    <Card aria-labelledby="billboard-heading" data-testid="billboard">
      <h2 id="billboard-heading" className={styles.cardHeading}>
        {t('homeMore.billboardTitle')}
      </h2>
      <ul className={styles.billboardList}>
        {items.map((item) => (
          <li key={item.id} className={styles.billboardItem}>
            {item.imageUrl && (
              <img className={styles.billboardImage} src={item.imageUrl} alt="" loading="lazy" />
            )}
            <h3 className={styles.stepHeading}>{item.title}</h3>
            {item.description && <p>{item.description}</p>}
            <a
              href={item.link}
              target="_blank"
              rel="noopener noreferrer"
              className={styles.inlineLink}
            >
              {item.callToAction ?? t('homeMore.billboardOpen')}
              <span className="visually-hidden"> ({t('homeMore.newTab')})</span>
              <ExternalLink aria-hidden="true" size={14} className={styles.externalIcon} />
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}
