import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

import type { Locale } from '../../shared/preferences';
import { useActions, useStore } from '../app-context';
import { LOCALES } from '../../shared/preferences';

/** Each language's own name for itself, so users can find theirs whatever is shown now. */
const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  ja: '日本語',
  ko: '한국어',
  zh: '中文',
  es: 'Español',
};

export const LanguageSelect = observer(function LanguageSelect() {
  const { t } = useTranslation();
  const actions = useActions();
  const locale = useStore().ui.PreferencesController.locale;
  return (
    <select
      className="control"
      data-testid="language-select"
      aria-label={t('walletSettings.language')}
      value={locale}
      onChange={(event) => {
        actions
          .setLocale(event.target.value as Locale)
          .catch((error: unknown) => console.error('Could not change the language', error));
      }}
    >
      {LOCALES.map((code) => (
        <option key={code} value={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </select>
  );
});
