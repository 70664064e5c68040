import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

import { useActions, useStore } from '../../app-context';
import { Select } from '../../components/Select';
import { useNotify } from '../../toasts/toast-context';
import { currencyOptions } from '../../view-models/settings';

/**
 * The display currency (views.md §1.7): the supported list with the network ticker first for
 * non-ETH networks; a choice goes to the engine (`setCurrency`) and a toast says whether it was
 * saved. Used in settings and on the home balance card.
 */
export const CurrencySelect = observer(function CurrencySelect({
  label,
  hideLabel = false,
  size = 'md',
  testId,
}: {
  label: string;
  hideLabel?: boolean;
  size?: 'md' | 'sm';
  testId: string;
}) {
  const { i18n } = useTranslation();
  const actions = useActions();
  const notify = useNotify();
  const { ui } = useStore();
  const currency = ui.CurrencyController.currentCurrency.toUpperCase();
  const names = new Intl.DisplayNames([i18n.language], { type: 'currency', fallback: 'none' });
  // DisplayNames takes ISO 4217 codes only (three letters); crypto tickers show as they are.
  const currencyName = (code: string) =>
    /^[A-Z]{3}$/u.test(code) ? (names.of(code) ?? undefined) : undefined;
  return (
    <Select
      label={label}
      hideLabel={hideLabel}
      size={size}
      testId={testId}
      value={currency}
      options={currencyOptions(ui.NetworkController.providerConfig.ticker).map((code) => ({
        value: code,
        label: code,
        hint: currencyName(code),
      }))}
      onValueChange={(value) => {
        if (value === currency) return;
        void notify.outcome(actions.setCurrency(value), {
          success: 'navBar.snackSuccessCurrency',
          failure: 'navBar.snackFailCurrency',
        });
      }}
    />
  );
});
