import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

import { useActions, useStore } from '../app-context';
import { Select, type SelectGroup } from '../components/Select';
import { useNotify } from '../toasts/toast-context';
import { networkChoices, parseNetworkSelection } from '../view-models/networks';
import styles from './NetworkSelector.module.css';

/**
 * The header's network switcher: built-in networks (those without an RPC endpoint disabled),
 * then the user's custom ones; the current one with its connection status. A failed switch
 * says so (navBar.snackFailNetworkChange).
 */
export const NetworkSelector = observer(function NetworkSelector() {
  const { t } = useTranslation();
  const { ui } = useStore();
  const actions = useActions();
  const notify = useNotify();
  const choices = networkChoices(ui);
  const status = ui.NetworkController.networkStatus;
  const option = (choice: (typeof choices.builtIn)[number]) => ({
    value: choice.value,
    label: choice.name,
    hint: choice.disabled ? t('network.noRpc') : String(choice.chainId),
    disabled: choice.disabled,
  });
  const groups: SelectGroup[] = [
    ...(choices.current ? [{ options: [option(choices.current)] }] : []),
    { label: t('network.builtIn'), options: choices.builtIn.map(option) },
    ...(choices.custom.length
      ? [{ label: t('network.custom'), options: choices.custom.map(option) }]
      : []),
  ];
  const selectedName = ui.NetworkController.providerConfig.networkName;
  return (
    <div className={styles.selector}>
      <Select
        label={t('network.label')}
        hideLabel
        size="sm"
        testId="network-select"
        value={choices.selected}
        groups={groups}
        display={
          <>
            <span className={styles.dot} data-status={status} aria-hidden="true" />
            <span className={styles.name}>{selectedName}</span>
            <span className="visually-hidden">{t(`network.status.${status}`)}</span>
          </>
        }
        onValueChange={(value) => {
          if (value === choices.selected) return;
          const selection = parseNetworkSelection(value);
          const change =
            selection.kind === 'builtIn'
              ? actions.setProviderType(selection.type)
              : selection.kind === 'custom'
                ? actions.setCustomNetwork(selection.id)
                : null;
          if (!change) return;
          change.catch((error: unknown) => {
            console.warn('Network change failed', error);
            notify.error('navBar.snackFailNetworkChange');
          });
        }}
      />
    </div>
  );
});
