import { observer } from 'mobx-react-lite';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { isLocale, LOCALES, type Locale } from '../../shared/preferences';
import { useActions, useStore } from '../app-context';
import { useNotify } from '../toasts/toast-context';
import { Select } from './Select';

/** Each language's own name for itself, so users can find theirs whatever is shown now. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  ja: '日本語',
  ko: '한국어',
  zh: '中文',
  es: 'Español',
};

/** Chooses the interface language through the engine; says when it is saved. */
export const LanguageSelect = observer(function LanguageSelect({
  compact = false,
}: {
  /** Header use: no visible label, a small control. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const actions = useActions();
  const notify = useNotify();
  const locale = useStore().ui.PreferencesController.locale;
  return (
    <Select
      label={t('walletSettings.language')}
      hideLabel={compact}
      size={compact ? 'sm' : 'md'}
      testId="language-select"
      value={locale}
      display={
        <>
          {compact && <Globe aria-hidden="true" width={16} height={16} />}
          {LANGUAGE_NAMES[locale]}
        </>
      }
      options={LOCALES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
      onValueChange={(value) => {
        if (!isLocale(value) || value === locale) return;
        void notify.outcome(actions.setLocale(value), {
          success: 'navBar.snackSuccessLocale',
          failure: 'navBar.snackFailLocale',
        });
      }}
    />
  );
});
