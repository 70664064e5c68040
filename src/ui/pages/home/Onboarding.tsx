import { Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { CarriedLink } from '../../routes/carried-links';
import styles from './Home.module.css';

// Dismissal is remembered per address in this browser (views.md G24: the spec has no field).
const storageKey = (address: string) => `orrery.onboardingDone.${address}`;

function wasDismissed(address: string): boolean {
  try {
    return localStorage.getItem(storageKey(address)) === '1';
  } catch {
    return false; // storage blocked: show it again, nothing is lost
  }
}

/**
 * For an account that holds nothing yet: what to do first. Receive (the address card below),
 * top up when offered, or learn that a transfer needs funds. Dismissible per address.
 */
export function Onboarding({ address, topup }: { address: string; topup: boolean }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => wasDismissed(address));
  if (dismissed) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(storageKey(address), '1');
    } catch {
      // storage blocked: hidden for this visit only
    }
    setDismissed(true);
  };
  return (
    <Card
      aria-labelledby="onboarding-heading"
      data-testid="onboarding"
      className={styles.onboarding}
    >
      <div className={styles.onboardingHead}>
        <Sparkles aria-hidden="true" className={styles.onboardingIcon} />
        <h2 id="onboarding-heading" className={styles.cardHeading}>
          {t('walletHome.obSetupTitle')}
        </h2>
        <Button variant="ghost" size="sm" icon={<X aria-hidden="true" />} onClick={dismiss}>
          {t('walletHome.obSkip')}
        </Button>
      </div>
      <p>{t('walletHome.obSetupText')}</p>
      <ol className={styles.steps}>
        <li>
          <a href="#receive" className={styles.inlineLink}>
            {t('walletHome.obStepReceive')}
          </a>
        </li>
        {topup && (
          <li>
            <CarriedLink to="/wallet/topup" className={styles.inlineLink}>
              {t('walletHome.obStepTopUp')}
            </CarriedLink>
          </li>
        )}
        <li>{t('walletHome.obStepTransfer')}</li>
      </ol>
    </Card>
  );
}
