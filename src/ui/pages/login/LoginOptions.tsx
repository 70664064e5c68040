import { useTranslation } from 'react-i18next';

import type { UiState } from '../../../background/contract/ui-state';
import type { Verifier } from '../../../shared/api/login';
import { useStore } from '../../app-context';
import { Button } from '../../components/Button';
import { loginButtons, type LoginConfigItem } from '../../view-models/login-options';
import styles from './LoginPage.module.css';

/** The providers' own names (brand names: not translated). */
export const VERIFIER_NAMES: Record<Verifier, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'Twitter',
  discord: 'Discord',
  line: 'LINE',
  reddit: 'Reddit',
  apple: 'Apple',
  github: 'GitHub',
  twitch: 'Twitch',
  linkedin: 'LinkedIn',
  wechat: 'WeChat',
  kakao: 'Kakao',
  email_passwordless: 'Email',
};

type LoginVerifierOption = UiState['LoginController']['verifiers'][number];

/** The login config item of a verifier the deployment offers (spec part 1 §3 defaults). */
export function loginItemOf(option: LoginVerifierOption): LoginConfigItem {
  return {
    verifier: option.verifier,
    typeOfLogin: option.typeOfLogin,
    name: VERIFIER_NAMES[option.verifier],
    mainOption: option.verifier === 'google',
    priority: option.verifier === 'google' ? 1 : undefined,
    // 'WeChat (not offered on mobile)' (spec part 1 §1).
    showOnMobile: option.verifier !== 'wechat',
  };
}

/** The sign-in ways this deployment's identity service offers (the background read them). */
export function useLoginVerifiers(): readonly LoginVerifierOption[] {
  return useStore().ui.LoginController.verifiers;
}

/** The social login buttons (email has its own form). */
export function useLoginOptions(): LoginConfigItem[] {
  const options = useLoginVerifiers();
  return options.filter((option) => option.flavour !== 'email').map(loginItemOf);
}

const isMobile = () =>
  typeof matchMedia === 'function' && matchMedia('(max-width: 47.99rem)').matches;

/** The social and email sign-in buttons, main options first; nothing when there are none. */
export function LoginOptions({
  items,
  onChoose,
  disabled = false,
}: {
  items: readonly LoginConfigItem[];
  onChoose?(item: LoginConfigItem): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { main, others } = loginButtons(items, isMobile());
  if (main.length + others.length === 0) return null;
  return (
    <section className={styles.options} aria-labelledby="login-options" data-testid="login-options">
      <h2 id="login-options" className={styles.optionsTitle}>
        {t('login.otherWays')}
      </h2>
      {[...main, ...others].map((item) => (
        <Button
          key={item.verifier}
          variant={item.mainOption ? 'primary' : 'secondary'}
          fullWidth
          disabled={disabled}
          onClick={() => onChoose?.(item)}
        >
          {t('login.continueWith', { name: item.name })}
        </Button>
      ))}
    </section>
  );
}
