import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions } from '../../app-context';
import { Button } from '../../components/Button';
import type { FoldedTokenRow } from '../../view-models/add-asset';
import styles from './FoldedTokens.module.css';

/**
 * The folded group under the token list: tokens the user hid and tokens the engine marked as
 * likely spam (spam.ts). Folded by default (a native disclosure: keyboard and screen readers
 * know it); each can be brought back with one action, which the engine remembers per chain.
 */
export const FoldedTokens = observer(function FoldedTokens({
  rows,
}: {
  rows: readonly FoldedTokenRow[];
}) {
  const { t } = useTranslation();
  const actions = useActions();
  const [failure, setFailure] = useState<string | null>(null);
  if (rows.length === 0) return null;
  const show = (row: FoldedTokenRow) => {
    setFailure(null);
    // The verdict "not spam" keeps it listed, even where the rules would fold it again.
    actions.setTokenSpam(row.address, false).catch(() => setFailure(t('homeAssets.showFailed')));
  };
  return (
    <details className={styles.group} data-testid="folded-tokens">
      <summary className={styles.summary}>
        {t('homeAssets.hiddenTokens', { n: rows.length })}
      </summary>
      <p className={styles.hint}>{t('homeAssets.hiddenTokensHint')}</p>
      <ul className={styles.list} aria-label={t('homeAssets.hiddenTokensList')}>
        {rows.map((row) => (
          <li key={row.key} className={styles.row} data-testid={`folded-${row.key}`}>
            <span className={styles.names}>
              <span className={styles.strong}>{row.symbol}</span>
              <span className={styles.muted}>{row.name}</span>
              <span className={styles.reason}>{t(`homeAssets.reasons.${row.reason}`)}</span>
            </span>
            <span className={styles.strong}>{row.displayBalance}</span>
            <Button size="sm" onClick={() => show(row)}>
              {t('homeAssets.showToken', { symbol: row.symbol })}
            </Button>
          </li>
        ))}
      </ul>
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
    </details>
  );
});
