import { useTranslation } from 'react-i18next';

import { Button } from '../../components/Button';
import { loginButtons, type LoginConfigItem } from '../../view-models/login-options';
import styles from './LoginPage.module.css';

/**
 * The login configuration this screen offers. None yet: the local vault is the way in. Social
 * and email login fill it (from config.json or the embedding host), and LoginOptions places them.
 */
export function useLoginOptions(): LoginConfigItem[] {
  return [];
}

const isMobile = () =>
  typeof matchMedia === 'function' && matchMedia('(max-width: 47.99rem)').matches;

/** The social and email sign-in buttons, main options first; nothing when there are none. */
export function LoginOptions({
  items,
  onChoose,
}: {
  items: readonly LoginConfigItem[];
  onChoose?(item: LoginConfigItem): void;
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
          onClick={() => onChoose?.(item)}
        >
          {t('login.continueWith', { name: item.name })}
        </Button>
      ))}
    </section>
  );
}
