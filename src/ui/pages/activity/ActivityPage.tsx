import { observer } from 'mobx-react-lite';
import { Download, RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { useActions, useStore } from '../../app-context';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/Card';
import { Select } from '../../components/Select';
import { VirtualList } from '../../components/VirtualList';
import { NotificationPrompt } from '../../features/notifications/NotificationPrompt';
import { activityHashOf } from '../../features/notifications/TransactionNotifier';
import { formatTokenAmount } from '../../format/amounts';
import { usePageTitle } from '../../hooks/use-page-title';
import {
  activityCsv,
  activityItems,
  DATE_FILTERS,
  filterActivity,
  STATUS_FILTERS,
  TYPE_FILTERS,
  type ActivityFilters,
} from '../../view-models/activity';
import { ActivityRow } from './ActivityRow';
import styles from './ActivityPage.module.css';

/** A clock for the cancel delay: ticks each second while something is pending. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** Activity (/wallet/history, views.md §3.12): filters, the virtualised list, CSV export. */
export const ActivityPage = observer(function ActivityPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('walletActivity.title'));
  const { ui } = useStore();
  const actions = useActions();
  // A notification's click opens its transaction: /wallet/history#tx-<id>.
  const { hash: openHash } = useLocation();
  const [filters, setFilters] = useState<ActivityFilters>({
    type: 'all',
    date: 'all',
    status: 'all',
  });
  const [refreshing, setRefreshing] = useState(false);
  const address = ui.PreferencesController.selectedAddress ?? '';
  const { ticker, blockExplorer } = ui.NetworkController.providerConfig;
  const items = activityItems(ui, address);
  const now = useNow(items.some((item) => item.status === 'pending'));
  const shown = useMemo(() => filterActivity(items, filters, now), [items, filters, now]);
  const signedIn = ui.BackendRecordsController.records[address] !== undefined;
  const loading = signedIn && ui.PastTransactionsController.fetchedPastTx[address] === false;

  const select = <K extends keyof ActivityFilters>(
    key: K,
    values: readonly ActivityFilters[K][],
    label: string,
  ) => (
    <Select
      label={label}
      value={filters[key]}
      testId={`filter-${key}`}
      onValueChange={(value) => {
        const next = values.find((candidate) => candidate === value);
        if (next) setFilters((current) => ({ ...current, [key]: next }));
      }}
      options={values.map((value) => ({
        value,
        label: t(`walletActivity.filter.${String(key)}.${String(value)}` as const),
      }))}
    />
  );

  const exportCsv = () => {
    const csv = activityCsv(
      shown,
      (item) => (item.value ? formatTokenAmount(item.value, 18, 18).replace(/,/gu, '') : ''),
      (item) =>
        item.gas && item.gasPrice
          ? formatTokenAmount(
              (BigInt(item.gas) * BigInt(item.gasPrice)).toString(),
              18,
              18,
            ).replace(/,/gu, '')
          : '',
    );
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'activity.csv';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className={styles.page} data-testid="activity-page">
      <PageHeader
        title={t('walletActivity.title')}
        actions={
          <>
            <Button
              size="sm"
              icon={<RefreshCw aria-hidden="true" />}
              loading={refreshing}
              onClick={() => {
                setRefreshing(true);
                void actions
                  .refreshPastTransactions()
                  .catch(() => undefined)
                  .finally(() => setRefreshing(false));
              }}
            >
              {t('walletActivity.refresh')}
            </Button>
            <Button
              size="sm"
              icon={<Download aria-hidden="true" />}
              disabled={shown.length === 0}
              onClick={exportCsv}
            >
              {t('walletActivity.exportCsv')}
            </Button>
          </>
        }
      />
      <NotificationPrompt />
      <div className={styles.filters} role="group" aria-label={t('walletActivity.filters')}>
        {select('type', TYPE_FILTERS, t('walletActivity.filterType'))}
        {select('date', DATE_FILTERS, t('walletActivity.filterDate'))}
        {select('status', STATUS_FILTERS, t('walletActivity.filterStatus'))}
      </div>
      {loading && items.length === 0 ? (
        <p role="status" className={styles.empty}>
          {t('walletActivity.loading')}
        </p>
      ) : shown.length === 0 ? (
        <p role="status" className={styles.empty}>
          {t('walletActivity.noTransaction')}
        </p>
      ) : (
        <VirtualList
          items={shown}
          getKey={(item) => item.key}
          estimateSize={72}
          height="min(70dvh, 720px)"
          label={t('walletActivity.transactionActivities')}
          testId="activity-list"
          renderItem={(item) => (
            <ActivityRow
              item={item}
              ticker={ticker}
              explorer={blockExplorer}
              now={now}
              locale={i18n.language}
              initiallyOpen={item.txId !== null && openHash === activityHashOf(item.txId)}
            />
          )}
        />
      )}
    </div>
  );
});

export default ActivityPage;
